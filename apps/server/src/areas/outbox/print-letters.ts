import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { members, outboxMessages } from '../../db/schema';
import { openSealedCodes, withoutSealedCodes } from '../../lib/sealed-codes';
import { createDocumentStore, type DocumentStore } from '../documents/store';

/**
 * Where printed letters go for the print-and-post service to collect: a `letters` folder (or key
 * prefix) of the deployment's document store, one file a letter named by its outbox id. The members'
 * upload sweep never reads it (its keys are at the top level only).
 */
export const letterPrintStore = (config: Config) => createDocumentStore(config, 'letters');

/** The print-ready text of one letter: the record's postal address, then the letter, its codes opened. */
async function printedLetter(
  db: Pick<Database, 'select'>,
  letterSecret: Uint8Array,
  letter: typeof outboxMessages.$inferSelect,
) {
  const [businessGroup = '', referenceNumber = ''] = letter.recipient.split('/');
  const [member] = await db
    .select({ address: members.address })
    .from(members)
    .where(and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, referenceNumber)));
  const address = member?.address;
  const lines = address
    ? [...address.lines, address.town, address.county, address.postcode, address.countryCode]
    : ['(no postal address on the record: hold this letter)'];
  return [...lines.filter(Boolean), '', letter.subject, '', openSealedCodes(letterSecret, letter.body)].join(
    '\n',
  );
}

/**
 * The print run, as the job queue's recurring `letter_print` runs it and `npm run outbox:letters` on
 * demand: every letter waiting in the outbox is written to `store` (key: the letter's id), then
 * marked sent with its codes gone from the outbox. Answers how many letters were printed.
 *
 * Each letter is printed in a transaction holding its row (`FOR UPDATE SKIP LOCKED`): a run beside
 * it passes over a letter being printed, and finds it sent once that commits. Should the commit fail
 * after the write, the next run writes the same file again under the same key, so a letter is never
 * two files.
 */
export async function printLetters(
  db: Database,
  letterSecret: Uint8Array,
  store: Pick<DocumentStore, 'put'>,
): Promise<number> {
  const waiting = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'post'), isNull(outboxMessages.sentAt)))
    .orderBy(asc(outboxMessages.createdAt));
  let printed = 0;
  for (const { id } of waiting) {
    const done = await db.transaction(async (tx) => {
      const [letter] = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.sentAt)))
        .for('update', { skipLocked: true });
      if (!letter) return false;
      const text = await printedLetter(tx, letterSecret, letter);
      await store.put(letter.id, new TextEncoder().encode(`${text}\n`), 'text/plain; charset=utf-8');
      await tx
        .update(outboxMessages)
        .set({ sentAt: new Date(), body: withoutSealedCodes(letter.body) })
        .where(eq(outboxMessages.id, letter.id));
      return true;
    });
    if (done) printed += 1;
  }
  return printed;
}
