import { inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { loggableError } from '../../lib/logging';
import type { SessionPolicy } from './session-service';

/**
 * How long a session's refresh tokens are kept once it has ended. While a session is live every
 * rotated token stays, since it is the one whose return reveals a copy and revokes the session;
 * after the session ends a returning token is refused either way, and for this long it is still
 * recorded as reuse rather than as an unknown token.
 */
export const ENDED_SESSION_TOKENS_KEPT_HOURS = 24;

/**
 * Deletes the refresh tokens of sessions that ended (revoked, past their absolute lifetime or idle
 * past the timeout) more than ENDED_SESSION_TOKENS_KEPT_HOURS ago; answers how many went.
 * Idempotent, so instances sweeping at once only repeat each other's work.
 */
export async function sweepRefreshTokens(db: Database, policy: SessionPolicy, now = new Date()) {
  const endedBefore = new Date(now.getTime() - ENDED_SESSION_TOKENS_KEPT_HOURS * 3_600_000);
  const lastActiveBefore = new Date(endedBefore.getTime() - policy.idleTimeoutMinutes * 60_000);
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        lt(sessions.revokedAt, endedBefore),
        lt(sessions.absoluteExpiresAt, endedBefore),
        lt(sessions.lastActivityAt, lastActiveBefore),
      ),
    );
  const deleted = await db
    .delete(refreshTokens)
    .where(inArray(refreshTokens.sessionId, ended))
    .returning({ id: refreshTokens.id });
  return deleted.length;
}

/** Sweeps now and then every `intervalMinutes`, without keeping the process alive; stop waits for a sweep under way. */
export function startRefreshTokenSweep(
  db: Database,
  policy: SessionPolicy,
  intervalMinutes: number,
  log: FastifyBaseLogger,
) {
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = sweepRefreshTokens(db, policy)
      .then(
        (count) => {
          if (count > 0) log.info({ refreshTokens: count }, 'ended sessions’ refresh tokens deleted');
        },
        (error: unknown) =>
          log.warn(
            { failure: loggableError(error as Error) },
            'refresh token sweep failed; it runs again later',
          ),
      )
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMinutes * 60_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
