import { inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentAccessKeys, refreshTokens, sessions } from '../../db/schema';
import type { SessionPolicy } from './session-service';
import { purgeOldSignInEvents } from '../account/sign-in-events';

/**
 * How long a session and its refresh tokens are kept once it has ended. While a session is live
 * every rotated token stays, since it is the one whose return reveals a copy and revokes the
 * session; after the session ends a returning token is refused either way, and for this long it is
 * still recorded as reuse rather than as an unknown token.
 */
export const ENDED_SESSION_TOKENS_KEPT_HOURS = 24;

/**
 * Deletes the sessions that ended (revoked, past their absolute lifetime or idle past the timeout)
 * more than ENDED_SESSION_TOKENS_KEPT_HOURS ago, their refresh tokens first, and the content access
 * keys that expired as long ago (until then a key presented late is told it expired rather than that
 * it is unknown; an ended session's keys go with it), and the sign-in events older than the 90 days
 * "Recent sign-ins" shows; answers how many of each went, in one transaction. Refresh tokens and content access keys are the only rows that point at a session
 * (audit events copy its id). Idempotent, so instances sweeping at once only repeat each other's work;
 * the job queue runs it once per period (`session_sweep`, areas/operations/recurring-jobs.ts).
 */
export async function sweepEndedSessions(db: Database, policy: SessionPolicy, now = new Date()) {
  const endedBefore = new Date(now.getTime() - ENDED_SESSION_TOKENS_KEPT_HOURS * 3_600_000);
  const lastActiveBefore = new Date(endedBefore.getTime() - policy.idleTimeoutMinutes * 60_000);
  const endedLongAgo = or(
    lt(sessions.revokedAt, endedBefore),
    lt(sessions.absoluteExpiresAt, endedBefore),
    lt(sessions.lastActivityAt, lastActiveBefore),
  );
  return db.transaction(async (tx) => {
    const deletedTokens = await tx
      .delete(refreshTokens)
      .where(
        inArray(refreshTokens.sessionId, tx.select({ id: sessions.id }).from(sessions).where(endedLongAgo)),
      )
      .returning({ id: refreshTokens.id });
    const deletedKeys = await tx
      .delete(contentAccessKeys)
      .where(lt(contentAccessKeys.expiresAt, endedBefore))
      .returning({ id: contentAccessKeys.id });
    const deletedSessions = await tx.delete(sessions).where(endedLongAgo).returning({ id: sessions.id });
    return {
      refreshTokens: deletedTokens.length,
      contentAccessKeys: deletedKeys.length,
      sessions: deletedSessions.length,
      signInEvents: await purgeOldSignInEvents(tx, now),
    };
  });
}
