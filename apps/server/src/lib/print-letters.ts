import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { members, outboxMessages } from '../db/schema';
import { openSealedCodes, withoutSealedCodes } from './sealed-codes';

/**
 * The print run: every letter waiting in the outbox is written to `folder` as it is to be printed
 * (the record's postal address, then the letter, its sealed codes opened), then marked sent with its
 * codes gone from the outbox. Answers how many letters were printed.
 */
export async function printLetters(db: Database, letterSecret: Uint8Array, folder: string): Promise<number> {
  await mkdir(folder, { recursive: true });
  const waiting = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'post'), isNull(outboxMessages.sentAt)))
    .orderBy(asc(outboxMessages.createdAt));
  for (const letter of waiting) {
    const [businessGroup = '', referenceNumber = ''] = letter.recipient.split('/');
    const [member] = await db
      .select({ address: members.address })
      .from(members)
      .where(and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, referenceNumber)));
    const address = member?.address;
    const lines = address
      ? [...address.lines, address.town, address.county, address.postcode, address.countryCode]
      : ['(no postal address on the record: hold this letter)'];
    const printed = [
      ...lines.filter(Boolean),
      '',
      letter.subject,
      '',
      openSealedCodes(letterSecret, letter.body),
    ];
    const name = `${letter.createdAt.toISOString().replaceAll(':', '-')}-${businessGroup}-${referenceNumber}-${letter.id}.txt`;
    await writeFile(path.join(folder, name), `${printed.join('\n')}\n`, { mode: 0o600 });
    await db
      .update(outboxMessages)
      .set({ sentAt: new Date(), body: withoutSealedCodes(letter.body) })
      .where(eq(outboxMessages.id, letter.id));
  }
  return waiting.length;
}
