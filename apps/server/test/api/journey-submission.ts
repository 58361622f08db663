import { desc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { outboxMessages } from '../../src/db/schema';
import type { BrowserAgent } from './browser-agent';

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

const BANK_CODE_WORDS = 'confirm the bank account in your application';
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
 * Sends a member's application at `base` (a journey's API path). A bank account that is not yet the
 * member's needs the step-up code with it (428 step_up_required): the code is asked for and sent back
 * with the submission.
 */
export async function submitApplication(agent: BrowserAgent, base: string, database: DatabaseHandle) {
  const first = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
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
