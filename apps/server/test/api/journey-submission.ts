import { desc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { outboxMessages } from '../../src/db/schema';
import type { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';

/** The code in the last message whose body has `words` (the outbox keeps codes outside production). */
export async function latestCode(database: DatabaseHandle, words: string) {
  const [message] = await database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.body, `%${words}%`))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return /\b(\d{6})\b/.exec(message!.body)![1]!;
}

/** The bank code's email, whatever the journey's noun ("...the bank account in your application"). */
const BANK_CODE_WORDS = 'code to confirm the bank account in your';
export const STEP_UP_CODE_WORDS = 'Your code to confirm it is you';

/** Confirms it is the member (step-up) with the code sent to their settled route: fresh for 15 minutes. */
export async function stepUp(agent: BrowserAgent, database: DatabaseHandle) {
  const pending = await agent.request({ method: 'POST', url: '/mdp-api/api/step-up/code', payload: {} });
  expect(pending.statusCode, pending.body).toBe(200);
  const confirmed = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/step-up/confirm',
    payload: { code: await latestCode(database, STEP_UP_CODE_WORDS) },
    headers: { 'x-confirmation-nonce': pending.json().nonce },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/**
 * Sends a member's application at `base` (a journey's API path). A journey that sets
 * `stepUpBeforeSubmit` (a retirement application, a transfer) asks a session that has not confirmed it
 * is the member in the last 15 minutes to do so first (428 fresh_step_up_required): the step-up code is
 * asked for and confirmed, then the submission is sent again. A bank account that is not yet the
 * member's needs the bank code with it (428 step_up_required): the code is asked for and sent back
 * with the submission.
 */
export async function submitApplication(agent: BrowserAgent, base: string, database: DatabaseHandle) {
  const send = () => agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
  let first = await send();
  if (first.statusCode === 428 && first.json().errors[0].code === 'fresh_step_up_required') {
    await stepUp(agent, database);
    first = await send();
  }
  if (first.statusCode !== 428) return first;
  const pending = await agent.request({
    method: 'POST',
    url: `${base}/bank-account/confirmation/send`,
    payload: {},
  });
  expect(pending.statusCode, pending.body).toBe(200);
  return agent.request({
    method: 'POST',
    url: `${base}/submit`,
    payload: { code: await latestCode(database, BANK_CODE_WORDS) },
    headers: { 'x-confirmation-nonce': pending.json().nonce },
  });
}

/** Answers one page's question of the journey whose API is at `base` (an answer value only when given). */
export const answerStep = (
  agent: BrowserAgent,
  base: string,
  page: string,
  question: string,
  answerKey: string,
  answerValue?: string,
) =>
  agent.request({
    method: 'POST',
    url: `${base}/submit-question-step`,
    payload: { currentPageKey: page, questionKey: question, answerKey, ...(answerValue && { answerValue }) },
  });

/**
 * Proof of identity, the embedded way: a photo ID in the member's documents, pending with the scheme,
 * unless the member has sent one already.
 */
export async function sendPhotoId(agent: BrowserAgent) {
  const identity = '/mdp-api/api/identity-verification';
  if ((await agent.request({ url: identity })).json().status !== 'not_started') return;
  const upload = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm('passport.jpg', files.jpeg(), { journeyType: 'identity' }),
  });
  const started = await agent.request({
    method: 'POST',
    url: identity,
    payload: { fileUuid: upload.json().fileUuid },
  });
  expect(started.json().status).toBe('pending');
}
