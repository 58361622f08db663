import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, userRecords, users } from '../../db/schema';

export type HolderMember = typeof members.$inferSelect;

/** A portal user with the member record that speaks for them in a tenant: their primary one, else the first. */
export interface AccountHolder {
  userId: string;
  username: string;
  passwordHash: string;
  /** The hashes of the passwords before the current one, newest first. */
  previousPasswordHashes: string[];
  member: HolderMember;
}

/** The user's record among the business groups that their contact details and name come from. */
export async function holderOf(
  db: Database,
  userId: string,
  businessGroups: string[],
): Promise<AccountHolder | null> {
  if (businessGroups.length === 0) return null;
  const [row] = await db
    .select({ user: users, member: members })
    .from(users)
    .innerJoin(userRecords, eq(userRecords.userId, users.id))
    .innerJoin(
      members,
      and(
        eq(members.businessGroup, userRecords.businessGroup),
        eq(members.referenceNumber, userRecords.referenceNumber),
      ),
    )
    .where(and(eq(users.id, userId), inArray(userRecords.businessGroup, businessGroups)))
    .orderBy(desc(userRecords.isPrimary), asc(userRecords.recordNumber))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.user.id,
    username: row.user.username,
    passwordHash: row.user.passwordHash,
    previousPasswordHashes: row.user.previousPasswordHashes,
    member: row.member,
  };
}

/**
 * The account a forgotten-password request names: a username, or an email address that exactly one
 * account of the tenant holds on its record (an address shared by two accounts names neither).
 */
export async function holderNamed(
  db: Database,
  account: string,
  businessGroups: string[],
): Promise<AccountHolder | null> {
  const name = account.trim().toLowerCase();
  const [byUsername] = await db.select({ id: users.id }).from(users).where(eq(users.username, name));
  if (byUsername) return holderOf(db, byUsername.id, businessGroups);
  if (!name.includes('@') || businessGroups.length === 0) return null;
  const owners = await db
    .selectDistinct({ userId: userRecords.userId })
    .from(userRecords)
    .innerJoin(
      members,
      and(
        eq(members.businessGroup, userRecords.businessGroup),
        eq(members.referenceNumber, userRecords.referenceNumber),
      ),
    )
    .where(and(sql`lower(${members.email}) = ${name}`, inArray(userRecords.businessGroup, businessGroups)))
    .limit(2);
  return owners.length === 1 ? holderOf(db, owners[0]!.userId, businessGroups) : null;
}
