import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';

/**
 * Takes a PostgreSQL advisory lock for one member record and purpose, held until the transaction
 * ends: a count checked and a row inserted under it cannot be interleaved by a parallel request
 * doing the same (two requests that both see 1 of 2 files and both add one).
 */
export async function lockMemberRecord(
  tx: Transaction,
  purpose: string,
  record: { businessGroup: string; referenceNumber: string },
): Promise<void> {
  const key = `${purpose}/${record.businessGroup}/${record.referenceNumber}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
