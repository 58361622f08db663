import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, schemes, userRecords } from '../../db/schema';

export async function findMember(db: Database, businessGroup: string, referenceNumber: string) {
  const [row] = await db
    .select({ member: members, scheme: schemes })
    .from(members)
    .innerJoin(schemes, eq(schemes.code, members.schemeCode))
    .where(and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, referenceNumber)));
  return row ?? null;
}

/** Every record the user may act as, with what a record picker shows. */
export async function linkedRecordsOf(db: Database, userId: string) {
  return db
    .select({
      referenceNumber: members.referenceNumber,
      businessGroup: members.businessGroup,
      schemeCode: schemes.code,
      schemeDescription: schemes.name,
      schemeType: schemes.type,
      dateJoinedCompany: members.dateJoinedCompany,
      dateJoinedScheme: members.dateJoinedScheme,
      dateLeft: members.dateLeftScheme,
      memberStatus: members.status,
      recordNumber: userRecords.recordNumber,
      isPrimary: userRecords.isPrimary,
    })
    .from(userRecords)
    .innerJoin(
      members,
      and(
        eq(members.businessGroup, userRecords.businessGroup),
        eq(members.referenceNumber, userRecords.referenceNumber),
      ),
    )
    .innerJoin(schemes, eq(schemes.code, members.schemeCode))
    .where(eq(userRecords.userId, userId))
    .orderBy(userRecords.recordNumber);
}
