import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { members, schemes, storedTransferQuotes, userRecords } from '../../db/schema';

const memberWithScheme = preparedQuery((db: Pick<Database, 'select'>) =>
  db
    .select({ member: members, scheme: schemes })
    .from(members)
    .innerJoin(schemes, eq(schemes.code, members.schemeCode))
    .where(
      and(
        eq(members.businessGroup, sql.placeholder('businessGroup')),
        eq(members.referenceNumber, sql.placeholder('referenceNumber')),
      ),
    )
    .prepare('find_member'),
);

export async function findMember(db: Pick<Database, 'select'>, businessGroup: string, referenceNumber: string) {
  const [row] = await memberWithScheme(db).execute({ businessGroup, referenceNumber });
  return row ?? null;
}

/** Every record the user may act as among a tenant's business groups, with what a record picker shows. */
export async function linkedRecordsOf(db: Database, userId: string, businessGroups: string[]) {
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
    .where(and(eq(userRecords.userId, userId), inArray(userRecords.businessGroup, businessGroups)))
    .orderBy(userRecords.recordNumber);
}

const latestGuaranteedTransferQuote = preparedQuery((db: Database) =>
  db
    .select()
    .from(storedTransferQuotes)
    .where(
      and(
        eq(storedTransferQuotes.businessGroup, sql.placeholder('businessGroup')),
        eq(storedTransferQuotes.referenceNumber, sql.placeholder('referenceNumber')),
        gte(storedTransferQuotes.guaranteedUntil, sql.placeholder('today')),
      ),
    )
    .orderBy(desc(storedTransferQuotes.storedOn))
    .limit(1)
    .prepare('latest_guaranteed_transfer_quote'),
);

/** The latest transfer quote issued to the record that is still guaranteed on `today`; null when none is. */
export async function guaranteedTransferQuote(
  db: Database,
  member: { businessGroup: string; referenceNumber: string },
  today: string,
) {
  const [row] = await latestGuaranteedTransferQuote(db).execute({
    businessGroup: member.businessGroup,
    referenceNumber: member.referenceNumber,
    today,
  });
  return row ?? null;
}
