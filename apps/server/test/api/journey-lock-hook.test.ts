import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyDefinition } from '@meridian/contracts';
import { syncContent } from '../../src/areas/content/sync';
import { pluginOf, registerJourneyPlugin, type LockContext } from '../../src/areas/journeys/plugins';
import { memberJourneys, visitorJourneys } from '../../src/db/schema';
import { hashOfVisitorToken } from '../../src/lib/visitor-tokens';
import { badRequest } from '../../src/lib/errors';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/**
 * The `lock` hook: the generic start calls the journey's plugin inside its transaction to lock what
 * the journey needs, as DC's options will. This file's plugin stands in for the DB quote's (same
 * `startsFrom`), so the engine is seen calling whatever plugin is registered.
 */
const ctx = useTestApp();
const TYPE = 'lockfixture';
const VISITOR = 'lockvisitor';
const base = `/mdp-api/api/journeys/${TYPE}`;
const EXPIRES = new Date('2099-01-31T23:59:59Z');
let root: string;

const behaviour = { relocks: false, refuse: false, lumpSumPence: 5_000_000 };
const calls: Array<{ input: unknown; journeysSeen: number }> = [];

// The registry is the module's: the DB quote's own plugin goes back when this file ends, for the files
// that share this worker's modules after it (vitest.config.ts: isolate false).
const dbQuotePlugin = pluginOf({ startsFrom: 'retirement-quote' } as JourneyDefinition)!;
afterAll(() => registerJourneyPlugin(dbQuotePlugin));

registerJourneyPlugin({
  startsFrom: 'retirement-quote',
  // What this plugin locks is no member's, so a visitor's journey may start from it too.
  needsMember: false,
  get relocks() {
    return behaviour.relocks;
  },
  async lock({ tx, request, input }: LockContext) {
    // Read through the start's transaction: the lock sees the journey rows the start sees.
    const rows = await tx
      .select({ id: memberJourneys.id })
      .from(memberJourneys)
      .where(
        and(
          eq(memberJourneys.referenceNumber, request.member?.referenceNumber ?? 'a visitor'),
          eq(memberJourneys.type, TYPE),
        ),
      );
    calls.push({ input, journeysSeen: rows.length });
    if (behaviour.refuse) throw badRequest('figures_unavailable', 'We cannot lock your figures today.');
    return {
      locked: { lumpSumPence: behaviour.lumpSumPence, annualPensionPence: 100_000 },
      expiresAt: EXPIRES,
    };
  },
  lockedSection: () => ({ heading: 'Locked', lines: [] }),
  figures: {
    names: ['lumpSumPence', 'annualPensionPence'],
    of: (locked) => locked as Record<string, number>,
  },
});

const page = (key: string, journey: object) => ({
  slug: `/lock-fixture/${key.replaceAll('_', '-')}`,
  key,
  title: key,
  journey: { type: TYPE, stage: 'one', ...journey },
  blocks: [{ type: 'richText', html: `<p>${key}</p>` }],
});

const partQuestion = { kind: 'money', key: 'part', label: 'How much of it?', maxFigure: 'lumpSumPence' };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-lock-'));
  await cp(contentRoot, root, { recursive: true });
  const tenant = path.join(root, 'tenants/meridian');
  const journeys = JSON.parse(await readFile(path.join(tenant, 'journeys.json'), 'utf8'));
  journeys.push({
    type: TYPE,
    title: 'Lock fixture',
    firstPage: 'lk_first',
    summaryPage: 'lk_check',
    confirmationPage: 'lk_sent',
    stages: [{ key: 'one', label: 'One' }],
    startsFrom: 'retirement-quote',
    caseType: 'LCK1',
    confirmationEmail: { subject: 'Locked {caseNumber}', body: 'Dear {name}' },
  });
  const folder = path.join(tenant, 'pages/lock-fixture');
  await mkdir(folder);
  for (const file of [
    page('lk_first', {
      question: {
        kind: 'radios',
        key: 'ready',
        label: 'Ready?',
        answers: [
          { key: 'yes', label: 'Yes' },
          { key: 'no', label: 'No' },
        ],
      },
      routes: [{ when: { figure: 'lumpSumPence', gte: 3_000_000 }, next: 'lk_large' }],
      next: 'lk_check',
    }),
    // A part of the locked lump sum: its most is the figure the lock holds now.
    page('lk_large', { question: partQuestion, next: 'lk_check' }),
    page('lk_check', {}),
    page('lk_sent', {}),
  ])
    await writeFile(path.join(folder, `${file.key}.json`), JSON.stringify(file));
  journeys.push({
    type: VISITOR,
    title: 'Visitor lock fixture',
    audience: 'visitor',
    firstPage: 'lv_first',
    summaryPage: 'lv_check',
    confirmationPage: 'lv_sent',
    stages: [{ key: 'one', label: 'One' }],
    startsFrom: 'retirement-quote',
    caseType: 'LCK2',
    confirmationEmail: { subject: 'Locked {caseNumber}', body: 'Dear {name}' },
  });
  await writeFile(path.join(tenant, 'journeys.json'), JSON.stringify(journeys));
  for (const file of [
    page('lv_first', {
      type: VISITOR,
      next: 'lv_check',
      routes: [{ when: { figure: 'lumpSumPence', gte: 3_000_000 }, next: 'lv_large' }],
    }),
    page('lv_large', { type: VISITOR, question: partQuestion, next: 'lv_check' }),
    page('lv_check', { type: VISITOR }),
    page('lv_sent', { type: VISITOR }),
  ])
    await writeFile(path.join(folder, `${file.key}.json`), JSON.stringify({ ...file, isPublic: true }));
  await syncContent(ctx.database.db, root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;
async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}
const start = (agent: BrowserAgent) =>
  agent.request({ method: 'POST', url: `${base}/start`, payload: { currentPageKey: 'lk_first' } });
const rowsOf = async (referenceNumber: string) =>
  (
    await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(eq(memberJourneys.referenceNumber, referenceNumber))
  ).filter((row) => row.type === TYPE);

/** Starts again while the journey is open, the plugin re-locking it on `lumpSumPence`. */
async function relock(lumpSumPence: number, started: () => Promise<{ statusCode: number; body: string }>) {
  behaviour.relocks = true;
  behaviour.lumpSumPence = lumpSumPence;
  try {
    const response = await started();
    expect(response.statusCode, response.body).toBeLessThan(300);
  } finally {
    behaviour.relocks = false;
    behaviour.lumpSumPence = 5_000_000;
  }
}

describe('the lock hook', () => {
  it('is called by the generic start in its transaction, with the start’s body; what it locks is kept and read by conditions', async () => {
    calls.length = 0;
    const agent = await signedIn('db.active');
    expect((await start(agent)).statusCode).toBe(204);
    expect(calls).toEqual([{ input: { currentPageKey: 'lk_first' }, journeysSeen: 0 }]);
    const [row] = await rowsOf('1000002');
    expect(row).toMatchObject({
      status: 'Started',
      choice: { lumpSumPence: 5_000_000, annualPensionPence: 100_000 },
      expiresAt: EXPIRES,
    });
    const answered = await agent.request({
      method: 'POST',
      url: `${base}/submit-question-step`,
      payload: { currentPageKey: 'lk_first', questionKey: 'ready', answerKey: 'yes' },
    });
    expect(answered.json()).toEqual({ nextPageKey: 'lk_large' });

    // A journey whose plugin does not re-lock refuses a second start without asking it again.
    const second = await start(agent);
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('journey_in_progress');
    expect(calls).toHaveLength(1);
  });

  it('re-locks an open journey when the plugin says so, keeping its answers', async () => {
    const agent = await signedIn('db.avc');
    expect((await start(agent)).statusCode).toBe(204);
    await agent.request({
      method: 'POST',
      url: `${base}/submit-question-step`,
      payload: { currentPageKey: 'lk_first', questionKey: 'ready', answerKey: 'yes' },
    });
    behaviour.relocks = true;
    behaviour.lumpSumPence = 1_000;
    try {
      expect((await start(agent)).statusCode).toBe(204);
    } finally {
      behaviour.relocks = false;
      behaviour.lumpSumPence = 5_000_000;
    }
    const state = (await agent.request({ url: `${base}/data` })).json();
    expect(state.steps).toEqual([expect.objectContaining({ pageKey: 'lk_first', nextPageKey: 'lk_check' })]);
    expect(state.currentPageKey).toBe('lk_check');
  });

  it('re-locking reads the kept answers again with the new figures: an amount now over its most stops the route at its page, kept to change', async () => {
    const agent = await signedIn('db.deferred');
    expect((await start(agent)).statusCode).toBe(204);
    const step = (currentPageKey: string, questionKey: string, answerKey: string) =>
      agent.request({
        method: 'POST',
        url: `${base}/submit-question-step`,
        payload: { currentPageKey, questionKey, answerKey },
      });
    const state = async () => (await agent.request({ url: `${base}/data` })).json();
    expect((await step('lk_first', 'ready', 'yes')).json()).toEqual({ nextPageKey: 'lk_large' });
    // £40,000 of the £50,000 locked.
    expect((await step('lk_large', 'part', '40000')).json()).toEqual({ nextPageKey: 'lk_check' });

    // A new lock of £45,000: every kept answer still fits, nothing changes.
    const before = (await state()).steps;
    await relock(4_500_000, () => start(agent));
    expect((await state()).steps).toEqual(before);
    expect((await state()).currentPageKey).toBe('lk_check');

    // A new lock of £35,000: the £40,000 kept is over it, so the route stops at its page.
    await relock(3_500_000, () => start(agent));
    const reopened = await state();
    expect(reopened.currentPageKey).toBe('lk_large');
    expect(reopened.steps).toEqual([
      expect.objectContaining({ pageKey: 'lk_first', nextPageKey: 'lk_large' }),
      expect.objectContaining({
        pageKey: 'lk_large',
        nextPageKey: null,
        answer: { questionKey: 'part', answerKey: '4000000', answerValue: null },
      }),
    ]);
    // Check your answers sends the member back there, the amount kept to change.
    expect((await agent.request({ url: `${base}/integrity/lk_check` })).json()).toEqual({
      redirectStepPageKey: 'lk_large',
    });
    expect((await agent.request({ url: `${base}/question-form/lk_large` })).json()).toEqual({
      questionKey: 'part',
      answerKey: '4000000',
      answerValue: null,
    });
    // The page refuses it in its own words; an amount within the new lock rejoins the route.
    const over = await step('lk_large', 'part', '40000');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toEqual({
      code: 'money_above_maximum',
      message: 'Enter an amount of £35,000.00 or less',
    });
    expect((await step('lk_large', 'part', '35000')).json()).toEqual({ nextPageKey: 'lk_check' });
    expect((await state()).currentPageKey).toBe('lk_check');
  });

  it('refuses the start when the lock refuses, and nothing is saved', async () => {
    const agent = await signedIn('db.retiring');
    behaviour.refuse = true;
    try {
      const refused = await start(agent);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toEqual({
        code: 'figures_unavailable',
        message: 'We cannot lock your figures today.',
      });
    } finally {
      behaviour.refuse = false;
    }
    expect(codeOf(await agent.request({ url: `${base}/data` }))).toBe('journey_not_found');
    expect((await start(agent)).statusCode).toBe(204);
  });

  it('locks a visitor’s journey too, when the plugin needs no member: kept with it and read by its conditions', async () => {
    calls.length = 0;
    const visitor = new BrowserAgent(ctx.app);
    const base = `/api/visitor/journeys/${VISITOR}`;
    const started = await visitor.request({ method: 'POST', url: `${base}/start` });
    expect(started.statusCode, started.body).toBe(200);
    expect(calls).toEqual([{ input: undefined, journeysSeen: 0 }]);
    const [row] = await ctx.database.db
      .select()
      .from(visitorJourneys)
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(visitor.cookies.get('visitorJourney')!)));
    expect(row?.choice).toEqual({ lumpSumPence: 5_000_000, annualPensionPence: 100_000 });
    const left = await visitor.request({
      method: 'POST',
      url: `${base}/submit-step`,
      payload: { currentPageKey: 'lv_first' },
    });
    expect(left.json()).toEqual({ nextPageKey: 'lv_large' });
    expect(codeOf(await visitor.request({ method: 'POST', url: `${base}/start` }))).toBe(
      'journey_in_progress',
    );
    expect(calls).toHaveLength(1);

    // Re-locked on a lower figure, the visitor's kept amount over it is reopened as a member's is.
    expect(
      (
        await visitor.request({
          method: 'POST',
          url: `${base}/submit-question-step`,
          payload: { currentPageKey: 'lv_large', questionKey: 'part', answerKey: '40000' },
        })
      ).json(),
    ).toEqual({ nextPageKey: 'lv_check' });
    const state = async () => (await visitor.request({ url: `${base}/data` })).json();
    await relock(4_500_000, () => visitor.request({ method: 'POST', url: `${base}/start` }));
    expect((await state()).currentPageKey).toBe('lv_check');
    await relock(3_500_000, () => visitor.request({ method: 'POST', url: `${base}/start` }));
    expect((await state()).currentPageKey).toBe('lv_large');
    expect((await visitor.request({ url: `${base}/integrity/lv_check` })).json()).toEqual({
      redirectStepPageKey: 'lv_large',
    });
  });
});
