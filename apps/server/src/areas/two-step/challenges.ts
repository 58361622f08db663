import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  SIGN_IN_CHALLENGE_MINUTES,
  type SecondFactorChallenge,
  type SecondFactorMethod,
  type SentSignInCode,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { signInChallenges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  confirmationErrors,
  confirmOneTimeCode,
  sendOneTimeCode,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { holderOf, type AccountHolder } from '../account/account-holder';
import { lastFour, maskedEmail } from '../my-details/masking';
import { findTenant } from '../tenancy/tenant-repository';
import { proveSecondFactor, type TwoStepKeys } from './service';

/**
 * A sign-in whose password was right, waiting for its second factor: the portal's /login and the
 * embedded provider's page both open one and finish it with `answerChallenge`. Only the token's
 * SHA-256 is kept; a challenge lives SIGN_IN_CHALLENGE_MINUTES and is spent once.
 */
export const SIGN_IN_CODE_PURPOSE = 'sign-in';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export type ChallengeRow = typeof signInChallenges.$inferSelect;

/** Where "send me a code instead" goes: the email on file, else the mobile (a letter is too slow to sign in). */
function fallbackRoute(member: AccountHolder['member']) {
  if (member.email)
    return { channel: 'email' as const, destination: member.email, shown: maskedEmail(member.email) };
  if (member.mobilePhone)
    return {
      channel: 'sms' as const,
      destination: member.mobilePhone,
      shown: `your mobile ${lastFour(member.mobilePhone)}`,
    };
  return null;
}

async function holderFor(db: Database, challenge: Pick<ChallengeRow, 'userId' | 'tenantUrl'>) {
  const tenant = await findTenant(db, challenge.tenantUrl);
  return tenant ? holderOf(db, challenge.userId, tenant.businessGroups) : null;
}

/** Where "send a code instead" would go for this sign-in, masked; null when there is nowhere. */
export async function fallbackShownFor(db: Database, challenge: Pick<ChallengeRow, 'userId' | 'tenantUrl'>) {
  const holder = await holderFor(db, challenge);
  return (holder && fallbackRoute(holder.member)?.shown) ?? null;
}

export async function openChallenge(
  db: Database,
  opening: { userId: string; tenantUrl: string; interactionUid?: string },
  now = new Date(),
): Promise<SecondFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({
    tokenHash: hashOf(token),
    userId: opening.userId,
    tenantUrl: opening.tenantUrl,
    interactionUid: opening.interactionUid ?? null,
    expiresAt,
  });
  return {
    secondFactor: {
      challenge: token,
      expiresAt: expiresAt.toISOString(),
      fallbackSentTo: await fallbackShownFor(db, opening),
    },
  };
}

export const challengeGone = () =>
  new AppError(
    401,
    'sign_in_challenge_invalid',
    'Your sign-in has expired. Sign in again with your password.',
  );

/** The live challenge for a token, on the tenant (and provider page) that opened it. */
export async function liveChallenge(
  db: Database,
  token: string,
  where: { tenantUrl: string; interactionUid?: string },
  now = new Date(),
): Promise<ChallengeRow> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashOf(token)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    );
  if (!row || row.tenantUrl !== where.tenantUrl || row.interactionUid !== (where.interactionUid ?? null))
    throw challengeGone();
  return row;
}

const ownerOf = (holder: AccountHolder): CodeOwner => ({
  userId: holder.userId,
  businessGroup: holder.member.businessGroup,
  referenceNumber: holder.member.referenceNumber,
});

/** Sends a sign-in code to the email (else mobile) on file, for this challenge only. */
export async function sendChallengeCode(
  db: Database,
  request: FastifyRequest,
  challenge: ChallengeRow,
): Promise<SentSignInCode> {
  const holder = await holderFor(db, challenge);
  const route = holder ? fallbackRoute(holder.member) : null;
  if (!holder || !route)
    throw new AppError(
      409,
      'no_code_route',
      'We have no email address or mobile number for you. Use your authenticator app or a recovery code, or call us.',
    );
  const tenantName = (await findTenant(db, challenge.tenantUrl))?.tenantName ?? 'your pension scheme';
  const pending = await sendOneTimeCode(db, request.server.messaging, {
    owner: ownerOf(holder),
    purpose: SIGN_IN_CODE_PURPOSE,
    channel: route.channel,
    destination: route.destination,
    payload: { challengeId: challenge.id },
    message: {
      subject: `Your ${tenantName} sign-in code`,
      body: 'Your code to finish signing in is {code}. It expires in {minutes} minutes. If you are not signing in, someone knows your password: change it straight away and call us.',
    },
  });
  return { ...pending, channel: route.channel, sentTo: route.shown };
}

export type ChallengeAnswer =
  | { method: Exclude<SecondFactorMethod, 'sent'>; code: string }
  | { method: 'sent'; code: string; nonce: string };

/**
 * Checks the second factor for a challenge (attempts counted, as `proveSecondFactor`) and spends the
 * challenge: answers the user to sign in, once.
 */
export async function answerChallenge(
  db: Database,
  keys: TwoStepKeys,
  challenge: ChallengeRow,
  answer: ChallengeAnswer,
  now = new Date(),
) {
  if (answer.method === 'sent') {
    const holder = await holderFor(db, challenge);
    if (!holder) throw challengeGone();
    await proveSecondFactor(db, keys, challenge.userId, {
      method: 'sent',
      check: () =>
        confirmOneTimeCode(
          db,
          { owner: ownerOf(holder), purpose: SIGN_IN_CODE_PURPOSE, nonce: answer.nonce, code: answer.code },
          async (_tx, payload) => {
            if (payload.challengeId !== challenge.id)
              throw new AppError(
                400,
                confirmationErrors.invalid,
                'This code was sent for another sign-in. Ask for a new code.',
              );
          },
        ),
    });
  } else {
    await proveSecondFactor(db, keys, challenge.userId, answer, now);
  }
  const [spent] = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  if (!spent) throw challengeGone();
  return { userId: challenge.userId, method: answer.method };
}
