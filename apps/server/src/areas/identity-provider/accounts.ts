import { and, eq } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import type { Database } from '../../db/client';
import { members, userRecords, users } from '../../db/schema';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A portal user as an OpenID account: the subject is the user id; the name comes from the primary record. */
export async function findPortalAccount(db: Database, sub: string): Promise<Account | undefined> {
  if (!uuidPattern.test(sub)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, sub));
  if (!user) return undefined;
  return {
    accountId: user.id,
    async claims() {
      const [primary] = await db
        .select({ title: members.title, forenames: members.forenames, surname: members.surname })
        .from(userRecords)
        .innerJoin(
          members,
          and(
            eq(members.businessGroup, userRecords.businessGroup),
            eq(members.referenceNumber, userRecords.referenceNumber),
          ),
        )
        .where(and(eq(userRecords.userId, user.id), eq(userRecords.isPrimary, true)))
        .limit(1);
      return {
        sub: user.id,
        preferred_username: user.username,
        email: user.email,
        ...(primary ? { name: `${primary.forenames} ${primary.surname}` } : {}),
      };
    },
  };
}
