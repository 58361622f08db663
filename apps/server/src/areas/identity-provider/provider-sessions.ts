import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { oidcModels, users } from '../../db/schema';

/** The account a provider row is for: Session, Grant, AuthorizationCode, AccessToken, RefreshToken. */
const accountOf = sql`(${oidcModels.payload} ->> 'accountId')`;

/**
 * Ends every sign-in the embedded OpenID provider holds for an account, in the caller's transaction:
 * its sessions and grants, whatever hangs off a grant (codes, access and refresh tokens), and sign-in
 * pages in progress for it (interactions whose session or finished login is the account's). A browser
 * that signed in on the provider's page then meets the sign-in page again, even without `prompt=login`,
 * instead of being let through for the rest of the provider's session (up to SESSION_ABSOLUTE_HOURS).
 *
 * `users.sessions_ended_at` is set to now as well: an ID token of a sign-in before it (already issued,
 * or from a provider request that saved its session again after this delete) opens no portal session
 * (single-auth/token-verifier.ts). Answers how many provider sessions ended.
 */
export async function endProviderSessions(db: Database | Transaction, userId: string, now = new Date()) {
  const grants = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), sql`${accountOf} = ${userId}`));
  const grantIds = grants.map((grant) => grant.id);
  const ended = await db
    .delete(oidcModels)
    .where(
      or(
        sql`${accountOf} = ${userId}`,
        grantIds.length > 0 ? inArray(oidcModels.grantId, grantIds) : undefined,
        and(
          eq(oidcModels.model, 'Interaction'),
          or(
            sql`${oidcModels.payload} -> 'session' ->> 'accountId' = ${userId}`,
            sql`${oidcModels.payload} -> 'result' -> 'login' ->> 'accountId' = ${userId}`,
          ),
        ),
      ),
    )
    .returning({ model: oidcModels.model });
  await db.update(users).set({ sessionsEndedAt: now }).where(eq(users.id, userId));
  return ended.filter((row) => row.model === 'Session').length;
}
