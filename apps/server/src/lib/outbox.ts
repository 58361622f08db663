import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
}

/**
 * The embedded mail default: messages are written to the outbox table (and the log), where the
 * development page shows them. A production adapter delivers the same rows over SMTP.
 */
export async function queueEmail(db: Pick<Database, 'insert'>, log: FastifyBaseLogger, email: OutgoingEmail): Promise<void> {
  await db
    .insert(outboxMessages)
    .values({ channel: 'email', recipient: email.to, subject: email.subject, body: email.body });
  log.info({ outbox: { to: email.to, subject: email.subject } }, 'email queued in the outbox');
}

export interface OutgoingLetter {
  /** Whose address the letter goes to: the administrator prints it against the member's record. */
  to: string;
  subject: string;
  body: string;
}

/** Letters wait in the outbox (channel "post") for the administrator's print-and-post run. */
export async function queueLetter(db: Pick<Database, 'insert'>, log: FastifyBaseLogger, letter: OutgoingLetter) {
  await db
    .insert(outboxMessages)
    .values({ channel: 'post', recipient: letter.to, subject: letter.subject, body: letter.body });
  log.info({ outbox: { to: letter.to, subject: letter.subject } }, 'letter queued in the outbox');
}

export async function latestMessagesTo(db: Database, recipient: string, limit = 10) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}
