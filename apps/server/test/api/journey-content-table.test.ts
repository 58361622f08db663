import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateVisibility,
  visibilityKeyOf,
  type JourneyDefinition,
  type JourneyQuestion,
  type VisibilityKey,
} from '@meridian/contracts';
import { pluginOf, registerJourneyPlugin, type JourneyPlugin } from '../../src/areas/journeys/plugins';
import { members } from '../../src/db/schema';
import { demoPersonas } from '../../src/seed/demo-personas';
import {
  coveringTrails,
  declaredEdges,
  journeys,
  examplesOf,
  targetsOf,
  walkEveryFigure,
  type ContentJourney,
  type Trail,
  type TrailStep,
} from '../journey-table';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { answerStep, sendPhotoId } from './journey-submission';
import { nextAddress, sentEmailCode, startedReport } from './visitor-submissions';

/**
 * The table the pure engine test walks (../journey-table.ts), driven through the real routes on a
 * database: for each content journey, trails chosen so that every route, per-answer `next` and
 * terminal page, and every refusal by a cross-field check, is reached by giving the same answers to
 * the API; and on each question page the first trail passes, the answer its kind refuses. One app,
 * one member per member journey, signed in once; a visitor's journey (a callback request, a report of
 * a death) is walked by a new visitor for each trail, on its tenant's host. A trail is started afresh
 * and cancelled (or ended) after.
 *
 * What the real routes add to the pure engine is made true first: the figures a journey locks come
 * from a stand-in for its plugin's lock (the trail's figures, as the pure walk varies them), a file
 * answer names a document uploaded into the question's context (a report's own documents for a report
 * of a death), a bank account is in the member's name, and proof of identity is sent. A report of a
 * death starts with a solved captcha (the least work the configuration allows), gives an email address
 * of its own (codes are limited per address) and answers its email code page with the code the outbox
 * holds; its rules beyond its content (a death before the birth, uploads before the proof, expiry) are
 * bereavement.test.ts's.
 */
const ctx = useTestApp({ BEREAVEMENT_CAPTCHA_WORK: '10' });

let lockedFigures: Record<string, number> = {};
const startsFrom = ['retirement-quote', 'transfer-quote', 'dc-quote-selection'] as const;
const originals = startsFrom.map((name) => pluginOf({ startsFrom: name } as JourneyDefinition)!);
afterAll(() => originals.forEach(registerJourneyPlugin));
for (const original of originals) {
  const standIn: JourneyPlugin = {
    startsFrom: original.startsFrom,
    needsMember: true,
    startsAtFirstPage: true,
    lock: async () => ({ locked: { ...lockedFigures } }),
    lockedSection: () => ({ heading: 'Locked', lines: [] }),
    figures: { names: original.figures?.names ?? [], of: (locked) => locked as Record<string, number> },
  };
  registerJourneyPlugin(standIn);
}

/**
 * A member named to walk a journey, where the first seeded member of its tenant whom its eligibility
 * admits would not do; none needs one today.
 */
const walkers: Record<string, string> = {};

const accessKeys = new Map<string, VisibilityKey | null>();
/** A seeded member's access key, as the journey's eligibility is tested on; null when they cannot sign in. */
async function accessKeyOf(username: string, host: string): Promise<VisibilityKey | null> {
  if (!accessKeys.has(username)) {
    const agent = new BrowserAgent(ctx.app, host);
    const signedIn = (await agent.signIn(username)).statusCode === 200;
    const key =
      signedIn && (await agent.request({ url: `/mdp-api/api/content/access-key?tenantUrl=${host}` }));
    accessKeys.set(username, key && key.statusCode === 200 ? visibilityKeyOf(key.json().attributes) : null);
  }
  return accessKeys.get(username)!;
}

/** Who walks a member journey: the one named, else the first seeded member of its tenant it admits. */
async function walkerOf(journey: ContentJourney): Promise<string> {
  const named = walkers[journey.name];
  if (named) return named;
  const rule = journey.graph.definition.eligibility;
  for (const { username } of demoPersonas.filter((persona) => persona.tenantHost === journey.host)) {
    const key = await accessKeyOf(username, journey.host);
    if (key && (!rule || evaluateVisibility(rule, key))) return username;
  }
  throw new Error(`${journey.name}: no seeded member of ${journey.host} is eligible: name one in walkers`);
}

// bw.saver has no postal address on record, which a contact-details page asks the member to confirm.
beforeAll(async () => {
  await ctx.database.db
    .update(members)
    .set({ address: { lines: ['1 Harbour Road'], town: 'Plymouth', postcode: 'PL1 2AB', countryCode: 'GB' } })
    .where(and(eq(members.businessGroup, 'BLU'), eq(members.referenceNumber, '2000002')));
});

const driven = journeys.filter(({ tenant }) => tenant !== 'fixture');

const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors?.[0]?.code;

/** A member's (or a visitor's) session on one journey's API. */
interface Session {
  agent: BrowserAgent;
  base: string;
  audience: 'member' | 'visitor' | 'bereavement';
  /** A report of a death's email answer, whose code its email code page is answered with. */
  email?: string;
}

/** Each journey's API: a member's, a visitor's, or a report of a death's. */
const apiOf = { member: '/mdp-api/api', visitor: '/api/visitor', bereavement: '/api/bereavement' };

async function sessionFor(journey: ContentJourney): Promise<Session> {
  const { type, audience = 'member' } = journey.graph.definition;
  const base = `${apiOf[audience]}/journeys/${type}`;
  if (audience !== 'member') return { agent: new BrowserAgent(ctx.app, journey.host), base, audience };
  const walker = await walkerOf(journey);
  const agent = new BrowserAgent(ctx.app, journey.host);
  expect((await agent.signIn(walker)).statusCode).toBe(200);
  const session: Session = { agent, base, audience };
  if ([...journey.graph.pages.values()].some((page) => page.shows === 'identity-verification'))
    await sendPhotoId(agent);
  return session;
}

let uploads = 0;
/**
 * A file answer naming a document uploaded now, of the name the table gave: into the question's
 * context among a member's documents, or into a report of a death's own documents.
 */
async function uploaded(session: Session, question: JourneyQuestion, answerValue: string) {
  if (question.kind !== 'file') return answerValue;
  // Each upload its own name: a member's documents refuse a second file of the same name.
  const name = `${++uploads}-${(JSON.parse(answerValue) as { name: string }).name}`;
  const bytes = name.endsWith('.pdf')
    ? await files.pdf()
    : name.endsWith('.png')
      ? files.png()
      : files.jpeg();
  const report = session.audience === 'bereavement';
  const response = await session.agent.request({
    method: 'POST',
    url: report ? `${session.base}/documents` : '/mdp-api/api/documents',
    ...uploadForm(
      name,
      bytes,
      report
        ? { documentType: question.label }
        : { journeyType: question.context ?? 'documents', documentType: question.label },
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return JSON.stringify({ id: response.json().fileUuid, name });
}

let reporters = 0;
/** The answer the table gave, made true of this member (or reporter) where the real routes check it. */
async function answerFor(session: Session, question: JourneyQuestion, step: TrailStep, fullName: string) {
  const { answerKey, answerValue } = step.answer!;
  if (session.audience === 'bereavement' && question.kind === 'email') {
    session.email = `reporter.${++reporters}@example.org`;
    return { answerKey: session.email };
  }
  if (question.kind === 'email-code')
    return { answerKey: await sentEmailCode(session.agent, session.base, ctx.database.db, session.email!) };
  if (answerValue === undefined) return { answerKey };
  if (question.kind === 'bank-account')
    return { answerKey, answerValue: JSON.stringify({ ...JSON.parse(answerValue), accountName: fullName }) };
  return { answerKey, answerValue: await uploaded(session, question, answerValue) };
}

/** Gives the trail's answers through the API, checking each page leads where the engine said. */
async function drive(journey: ContentJourney, session: Session, trail: Trail, refusalsTried: Set<string>) {
  const { graph } = journey;
  const { agent, base } = session;
  lockedFigures = trail.figures ?? {};
  const payload = { currentPageKey: graph.definition.firstPage };
  const start =
    session.audience === 'bereavement'
      ? await startedReport(agent, base, payload)
      : await agent.request({
          method: 'POST',
          url: `${base}/start`,
          payload,
          ...(session.audience === 'visitor' && { remoteAddress: nextAddress() }),
        });
  expect(start.statusCode, `${journey.name}: start ${start.body}`).toBeLessThan(300);
  const fullName: string = (await agent.request({ url: `${base}/data` })).json().contact?.fullName ?? '';
  let ended = false;
  for (const step of trail.steps) {
    const where = `${journey.name} ${step.pageKey}`;
    const page = graph.pages.get(step.pageKey)!;
    if (step.ticked) {
      const ticked = await agent.request({
        method: 'POST',
        url: `${base}/page/${step.pageKey}/checkboxesLists`,
        payload: {
          checkboxesListKey: step.ticked.key,
          checkboxes: step.ticked.items.map((key) => ({ key, answerValue: true })),
        },
      });
      expect(ticked.statusCode, `${where}: ticks ${ticked.body}`).toBeLessThan(300);
    }
    const question = page.question;
    if (question && !refusalsTried.has(step.pageKey)) {
      refusalsTried.add(step.pageKey);
      const { refused } = examplesOf(question);
      const response = await answerStep(
        agent,
        base,
        step.pageKey,
        question.key,
        refused.answerKey,
        refused.answerValue,
      );
      expect(response.statusCode, `${where}: refused answer ${response.body}`).toBe(400);
      expect(codeOf(response), where).toMatch(/^[a-z_]+$/);
    }
    const response =
      question && step.answer
        ? await (async () => {
            const { answerKey, answerValue } = await answerFor(session, question, step, fullName);
            return answerStep(agent, base, step.pageKey, question.key, answerKey, answerValue);
          })()
        : await agent.request({
            method: 'POST',
            url: `${base}/submit-step`,
            payload: { currentPageKey: step.pageKey },
          });
    if (step.refusedWith) {
      expect(response.statusCode, where).toBe(400);
      expect(codeOf(response), where).toBe(step.refusedWith);
      break;
    }
    expect(response.statusCode, `${where}: ${response.body}`).toBe(200);
    expect(response.json(), where).toEqual({ nextPageKey: step.nextPageKey });
    ended = Boolean(graph.pages.get(step.nextPageKey!)?.ends);
  }
  const state = (await agent.request({ url: `${base}/data` })).json();
  const last = trail.steps.at(-1)!;
  if (!last.refusedWith) expect(state.currentPageKey, journey.name).toBe(last.nextPageKey);
  if (ended) {
    expect(state.status, journey.name).toBe('Ended');
    return;
  }
  const cancelled = await agent.request({ method: 'DELETE', url: `${base}/delete` });
  expect(cancelled.statusCode, `${journey.name}: cancel ${cancelled.body}`).toBe(204);
}

describe.each(driven)('the journey $name, driven through the API from its content', (journey) => {
  it('reaches every route, terminal page and refusal the pure walk reaches, with the same answers', async () => {
    const walked = walkEveryFigure(journey.graph);
    const trails = coveringTrails(walked);
    const session = await sessionFor(journey);
    const refusalsTried = new Set<string>();
    const reached = new Set<string>();
    for (const trail of trails) {
      const fresh =
        session.audience === 'member'
          ? session
          : { ...session, agent: new BrowserAgent(ctx.app, journey.host) };
      await drive(journey, fresh, trail, refusalsTried);
      for (const step of trail.steps) {
        if (step.nextPageKey) reached.add(`${step.pageKey}→${step.nextPageKey}`);
        if (step.refusedWith) reached.add(`refused:${step.pageKey}:${step.answer?.answerKey}`);
      }
      const end = trail.steps.at(-1)?.nextPageKey;
      if (end && journey.graph.pages.get(end)?.ends) reached.add(`ends:${end}`);
    }
    expect([...targetsOf(walked)].filter((target) => !reached.has(target))).toEqual([]);
    expect(declaredEdges(journey.graph).filter((edge) => !reached.has(edge))).toEqual([]);
    const asking = [...journey.graph.pages].filter(([, page]) => page.question).map(([key]) => key);
    expect(asking.filter((key) => !refusalsTried.has(key))).toEqual([]);
    // Each tenant's transfer application walk took 105 to 124 s on PGlite on a loaded two-core machine.
  }, 300_000);
});
