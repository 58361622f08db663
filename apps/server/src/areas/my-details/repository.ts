import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { memberBankAccounts, memberDependants, memberReferrals } from '../../db/schema';

export interface RecordKey {
  businessGroup: string;
  referenceNumber: string;
}

const ofRecord = (table: { businessGroup: PgColumn; referenceNumber: PgColumn }, record: RecordKey) =>
  and(eq(table.businessGroup, record.businessGroup), eq(table.referenceNumber, record.referenceNumber));

export async function currentBankAccount(db: Pick<Database, 'select'>, record: RecordKey) {
  const [row] = await db
    .select()
    .from(memberBankAccounts)
    .where(and(ofRecord(memberBankAccounts, record), isNull(memberBankAccounts.replacedAt)));
  return row ?? null;
}

export async function dependantsOf(db: Database, record: RecordKey) {
  return db
    .select()
    .from(memberDependants)
    .where(ofRecord(memberDependants, record))
    .orderBy(memberDependants.dateOfBirth);
}

export async function referralsOf(db: Database, record: RecordKey) {
  return db
    .select()
    .from(memberReferrals)
    .where(ofRecord(memberReferrals, record))
    .orderBy(desc(memberReferrals.referralDate));
}
