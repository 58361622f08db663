import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  SIGN_IN_CHALLENGE_MINUTES,
  type CodeChannel,
  type CodeRoute,
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
import type { AttemptCounters } from '../../plugins/rate-limits';
import { invalidCredentials } from '../authentication/session-service';
import { codeNotRight, codesPaused, proveCodeUnderCap, proveSecondFactor, type TwoStepKeys } from './service';

/**
 * A sign-in whose password was right, waiting for its second factor: the portal's /login and the
 * embedded provider's page both open one and finish it with `answerChallenge`. Only the token's
 * SHA-256 is kept; a challenge lives SIGN_IN_CHALLENGE_MINUTES and is spent once.
 */
export const SIGN_IN_CODE_PURPOSE = 'sign-in';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export type ChallengeRow = typeof signInChallenges.$inferSelect;

/**
 * Where "send me a code instead" may go: the email on file and the mobile, in that order (a letter is
 * too slow to sign in). The member chooses one; without a choice it goes to the first.
 */
function fallbackRoutes(member: AccountHolder['member']) {
  return [
    ...(member.email
      ? [{ channel: 'email' as const, destination: member.email, shown: maskedEmail(member.email) }]
      : []),
    ...(member.mobilePhone
      ? [
          {
            channel: 'sms' as const,
            destination: member.mobilePhone,
            shown: `your mobile ${lastFour(member.mobilePhone)}`,
          },
        ]
      : []),
  ];
}

/** The route chosen (else the first on file), or null when there is none; a choice not on file is 400. */
function chosenRoute(member: AccountHolder['member'], channel: CodeChannel | undefined) {
  const routes = fallbackRoutes(member);
  if (!channel) return routes[0] ?? null;
  const chosen = routes.find((route) => route.channel === channel);
  if (!chosen) throw codeRouteNotOnFile(channel);
  return chosen;
}

export const codeRouteNotOnFile = (channel: CodeChannel) =>
  new AppError(
    400,
    'code_route_not_on_file',
    channel === 'sms'
      ? 'We have no mobile number for you, so we cannot text you a code. Choose another way to get a code.'
      : 'We have no email address for you, so we cannot email you a code. Choose another way to get a code.',
  );

async function holderFor(db: Database, challenge: Pick<ChallengeRow, 'userId' | 'tenantUrl'>) {
  const tenant = await findTenant(db, challenge.tenantUrl);
  return tenant && challenge.userId ? holderOf(db, challenge.userId, tenant.businessGroups) : null;
}

/** Where "send a code instead" may go for this sign-in, masked: the first is where it goes unless chosen. */
export async function fallbackRoutesFor(
  db: Database,
  challenge: Pick<ChallengeRow, 'userId' | 'tenantUrl'>,
): Promise<CodeRoute[]> {
  const holder = await holderFor(db, challenge);
  return holder
    ? fallbackRoutes(holder.member).map((route) => ({ channel: route.channel, sentTo: route.shown }))
    : [];
}

/**
 * Opens a sign-in waiting for its second factor. `underCap`: the account's failed-password cap refused
 * this browser, so the password's verdict (`passwordRight`) is kept and told only after a right code,
 * and no code is sent for it (see `answerChallengeUnderCap`).
 */
export async function openChallenge(
  db: Database,
  opening: {
    userId: string | null;
    tenantUrl: string;
    interactionUid?: string;
    underCap?: { passwordRight: boolean; accountName: string };
  },
  now = new Date(),
): Promise<SecondFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({
    tokenHash: hashOf(token),
    userId: opening.userId,
    accountName: opening.underCap?.accountName ?? null,
    tenantUrl: opening.tenantUrl,
    interactionUid: opening.interactionUid ?? null,
    expiresAt,
    underCap: Boolean(opening.underCap),
    passwordRight: opening.underCap?.passwordRight ?? true,
  });
  const routes = opening.underCap ? [] : await fallbackRoutesFor(db, opening);
  return {
    secondFactor: {
      challenge: token,
      expiresAt: expiresAt.toISOString(),
      fallbackSentTo: routes[0]?.sentTo ?? null,
      fallbackRoutes: routes,
      ...(opening.underCap ? { underCap: true as const } : {}),
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

/**
 * Sends a sign-in code, for this challenge only, to the route on file the member chose (the email or
 * the mobile), else the email, else the mobile; a chosen route with nothing on file is 400
 * `code_route_not_on_file`.
 */
export async function sendChallengeCode(
  db: Database,
  request: FastifyRequest,
  challenge: ChallengeRow,
  channel?: CodeChannel,
): Promise<SentSignInCode> {
  if (challenge.underCap)
    throw new AppError(
      409,
      'no_code_route',
      'While your account is protected after many failed sign-ins, use your authenticator app or a recovery code, or a passkey.',
    );
  const holder = await holderFor(db, challenge);
  const route = holder ? chosenRoute(holder.member, channel) : null;
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
  const { userId } = challenge;
  if (!userId) throw challengeGone();
  if (answer.method === 'sent') {
    const holder = await holderFor(db, challenge);
    if (!holder) throw challengeGone();
    await proveSecondFactor(db, keys, userId, {
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
    await proveSecondFactor(db, keys, userId, answer, now);
  }
  await spend(db, challenge, now);
  return { userId, method: answer.method };
}

async function spend(db: Database, challenge: ChallengeRow, now: Date) {
  const [spent] = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  if (!spent) throw challengeGone();
}

/** Code guesses an hour on sign-ins opened under an account's failed-password cap, every browser together. */
export const UNDER_CAP_CODES_PER_HOUR = 5;

/**
 * Finishes a sign-in opened under the failed-password cap (issue 41): a member who proves the app's
 * code or a recovery code with the right password gets in, while a guesser learns nothing of the
 * password before a right code. Its guesses are counted per account apart from the member's own
 * (UNDER_CAP_CODES_PER_HOUR, then 429 `two_step_paused`), so they cannot pause the member's codes on a
 * browser of theirs; a right code with a wrong password spends the challenge and is 401
 * `invalid_credentials`.
 */
export async function answerChallengeUnderCap(
  db: Database,
  keys: TwoStepKeys,
  counters: AttemptCounters,
  challenge: ChallengeRow,
  answer: ChallengeAnswer,
  now = new Date(),
) {
  const counted = challenge.accountName ?? challenge.userId ?? challenge.id;
  const attempt = await counters.take('under-cap-code', counted, UNDER_CAP_CODES_PER_HOUR);
  if (!attempt.allowed) {
    await attempt.giveBack();
    throw codesPaused();
  }
  // No account, as an account without two-step verification: no code is right.
  const { userId } = challenge;
  if (answer.method === 'sent' || !userId) throw codeNotRight();
  await proveCodeUnderCap(db, keys, userId, answer, now);
  await spend(db, challenge, now);
  if (!challenge.passwordRight) throw invalidCredentials();
  await attempt.giveBack();
  return { userId, method: answer.method };
}
