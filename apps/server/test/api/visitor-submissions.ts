import { and, desc, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect } from 'vitest';
import { outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import type { TestContext } from './harness';

/**
 * Visitors' submissions as a browser sends them, for the scheme's side to find: a relative's report of
 * a death on Meridian's host (captcha solved, email proven with the outbox's code) and a callback request.
 */

let addressCounter = 0;
// Each call from an address of its own: the start, captcha and code calls are limited per address.
const nextAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

type Step = [page: string, question: string, answer: string, json?: unknown];

async function walkSteps(agent: BrowserAgent, base: string, steps: Step[]) {
  for (const [currentPageKey, questionKey, answerKey, json] of steps) {
    const sent = await agent.request({
      method: 'POST',
      url: `${base}/submit-question-step`,
      payload: {
        currentPageKey,
        questionKey,
        answerKey,
        ...(json !== undefined && { answerValue: typeof json === 'string' ? json : JSON.stringify(json) }),
      },
    });
    expect(sent.statusCode, `${currentPageKey}: ${sent.body}`).toBe(200);
  }
}

async function submitted(agent: BrowserAgent, base: string) {
  const sent = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().caseNumber as string;
}

/** A whole report of Arthur Pendle's death by his child Jo; answers its case number (BRV1-…). */
export async function sentDeathReport(context: TestContext, email = 'jo.pendle@example.org') {
  const base = '/api/bereavement/journeys/bereavement';
  const reporter = new BrowserAgent(context.app, 'localhost');
  const challenge = (
    await reporter.request({ url: '/api/bereavement/captcha-challenge', remoteAddress: nextAddress() })
  ).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const started = await reporter.request({
    method: 'POST',
    url: `${base}/start`,
    payload: { captcha },
    remoteAddress: nextAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  await walkSteps(reporter, base, [
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
  ]);
  const code = await reporter.request({
    method: 'POST',
    url: `${base}/email-token`,
    payload: {},
    remoteAddress: nextAddress(),
  });
  expect(code.statusCode, code.body).toBe(200);
  const [message] = await context.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Your code to report a death')),
    )
    .orderBy(desc(outboxMessages.createdAt));
  await walkSteps(reporter, base, [
    ['br_email_code', 'email_code', /Your code is (\d{6})/.exec(message!.body)![1]!],
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
