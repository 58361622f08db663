import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
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

type SessionPayload = { uid?: string; authorizations?: Record<string, { sid?: string; grantId?: string }> };

/**
 * The embedded provider's session rows of the account that hold the given provider session id (`sid`,
 * one per client the browser signed in to), expired or not: the sign-in an ID token of the portal's
 * client came from, or a portal session was opened from (`sessions.provider_sid`).
 */
async function providerSessionsHolding(db: Database | Transaction, userId: string, sid: string) {
  const candidates = await db
    .select({ id: oidcModels.id, payload: oidcModels.payload, expiresAt: oidcModels.expiresAt })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Session'), sql`${accountOf} = ${userId}`));
  return candidates.filter((row) =>
    Object.values((row.payload as SessionPayload).authorizations ?? {}).some((given) => given.sid === sid),
  );
}

/**
 * Whether the provider sign-in an ID token tells of (its `sid`) is still live: none is once the member
 * signed out the portal session it opened (endProviderSession), the provider's own sign-out ended it,
 * or it expired. The portal opens no session from a token whose sign-in has ended (token-verifier.ts).
 */
export async function providerSessionLive(db: Database | Transaction, userId: string, sid: string) {
  const now = Date.now();
  const holding = await providerSessionsHolding(db, userId, sid);
  return holding.some((row) => row.expiresAt === null || row.expiresAt.getTime() > now);
}

/**
 * Ends the one sign-in of the embedded provider that a portal session came from (its `sid`, kept as
 * `sessions.provider_sid`), in the caller's transaction: that provider session, its grants with
 * whatever hangs off them, and its sign-in pages in progress. The account's other provider sign-ins
 * (another browser of the member) stay, and an ID token that browser got from it and has not used yet
 * opens nothing (providerSessionLive). Answers how many provider sessions ended (0 or 1).
 */
export async function endProviderSession(db: Database | Transaction, userId: string, sid: string) {
  const matching = await providerSessionsHolding(db, userId, sid);
  if (matching.length === 0) return 0;
  const payloads = matching.map((row) => row.payload as SessionPayload);
  const grantIds = payloads.flatMap((payload) =>
    Object.values(payload.authorizations ?? {}).flatMap((given) => (given.grantId ? [given.grantId] : [])),
  );
  const uids = payloads.flatMap((payload) => (payload.uid ? [payload.uid] : []));
  const inProgress: SQL[] = uids.map((uid) => sql`${oidcModels.payload} -> 'session' ->> 'uid' = ${uid}`);
  const ended = await db
    .delete(oidcModels)
    .where(
      or(
        and(
          eq(oidcModels.model, 'Session'),
          inArray(
            oidcModels.id,
            matching.map((row) => row.id),
          ),
        ),
        grantIds.length > 0
          ? and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, grantIds))
          : undefined,
        grantIds.length > 0 ? inArray(oidcModels.grantId, grantIds) : undefined,
        inProgress.length > 0 ? and(eq(oidcModels.model, 'Interaction'), or(...inProgress)) : undefined,
      ),
    )
    .returning({ model: oidcModels.model });
  return ended.filter((row) => row.model === 'Session').length;
}
