import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { passwordMatches, verifyAgainstDecoy } from '../../lib/password-hashing';
import { recordSignIn } from '../account/sign-in-events';
import { openChallenge } from '../two-step/challenges';
import { twoStepOn } from '../two-step/service';
import { verifyCredentials } from './session-service';

interface CappedAttempt {
  username: string;
  password: string;
  businessGroups: string[];
  tenantUrl: string;
  interactionUid?: string;
}

/**
 * The one answer to a sign-in the account's failed-password cap refused (issue 41), the same for every
 * name after one password hash's work: a challenge for a second factor, told nothing of the password.
 * Only an account with two-step verification can finish it (a right app or recovery code, then the
 * password's verdict); for an account without it, or a name no account has, no code is ever right, so
 * a password-only guesser stays out and cannot tell which the name is.
 */
async function openCappedChallenge(db: Database, attempt: CappedAttempt) {
  const accountName = attempt.username.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, accountName));
  let passwordRight = false;
  if (user && (await twoStepOn(db, user.id))) {
    const checked = await verifyCredentials(db, { ...attempt, trustedUserId: user.id });
    passwordRight = checked.ok;
  } else if (user) {
    // The same hash's work, and nothing changed: this sign-in cannot finish whatever the verdict.
    await passwordMatches(user.passwordHash, attempt.password);
  } else {
    await verifyAgainstDecoy(attempt.password);
  }
  const opened = await openChallenge(db, {
    userId: user?.id ?? null,
    tenantUrl: attempt.tenantUrl,
    ...(attempt.interactionUid ? { interactionUid: attempt.interactionUid } : {}),
    underCap: { passwordRight, accountName },
  });
  return { userId: user?.id ?? null, passwordRight, opened };
}

/**
 * Opens the capped sign-in's challenge, then records it as the page it came from does: a locked
 * sign-in in the account's history (when the name is an account's) and the attempt in the audit log.
 */
export async function openCappedSignIn(
  db: Database,
  request: FastifyRequest,
  attempt: CappedAttempt,
  from: { method: 'password' | 'oidc'; action: 'sign_in_password' | 'oidc_sign_in' },
) {
  const capped = await openCappedChallenge(db, attempt);
  if (capped.userId)
    await recordSignIn(db, request, { userId: capped.userId, outcome: 'locked', method: from.method });
  await audit(db, request, {
    action: from.action,
    outcome: capped.passwordRight ? 'success' : 'failure',
    userId: capped.userId,
    details: { secondFactor: 'asked', underCap: true, tenant: attempt.tenantUrl },
  });
  return capped;
}
