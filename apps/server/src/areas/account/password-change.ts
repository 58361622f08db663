import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { QueuedMessage } from '../../lib/messaging';
import { hashPassword } from '../../lib/password-hashing';
import { noticeToEveryRoute, type Notice } from '../my-details/change-defences';
import { endProviderSessions } from '../identity-provider/provider-sessions';
import type { AccountHolder } from './account-holder';
import { PASSWORDS_REMEMBERED, requireAcceptablePassword } from './password-rule';

export interface PasswordSet {
  queued: QueuedMessage[];
  /** The sessions the change ended. */
  ended: string[];
  /** How many of the embedded OpenID provider's sessions for the account it ended. */
  providerSessions: number;
}

/**
 * Sets a new password the rule accepts, none of the account's last PASSWORDS_REMEMBERED, in the caller's
 * transaction: the sign-in pause is lifted, every session but `keepSessionId` ends, so does every sign-in the embedded OpenID provider holds for the
 * account (whoever signed in on its page with the old password must sign in again), and every route on
 * file is told. The caller hands the answer to `passwordSetCommitted` once the transaction has committed.
 */
export async function setNewPassword(
  tx: Transaction,
  request: FastifyRequest,
  change: { holder: AccountHolder; password: string; keepSessionId: string | null; notice: Notice },
): Promise<PasswordSet> {
  const { holder, password } = change;
  const { member } = holder;
  await requireAcceptablePassword(
    password,
    { ...member, username: holder.username },
    holder.passwordHash,
    holder.previousPasswordHashes,
  );
  // The password being replaced joins the ones a new password may not be (the last few).
  const previousPasswordHashes = [holder.passwordHash, ...holder.previousPasswordHashes].slice(
    0,
    PASSWORDS_REMEMBERED - 1,
  );
  await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      previousPasswordHashes,
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, holder.userId));
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
    .where(
      and(
        eq(sessions.userId, holder.userId),
        isNull(sessions.revokedAt),
        change.keepSessionId ? ne(sessions.id, change.keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  const providerSessions = await endProviderSessions(tx, holder.userId);
  const queued = await noticeToEveryRoute(tx, request.log, member, change.notice);
  return { queued, ended: ended.map((session) => session.id), providerSessions };
}

/** Sends the notices and drops the ended sessions from every instance's cache. */
export async function passwordSetCommitted(request: FastifyRequest, set: PasswordSet) {
  await request.server.messaging.deliverQueued(set.queued);
  for (const sessionId of set.ended) await request.server.sessionCache.changed(sessionId);
}
