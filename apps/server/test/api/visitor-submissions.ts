import { and, desc, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { multipart } from './document-files';
import type { TestContext } from './harness';

/**
 * Visitors' submissions as a browser sends them, for the scheme's side to find: a relative's report of
 * a death on Meridian's host (captcha solved, email proven with the outbox's code) and a callback request.
 * Their parts (the captcha, the report's pages, the emailed code) serve other walks of a report too.
 */

let addressCounter = 0;
/** Each call from an address of its own: the start, captcha and code calls are limited per address. */
export const nextAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** A page answered: its key, the question's key, the answer and, for a composite answer, its value. */
export type Step = [page: string, question: string, answer: string, json?: unknown];

/** The answer a browser sends for a step: a composite value as JSON. */
export const stepPayload = ([currentPageKey, questionKey, answerKey, json]: Step) => ({
  currentPageKey,
  questionKey,
  answerKey,
  ...(json !== undefined && { answerValue: typeof json === 'string' ? json : JSON.stringify(json) }),
});

async function walkSteps(agent: BrowserAgent, base: string, steps: Step[]) {
  for (const step of steps) {
    const sent = await agent.request({
      method: 'POST',
      url: `${base}/submit-question-step`,
      payload: stepPayload(step),
    });
    expect(sent.statusCode, `${step[0]}: ${sent.body}`).toBe(200);
  }
}

async function submitted(agent: BrowserAgent, base: string) {
  const sent = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().caseNumber as string;
}

/** The captcha a browser sends to start a report: the server's challenge, solved. */
export async function solvedCaptcha(challenge: Parameters<typeof solveChallenge>[0]['challenge']) {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Starts a report at `base` as the browser does: the server's captcha challenge, solved, sent with the start. */
export async function startedReport(reporter: BrowserAgent, base: string, payload: object = {}) {
  const challenge = (
    await reporter.request({ url: '/api/bereavement/captcha-challenge', remoteAddress: nextAddress() })
  ).json();
  return reporter.request({
    method: 'POST',
    url: `${base}/start`,
    payload: { ...payload, captcha: await solvedCaptcha(challenge) },
    remoteAddress: nextAddress(),
  });
}

/** A report's pages up to the reporter's email: Arthur Pendle's death, reported by his child Jo. */
export const reportStepsToEmail = (email: string): Step[] => [
  [
    'br_deceased',
    'deceased',
    'provided',
    {
      forenames: 'Arthur',
      surname: 'Pendle',
      dateOfBirth: '1950-03-14',
      address: { line1: '4 Mill Lane', town: 'Leeds', postcode: 'LS1 4AB' },
    },
  ],
  ['br_date_of_death', 'date_of_death', '2026-01-02'],
  ['br_ni_known', 'ni_known', 'yes'],
  ['br_ni_number', 'deceased_ni_number', 'AB 12 34 56 C'],
  ['br_reference_known', 'reference_known', 'yes'],
  ['br_reference', 'deceased_scheme_reference', '0123456'],
  [
    'br_reporter',
    'reporter',
    'provided',
    { relationship: 'Child', forenames: 'Jo', surname: 'Pendle', phone: '07911 123456' },
  ],
  ['br_reporter_email', 'reporter_email', email],
];

/** The latest code the outbox holds for proving `address` on a report. */
export async function emailedCode(db: Database, address: string) {
  const [latest] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, address), eq(outboxMessages.subject, 'Your code to report a death')),
    )
    .orderBy(desc(outboxMessages.createdAt));
  return /Your code is (\d{6})/.exec(latest!.body)![1]!;
}

/** Asks for the code proving the report's email answer, `address`, and answers the code the outbox holds. */
export async function sentEmailCode(reporter: BrowserAgent, base: string, db: Database, address: string) {
  const sent = await reporter.request({
    method: 'POST',
    url: `${base}/email-token`,
    payload: {},
    remoteAddress: nextAddress(),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return emailedCode(db, address);
}

/** A file the reporter uploads once their email is proven, as the documents page sends it. */
export interface ReportUpload {
  fileName: string;
  bytes: Buffer;
  documentType: string;
}

/**
 * A whole report of Arthur Pendle's death by his child Jo, with `uploads` sent once the email is
 * proven; answers its case number (BRV1-…).
 */
export async function sentDeathReport(
  context: TestContext,
  email = 'jo.pendle@example.org',
  uploads: ReportUpload[] = [],
) {
  const base = '/api/bereavement/journeys/bereavement';
  const reporter = new BrowserAgent(context.app, 'localhost');
  const started = await startedReport(reporter, base);
  expect(started.statusCode, started.body).toBe(200);
  await walkSteps(reporter, base, reportStepsToEmail(email));
  await walkSteps(reporter, base, [
    ['br_email_code', 'email_code', await sentEmailCode(reporter, base, context.database.db, email)],
  ]);
  for (const upload of uploads) {
    const uploaded = await reporter.request({
      method: 'POST',
      url: `${base}/documents`,
      ...multipart([
        { name: 'documentType', value: upload.documentType },
        { name: 'file', value: upload.bytes, fileName: upload.fileName, contentType: 'application/pdf' },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
  await walkSteps(reporter, base, [
    ['br_certificate_known', 'certificate_known', 'no'],
    [
      'br_next_of_kin',
      'next_of_kin',
      '1',
      [{ forenames: 'Mary', surname: 'Pendle', relationship: 'Spouse' }],
    ],
    ['br_executor_known', 'executor_known', 'yes'],
    [
      'br_executor',
      'executor',
      'provided',
      {
        forenames: 'Sam',
        surname: 'Okafor',
        address: { line1: '1 Park Row', town: 'Leeds', postcode: 'LS1 5AB' },
      },
    ],
    ['br_contact', 'contact', 'executor'],
    [
      'br_contact_executor',
      'executor_contact',
      'provided',
      { email: 'sam.okafor@example.org', phone: '0113 496 0001' },
    ],
  ]);
  return submitted(reporter, base);
}

/** A callback request about a pension to 0113 496 0000; answers its case number (CBK1-…). */
export async function sentCallbackRequest(context: TestContext) {
  const base = '/api/visitor/journeys/requestacallback';
  const visitor = new BrowserAgent(context.app, 'localhost');
  const started = await visitor.request({
    method: 'POST',
    url: `${base}/start`,
    remoteAddress: nextAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  await walkSteps(visitor, base, [
    ['cb_topic', 'topic', 'pension'],
    ['cb_phone', 'phone', '0113 496 0000'],
    ['cb_email', 'email', 'sam@example.org'],
  ]);
  return submitted(visitor, base);
}
