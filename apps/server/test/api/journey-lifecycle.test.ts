import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../../src/areas/content/sync';
import { memberJourneys } from '../../src/db/schema';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
let root: string;
const TYPE = 'askaquestion';
const base = `/mdp-api/api/journeys/${TYPE}`;
const RETIREMENT = '/mdp-api/api/journeys/dbcoreretirementapplication';

const step = (key: string, slug: string, journey: object) => ({
  slug: `/ask/${slug}`,
  key,
  title: key,
  isPublic: false,
  blocks: [{ type: 'richText', html: '<p>A step.</p>' }],
  journey: { type: TYPE, stage: 'ask', ...journey },
});

/** A content-only member journey of four pages, started at its first page (`start`). */
async function addAskJourney() {
  const tenant = path.join(root, 'tenants/meridian');
  const definitions = JSON.parse(await readFile(path.join(tenant, 'journeys.json'), 'utf8'));
  definitions.push({
    type: TYPE,
    title: 'Ask us a question',
    firstPage: 'aq_intro',
    summaryPage: 'aq_check',
    confirmationPage: 'aq_sent',
    stages: [{ key: 'ask', label: 'Ask' }],
    caseType: 'ASK1',
    copy: { submitButton: 'Send my question', noun: 'question' },
    confirmationEmail: { subject: 'We have your question {caseNumber}', body: 'Dear {name}, thank you.' },
  });
  await writeFile(path.join(tenant, 'journeys.json'), JSON.stringify(definitions));
  const folder = path.join(tenant, 'pages/ask-a-question');
  await mkdir(folder, { recursive: true });
  const pages = [
    step('aq_intro', 'intro', { next: 'aq_topic' }),
    step('aq_topic', 'topic', {
      question: {
        kind: 'radios',
        key: 'topic',
        label: 'What is it about?',
        answers: [
          { key: 'pension', label: 'My pension' },
          { key: 'other', label: 'Something else' },
        ],
      },
      next: 'aq_check',
    }),
    step('aq_check', 'check', {}),
    step('aq_sent', 'sent', {}),
  ];
  for (const page of pages) await writeFile(path.join(folder, `${page.key}.json`), JSON.stringify(page));
  await syncContent(ctx.database.db, root);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-content-'));
  await cp(contentRoot, root, { recursive: true });
  await addAskJourney();
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;
const start = (agent: BrowserAgent, currentPageKey = 'aq_intro') =>
  agent.request({ method: 'POST', url: `${base}/start`, payload: { currentPageKey } });
const rowsOf = (referenceNumber: string, type = TYPE) =>
  ctx.database.db
    .select()
    .from(memberJourneys)
    .where(eq(memberJourneys.referenceNumber, referenceNumber))
    .then((rows) => rows.filter((row) => row.type === type))
    .then((rows) => rows.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()));

async function walkAndSubmit(agent: BrowserAgent) {
  const left = await agent.request({
    method: 'POST',
    url: `${base}/submit-step`,
    payload: { currentPageKey: 'aq_intro' },
  });
  expect(left.json()).toEqual({ nextPageKey: 'aq_topic' });
  const answered = await agent.request({
    method: 'POST',
    url: `${base}/submit-question-step`,
    payload: { currentPageKey: 'aq_topic', questionKey: 'topic', answerKey: 'other' },
  });
  expect(answered.json()).toEqual({ nextPageKey: 'aq_check' });
  const sent = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().caseNumber as string;
}

describe('a member’s journeys of a type over time', () => {
  it('starts once while one is open, starts a new one after submitting, and keeps a cancelled one as history', async () => {
    const agent = await signedIn('db.active');
    expect(codeOf(await start(agent, 'aq_topic'))).toBe('not_first_page');
    expect(codeOf(await agent.request({ url: `${base}/data` }))).toBe('journey_not_found');

    // Two starts racing and a third while it is open: one journey; the others are refused, changing nothing.
    const starts = await Promise.all([start(agent), start(agent)]);
    expect(starts.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expect(codeOf(await start(agent))).toBe('journey_in_progress');
    const [reference] = (await rowsOf('1000002')).map((row) => row.referenceNumber);
    expect(reference).toBe('1000002');
    expect(await rowsOf('1000002')).toHaveLength(1);

    const first = await walkAndSubmit(agent);
    expect((await agent.request({ url: `${base}/data` })).json()).toMatchObject({
      status: 'Submitted',
      caseNumber: first,
      currentPageKey: 'aq_sent',
    });

    // Starting again opens a new journey at the first page; the submitted one is history.
    expect((await start(agent)).statusCode).toBe(204);
    expect((await agent.request({ url: `${base}/data` })).json()).toMatchObject({
      status: 'Started',
      caseNumber: null,
      currentPageKey: 'aq_intro',
      steps: [],
    });
    expect((await rowsOf('1000002')).map((row) => row.status)).toEqual(['Submitted', 'Started']);
    const listed = (await agent.request({ url: '/mdp-api/api/journeys' })).json().journeys;
    expect(listed).toEqual([expect.objectContaining({ type: TYPE, status: 'Started' })]);
    // The PDF is the latest submitted one's, while the new one is under way.
    const pdf = await agent.request({ url: `${base}/pdf/download` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${first}.pdf`);

    // Cancelling keeps it, closed; calls on it are then refused as if there were none.
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
    expect(codeOf(await agent.request({ url: `${base}/data` }))).toBe('journey_not_found');
    expect(codeOf(await agent.request({ method: 'DELETE', url: `${base}/delete` }))).toBe(
      'journey_not_found',
    );
    expect((await agent.request({ url: '/mdp-api/api/journeys' })).json()).toEqual({ journeys: [] });
    const history = await rowsOf('1000002');
    expect(history.map((row) => row.status)).toEqual(['Submitted', 'Cancelled']);
    expect(history[1]!.closedAt).toBeInstanceOf(Date);
    expect((await agent.request({ url: `${base}/pdf/download` })).statusCode).toBe(200);

    // And a third one starts and is sent as a case of its own.
    expect((await start(agent)).statusCode).toBe(204);
    const second = await walkAndSubmit(agent);
    expect(second).not.toBe(first);
    expect((await rowsOf('1000002')).map((row) => row.status)).toEqual([
      'Submitted',
      'Cancelled',
      'Submitted',
    ]);
    // My requests lists the cancelled one as history beside the two sent; another member sees none of it.
    const cancelled = (await agent.request({ url: '/mdp-api/api/journeys/cancelled' })).json().journeys;
    expect(cancelled).toEqual([
      {
        type: TYPE,
        title: 'Ask us a question',
        startDate: history[1]!.startedAt.toISOString(),
        cancelledDate: history[1]!.closedAt!.toISOString(),
      },
    ]);
    const other = await signedIn('db.deferred');
    expect(
      (await other.request({ url: '/mdp-api/api/journeys/cancelled' })).json().journeys,
    ).not.toContainEqual(expect.objectContaining({ type: TYPE }));
    expect(
      (await new BrowserAgent(ctx.app).request({ url: '/mdp-api/api/journeys/cancelled' })).statusCode,
    ).toBe(401);
    // (beside the transfer statement the demo gave db.active)
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    const asked = cases.filter((found: { caseType: string }) => found.caseType !== 'TVS');
    expect(asked.map((found: { caseNumber: string }) => found.caseNumber).sort()).toEqual(
      [first, second].sort(),
    );
  });

  it('re-applies for the DB retirement after a cancel: a new application, the status read from the latest', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const retirementDate = window.availableRetirementDateRange.from;
    const choose = () =>
      agent.request({
        method: 'POST',
        url: `${RETIREMENT}/start-db-core-journey`,
        payload: { retirementDate, selectedQuoteName: 'full-pension' },
      });
    expect((await choose()).statusCode).toBe(204);
    await agent.request({
      method: 'POST',
      url: `${RETIREMENT}/submit-question-step`,
      payload: { currentPageKey: 'ra_guidance', questionKey: 'guidance_taken', answerKey: 'yes' },
    });
    expect(
      (await agent.request({ method: 'DELETE', url: '/mdp-api/api/retirement-journey' })).statusCode,
    ).toBe(204);
    expect((await choose()).statusCode).toBe(204);
    expect((await agent.request({ url: `${RETIREMENT}/data` })).json()).toMatchObject({
      status: 'Started',
      currentPageKey: 'ra_guidance',
      steps: [],
    });
    const rows = await ctx.database.db
      .select({ status: memberJourneys.status })
      .from(memberJourneys)
      .where(eq(memberJourneys.referenceNumber, '1000001'))
      .orderBy(asc(memberJourneys.startedAt));
    expect(rows.map((row) => row.status)).toEqual(['Cancelled', 'Started']);
    const { attributes } = (
      await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
    ).json();
    expect(attributes.retirementApplicationStatus).toBe('StartedRA');
  });
});
