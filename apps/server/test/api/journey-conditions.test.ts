import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../../src/areas/content/sync';
import { memberJourneys } from '../../src/db/schema';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/**
 * A transfer out added by content alone: a named condition routes overseas transfers to an advice
 * page whose cross-field check refuses "no", a money comparison leads to a terminal page that ends
 * the journey, and a case document is asked for only when its condition holds.
 */
const ctx = useTestApp();
const TYPE = 'transferfixture';
const base = `/mdp-api/api/journeys/${TYPE}`;
let root: string;

const definition = {
  type: TYPE,
  title: 'Transfer your pension',
  firstPage: 'tf_destination',
  summaryPage: 'tf_check',
  confirmationPage: 'tf_sent',
  stages: [{ key: 'transfer', label: 'Transfer' }],
  caseType: 'TRF',
  caseDocuments: ['Transfer form', { name: 'Overseas scheme letter', when: { condition: 'overseas' } }],
  conditions: { overseas: { question: 'destination', in: ['overseas'] } },
  confirmationEmail: { subject: 'Your transfer {caseNumber}', body: 'Dear {name}' },
};
const page = (key: string, journey: object) => ({
  slug: `/transfer/${key.slice(3)}`,
  key,
  title: key,
  journey: { type: TYPE, stage: 'transfer', ...journey },
  blocks: [{ type: 'richText', html: `<p>${key}</p>` }],
});
const pages = [
  page('tf_destination', {
    question: {
      kind: 'radios',
      key: 'destination',
      label: 'Where is the pension going?',
      answers: [
        { key: 'uk', label: 'A UK scheme' },
        { key: 'overseas', label: 'An overseas scheme' },
      ],
    },
    routes: [{ when: { condition: 'overseas' }, next: 'tf_advice' }],
    next: 'tf_amount',
  }),
  page('tf_advice', {
    question: {
      kind: 'radios',
      key: 'advised',
      label: 'Have you had financial advice?',
      answers: [
        { key: 'yes', label: 'Yes' },
        { key: 'no', label: 'No' },
      ],
    },
    checks: [
      {
        when: { question: 'advised', in: ['no'] },
        message: 'Take regulated financial advice before an overseas transfer.',
        code: 'advice_required',
      },
    ],
    next: 'tf_amount',
  }),
  page('tf_amount', {
    question: { kind: 'money', key: 'amount', label: 'How much do you want to transfer?' },
    routes: [{ when: { question: 'amount', gt: 10_000_000 }, next: 'tf_refused' }],
    next: 'tf_check',
  }),
  page('tf_refused', { ends: { reason: 'transfer_refused' } }),
  page('tf_check', {}),
  page('tf_sent', {}),
];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-conditions-'));
  await cp(contentRoot, root, { recursive: true });
  const tenant = path.join(root, 'tenants/meridian');
  const journeys = JSON.parse(await readFile(path.join(tenant, 'journeys.json'), 'utf8'));
  await writeFile(path.join(tenant, 'journeys.json'), JSON.stringify([...journeys, definition]));
  await mkdir(path.join(tenant, 'pages/transfer-fixture'));
  for (const file of pages)
    await writeFile(path.join(tenant, 'pages/transfer-fixture', `${file.key}.json`), JSON.stringify(file));
  await syncContent(ctx.database.db, root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function started(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  const start = await agent.request({
    method: 'POST',
    url: `${base}/start`,
    payload: { currentPageKey: 'tf_destination' },
  });
  expect(start.statusCode).toBe(204);
  return agent;
}
const answer = (agent: BrowserAgent, currentPageKey: string, questionKey: string, answerKey: string) =>
  agent.request({
    method: 'POST',
    url: `${base}/submit-question-step`,
    payload: { currentPageKey, questionKey, answerKey },
  });
const state = async (agent: BrowserAgent) => (await agent.request({ url: `${base}/data` })).json();
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

describe('conditions, checks and terminal pages through the API', () => {
  it('routes by a named condition and refuses by a cross-field check, leaving the journey as it was', async () => {
    const agent = await started('db.deferred');
    expect((await answer(agent, 'tf_destination', 'destination', 'overseas')).json()).toEqual({
      nextPageKey: 'tf_advice',
    });
    const refused = await answer(agent, 'tf_advice', 'advised', 'no');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      code: 'advice_required',
      message: 'Take regulated financial advice before an overseas transfer.',
    });
    expect((await state(agent)).currentPageKey).toBe('tf_advice');
    expect((await answer(agent, 'tf_advice', 'advised', 'yes')).json()).toEqual({ nextPageKey: 'tf_amount' });
    expect((await answer(agent, 'tf_amount', 'amount', '1,500')).json()).toEqual({ nextPageKey: 'tf_check' });
    const submitted = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(submitted.statusCode).toBe(200);
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    const transfer = cases.find(
      (found: { caseNumber: string }) => found.caseNumber === submitted.json().caseNumber,
    );
    expect(transfer.documents.map((document: { name: string }) => document.name)).toEqual([
      'Application form',
      'Transfer form',
      'Overseas scheme letter',
    ]);
  });

  it('ends the journey on a terminal page: kept as Ended with its reason, and a new one can start', async () => {
    const agent = await started('db.active');
    expect((await answer(agent, 'tf_destination', 'destination', 'uk')).json()).toEqual({
      nextPageKey: 'tf_amount',
    });
    expect((await answer(agent, 'tf_amount', 'amount', '200000')).json()).toEqual({
      nextPageKey: 'tf_refused',
    });
    const ended = await state(agent);
    expect(ended).toMatchObject({ status: 'Ended', currentPageKey: 'tf_refused' });
    const integrity = await agent.request({ url: `${base}/integrity/tf_destination` });
    expect(integrity.json()).toEqual({ redirectStepPageKey: 'tf_refused' });
    const again = await answer(agent, 'tf_destination', 'destination', 'overseas');
    expect(again.statusCode).toBe(400);
    expect(codeOf(again)).toBe('journey_ended');
    const terminal = await answer(agent, 'tf_refused', 'destination', 'uk');
    expect(terminal.statusCode).toBe(400);
    const submit = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(submit.statusCode).toBe(400);

    const restarted = await agent.request({
      method: 'POST',
      url: `${base}/start`,
      payload: { currentPageKey: 'tf_destination' },
    });
    expect(restarted.statusCode).toBe(204);
    expect(await state(agent)).toMatchObject({ status: 'Started', currentPageKey: 'tf_destination' });
    const history = await ctx.database.db.select().from(memberJourneys).where(eq(memberJourneys.type, TYPE));
    const endedRow = history.find((row) => row.status === 'Ended');
    expect(endedRow).toMatchObject({ endReason: 'transfer_refused' });
    expect(endedRow?.closedAt).toBeInstanceOf(Date);
    expect(history.filter((row) => row.referenceNumber === endedRow?.referenceNumber)).toHaveLength(2);
  });
});
