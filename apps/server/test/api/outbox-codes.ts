import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { outboxMessages } from '../../src/db/schema';

/** Messages the outbox holds for an address, number or letter recipient, newest first. */
export const messagesTo = (db: Database, recipient: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));

/** The 6-digit code in the newest message to a recipient that carries one (a notice may have come since). */
export async function latestCodeTo(db: Database, recipient: string): Promise<string> {
  const withCode = (await messagesTo(db, recipient)).find((message) => /\b\d{6}\b/.test(message.body));
  return /\b(\d{6})\b/.exec(withCode!.body)![1]!;
}
