import { desc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { outboxMessages } from '../../src/db/schema';
import type { BrowserAgent } from './browser-agent';

/** The step-up code last sent to confirm the bank account an application gives. */
async function latestStepUpCode(database: DatabaseHandle) {
  const [message] = await database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.body, '%confirm the bank account in your application%'))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return /\b(\d{6})\b/.exec(message!.body)![1]!;
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
    payload: { code: await latestStepUpCode(database) },
    headers: { 'x-confirmation-nonce': pending.json().nonce },
  });
}
