import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { AppError } from './errors';
import type { Messaging } from './messaging';

/**
 * One-time codes that prove a change before it is saved (a new email or mobile, a bank account).
 *
 * `sendOneTimeCode` keeps the pending change with a fresh 6-digit code and sends the code; the caller
 * hands the returned nonce to the client, which echoes it in the `x-confirmation-nonce` header with
 * the code. `confirmOneTimeCode` checks both and runs the caller's save in the same transaction that
 * spends the code, so a code is used once and a change is saved once. Docs: docs/my-details.md.
 */
export const ONE_TIME_CODE_RULES = {
  digits: 6,
  expiryMinutes: 15,
  maxAttempts: 5,
  resendCooldownSeconds: 30,
} as const;

export const NONCE_HEADER = 'x-confirmation-nonce';

export const confirmationErrors = {
  invalid: 'CONFIRMATION_TOKEN_INVALID_ERROR',
  expired: 'CONFIRMATION_TOKEN_EXPIRED_ERROR',
  attemptsExceeded: 'CONFIRMATION_ATTEMPTS_EXCEEDED_ERROR',
  nonceRequired: 'CONFIRMATION_NONCE_REQUIRED_ERROR',
  resendTooSoon: 'CONFIRMATION_RESEND_TOO_SOON_ERROR',
} as const;

export interface CodeOwner {
  userId: string;
  businessGroup: string;
  referenceNumber: string;
}

export interface CodeMessage {
  subject: string;
  /** The whole message; `{code}` is replaced by the code and `{minutes}` by its lifetime. */
  body: string;
}

export interface SendCodeRequest {
  owner: CodeOwner;
  /** What the code proves, such as `email-change`; a nonce only confirms its own purpose. */
  purpose: string;
  channel: 'email' | 'sms';
  /** The address or E.164 number the code goes to. */
  destination: string;
  /** The change waiting for the code; confirm hands it back. */
  payload: Record<string, unknown>;
  message: CodeMessage;
}

export interface PendingCode {
  nonce: string;
  expiresAt: string;
  resendAvailableAt: string;
  attemptsLeft: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const codePattern = /^\d{6}$/;

const hashOf = (nonce: string, code: string) => createHash('sha256').update(`${nonce}:${code}`).digest('hex');
const newCode = () =>
  String(randomInt(0, 10 ** ONE_TIME_CODE_RULES.digits)).padStart(ONE_TIME_CODE_RULES.digits, '0');
const secondsFrom = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

function pendingFrom(row: typeof oneTimeCodes.$inferSelect): PendingCode {
  return {
    nonce: row.id,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: secondsFrom(row.sentAt, ONE_TIME_CODE_RULES.resendCooldownSeconds).toISOString(),
    attemptsLeft: Math.max(0, ONE_TIME_CODE_RULES.maxAttempts - row.attempts),
  };
}

const ownedBy = (owner: CodeOwner, purpose: string) =>
  and(
    eq(oneTimeCodes.userId, owner.userId),
    eq(oneTimeCodes.businessGroup, owner.businessGroup),
    eq(oneTimeCodes.referenceNumber, owner.referenceNumber),
    eq(oneTimeCodes.purpose, purpose),
  );

async function refuseWithinCooldown(db: Database, owner: CodeOwner, purpose: string, now: Date) {
  const [latest] = await db
    .select({ sentAt: oneTimeCodes.sentAt })
    .from(oneTimeCodes)
    .where(ownedBy(owner, purpose))
    .orderBy(desc(oneTimeCodes.sentAt))
    .limit(1);
  if (!latest) return;
  const availableAt = secondsFrom(latest.sentAt, ONE_TIME_CODE_RULES.resendCooldownSeconds);
  if (availableAt > now) {
    const seconds = Math.ceil((availableAt.getTime() - now.getTime()) / 1000);
    throw new AppError(
      429,
      confirmationErrors.resendTooSoon,
      `Please wait ${seconds} seconds before asking for another code.`,
    );
  }
}

async function deliver(
  messaging: Messaging,
  request: Pick<SendCodeRequest, 'channel' | 'destination' | 'message'>,
  code: string,
) {
  const body = request.message.body
    .replaceAll('{code}', code)
    .replaceAll('{minutes}', String(ONE_TIME_CODE_RULES.expiryMinutes));
  if (request.channel === 'email') {
    await messaging.sendEmail({ to: request.destination, subject: request.message.subject, body });
  } else {
    await messaging.sendSms({ to: request.destination, body });
  }
}

/** Starts a change: earlier codes of the same purpose stop working and a new code is sent. */
export async function sendOneTimeCode(
  db: Database,
  messaging: Messaging,
  request: SendCodeRequest,
): Promise<PendingCode> {
  const now = new Date();
  await refuseWithinCooldown(db, request.owner, request.purpose, now);
  const code = newCode();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(ownedBy(request.owner, request.purpose), isNull(oneTimeCodes.consumedAt)));
    const [inserted] = await tx
      .insert(oneTimeCodes)
      .values({
        ...request.owner,
        purpose: request.purpose,
        channel: request.channel,
        destination: request.destination,
        payload: request.payload,
        codeHash: 'pending',
        sentAt: now,
        expiresAt: secondsFrom(now, ONE_TIME_CODE_RULES.expiryMinutes * 60),
      })
      .returning();
    const [hashed] = await tx
      .update(oneTimeCodes)
      .set({ codeHash: hashOf(inserted!.id, code) })
      .where(eq(oneTimeCodes.id, inserted!.id))
      .returning();
    return hashed!;
  });
  await deliver(messaging, request, code);
  return pendingFrom(row);
}

function requireNonce(nonce: string | undefined): string {
  if (!nonce) {
    throw new AppError(
      400,
      confirmationErrors.nonceRequired,
      `Send the ${NONCE_HEADER} header you were given with the code.`,
    );
  }
  if (!uuidPattern.test(nonce)) throw invalidCode();
  return nonce;
}

const invalidCode = (message = 'This code is not valid. Check it, or ask for a new one.') =>
  new AppError(400, confirmationErrors.invalid, message);

/** Sends a new code for the same pending change (same nonce), after the cool-down; attempts start again. */
export async function resendOneTimeCode(
  db: Database,
  messaging: Messaging,
  request: { owner: CodeOwner; purpose: string; nonce: string | undefined; message: CodeMessage },
): Promise<PendingCode> {
  const nonce = requireNonce(request.nonce);
  const now = new Date();
  const [existing] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.id, nonce),
        ownedBy(request.owner, request.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  if (!existing) throw invalidCode('There is no change waiting for this code. Start again.');
  await refuseWithinCooldown(db, request.owner, request.purpose, now);
  const code = newCode();
  const [row] = await db
    .update(oneTimeCodes)
    .set({
      codeHash: hashOf(nonce, code),
      attempts: 0,
      sentAt: now,
      expiresAt: secondsFrom(now, ONE_TIME_CODE_RULES.expiryMinutes * 60),
    })
    .where(and(eq(oneTimeCodes.id, nonce), isNull(oneTimeCodes.consumedAt)))
    .returning();
  if (!row) throw invalidCode('There is no change waiting for this code. Start again.');
  await deliver(
    messaging,
    { channel: row.channel, destination: row.destination, message: request.message },
    code,
  );
  return pendingFrom(row);
}

/**
 * Checks the code against the nonce's pending change and, when it matches, spends it and runs `apply`
 * with the pending payload in one transaction. Every attempt counts, right or wrong; the sixth is refused.
 */
export async function confirmOneTimeCode<T>(
  db: Database,
  request: { owner: CodeOwner; purpose: string; nonce: string | undefined; code: string },
  apply: (tx: Transaction, payload: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  const nonce = requireNonce(request.nonce);
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, nonce),
        ownedBy(request.owner, request.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .returning();
  if (!row) throw invalidCode();
  if (row.attempts > ONE_TIME_CODE_RULES.maxAttempts) {
    throw new AppError(400, confirmationErrors.attemptsExceeded, 'Too many wrong codes. Ask for a new code.');
  }
  if (row.expiresAt <= new Date()) {
    throw new AppError(400, confirmationErrors.expired, 'This code has expired. Ask for a new code.');
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashOf(nonce, codePattern.test(request.code) ? request.code : ''), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = ONE_TIME_CODE_RULES.maxAttempts - row.attempts;
    throw invalidCode(
      left > 0
        ? `This code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'This code is not right. Ask for a new code.',
    );
  }
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, nonce), isNull(oneTimeCodes.consumedAt)))
      .returning({ payload: oneTimeCodes.payload });
    if (!spent) throw invalidCode();
    return apply(tx, spent.payload);
  });
}
