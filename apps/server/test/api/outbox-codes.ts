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

/**
 * The 6-digit code in the newest message to a recipient that carries one (a notice may have come since),
 * waiting up to 10 s for one: a forgotten-password start answers at its uniform time, and on a busy
 * machine its code may be written just after.
 */
export async function latestCodeTo(db: Database, recipient: string): Promise<string> {
  const waitUntil = Date.now() + 10_000;
  for (;;) {
    const withCode = (await messagesTo(db, recipient)).find((message) => /\b\d{6}\b/.test(message.body));
    if (withCode || Date.now() > waitUntil) return /\b(\d{6})\b/.exec(withCode!.body)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
