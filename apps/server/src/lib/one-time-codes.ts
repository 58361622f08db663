import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { AppError, isUniqueViolation } from './errors';
import type { Messaging } from './messaging';

/**
 * One-time codes that prove a change before it is saved (a new email or mobile, a bank account).
 *
 * `sendOneTimeCode` keeps the pending change with a fresh 6-digit code and sends the code; the caller
 * hands the returned nonce to the client, which echoes it in the `x-confirmation-nonce` header with
 * the code. `confirmOneTimeCode` checks both and runs the caller's save in the same transaction that
 * spends the code, so a code is used once and a change is saved once. A change of a contact route
 * also sends a second code to the route on file (`currentRoute`), and both must be given.
 * Docs: docs/my-details.md, docs/security.md.
 */
export const ONE_TIME_CODE_RULES = {
  digits: 6,
  expiryMinutes: 15,
  maxAttempts: 5,
  resendCooldownSeconds: 30,
  /** A code sent by letter lives long enough for the post, and is not re-sent more than daily. */
  letterExpiryDays: 14,
  letterResendCooldownHours: 24,
} as const;

export const NONCE_HEADER = 'x-confirmation-nonce';

export const confirmationErrors = {
  invalid: 'CONFIRMATION_TOKEN_INVALID_ERROR',
  expired: 'CONFIRMATION_TOKEN_EXPIRED_ERROR',
  attemptsExceeded: 'CONFIRMATION_ATTEMPTS_EXCEEDED_ERROR',
  nonceRequired: 'CONFIRMATION_NONCE_REQUIRED_ERROR',
  resendTooSoon: 'CONFIRMATION_RESEND_TOO_SOON_ERROR',
} as const;

export type CodeChannel = 'email' | 'sms' | 'post';

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

export interface CodeRoute {
  channel: CodeChannel;
  /** The address, E.164 number, or for a letter `<business group>/<reference>`. */
  destination: string;
}

export interface SendCodeRequest extends CodeRoute {
  owner: CodeOwner;
  /** What the code proves, such as `email-change`; a nonce only confirms its own purpose. */
  purpose: string;
  /** The change waiting for the code; confirm hands it back. */
  payload: Record<string, unknown>;
  message: CodeMessage;
  /** The route on file that must authorise this change with a second code of its own. */
  currentRoute?: { channel: 'email' | 'sms'; destination: string; message: CodeMessage };
}

export interface PendingCode {
  nonce: string;
  expiresAt: string;
  resendAvailableAt: string;
  attemptsLeft: number;
}

type CodeRow = typeof oneTimeCodes.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const codePattern = /^\d{6}$/;

const hashOf = (nonce: string, code: string) => createHash('sha256').update(`${nonce}:${code}`).digest('hex');
const currentRouteHashOf = (nonce: string, code: string) => hashOf(`${nonce}:current-route`, code);
const newCode = () =>
  String(randomInt(0, 10 ** ONE_TIME_CODE_RULES.digits)).padStart(ONE_TIME_CODE_RULES.digits, '0');
const secondsFrom = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

const lifetimeSeconds = (channel: CodeChannel) =>
  channel === 'post' ? ONE_TIME_CODE_RULES.letterExpiryDays * 86_400 : ONE_TIME_CODE_RULES.expiryMinutes * 60;
const cooldownSeconds = (channel: CodeChannel) =>
  channel === 'post'
    ? ONE_TIME_CODE_RULES.letterResendCooldownHours * 3600
    : ONE_TIME_CODE_RULES.resendCooldownSeconds;

function pendingFrom(row: CodeRow): PendingCode {
  return {
    nonce: row.id,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: secondsFrom(row.sentAt, cooldownSeconds(row.channel)).toISOString(),
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

const tooSoon = (seconds: number) =>
  new AppError(
    429,
    confirmationErrors.resendTooSoon,
    seconds > 3600
      ? `We have already sent you a code by post. You can ask for another after ${Math.ceil(seconds / 3600)} hours.`
      : `Please wait ${seconds} seconds before asking for another code.`,
  );

/**
 * Sends and resends for one member and purpose take turns (a transaction-scoped advisory lock), so the
 * cool-down is read and the new code written as one step: parallel calls cannot leave two live codes.
 * The partial unique index `one_time_codes_one_live` is the backstop.
 */
async function takeTurn(tx: Transaction, owner: CodeOwner, purpose: string) {
  const key = `one-time-code:${owner.userId}:${owner.businessGroup}:${owner.referenceNumber}:${purpose}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function refuseWithinCooldown(tx: Transaction, owner: CodeOwner, purpose: string, now: Date) {
  const [latest] = await tx
    .select({ sentAt: oneTimeCodes.sentAt, channel: oneTimeCodes.channel })
    .from(oneTimeCodes)
    .where(ownedBy(owner, purpose))
    .orderBy(desc(oneTimeCodes.sentAt))
    .limit(1);
  if (!latest) return;
  const availableAt = secondsFrom(latest.sentAt, cooldownSeconds(latest.channel));
  if (availableAt > now) throw tooSoon(Math.ceil((availableAt.getTime() - now.getTime()) / 1000));
}

/** Cool-down clashes the lock did not catch (the unique index) read as "too soon", never as a 500. */
async function inTurn<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw tooSoon(ONE_TIME_CODE_RULES.resendCooldownSeconds);
    throw error;
  }
}

const filled = (message: CodeMessage, code: string, channel: CodeChannel) => {
  const lifetime =
    channel === 'post'
      ? `${ONE_TIME_CODE_RULES.letterExpiryDays} days`
      : `${ONE_TIME_CODE_RULES.expiryMinutes}`;
  return message.body.replaceAll('{code}', code).replaceAll('{minutes}', lifetime);
};

async function deliver(messaging: Messaging, route: CodeRoute, message: CodeMessage, code: string) {
  const body = filled(message, code, route.channel);
  if (route.channel === 'email') {
    await messaging.sendEmail({ to: route.destination, subject: message.subject, body, secret: code });
  } else if (route.channel === 'sms') {
    await messaging.sendSms({ to: route.destination, body, secret: code });
  } else {
    await messaging.sendLetter({ to: route.destination, subject: message.subject, body, secret: code });
  }
}

interface IssuedCodes {
  row: CodeRow;
  code: string;
  currentRouteCode: string | null;
}

async function deliverIssued(
  messaging: Messaging,
  issued: IssuedCodes,
  message: CodeMessage,
  currentRouteMessage: CodeMessage | undefined,
) {
  const { row } = issued;
  await deliver(messaging, row, message, issued.code);
  if (
    issued.currentRouteCode &&
    row.currentRouteChannel &&
    row.currentRouteDestination &&
    currentRouteMessage
  ) {
    await deliver(
      messaging,
      { channel: row.currentRouteChannel, destination: row.currentRouteDestination },
      currentRouteMessage,
      issued.currentRouteCode,
    );
  }
}

/** Starts a change: earlier codes of the same purpose stop working and a new code is sent. */
export async function sendOneTimeCode(
  db: Database,
  messaging: Messaging,
  request: SendCodeRequest,
): Promise<PendingCode> {
  const now = new Date();
  const nonce = randomUUID();
  const code = newCode();
  const currentRouteCode = request.currentRoute ? newCode() : null;
  const row = await inTurn(db, async (tx) => {
    await takeTurn(tx, request.owner, request.purpose);
    await refuseWithinCooldown(tx, request.owner, request.purpose, now);
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(ownedBy(request.owner, request.purpose), isNull(oneTimeCodes.consumedAt)));
    const [inserted] = await tx
      .insert(oneTimeCodes)
      .values({
        id: nonce,
        ...request.owner,
        purpose: request.purpose,
        channel: request.channel,
        destination: request.destination,
        payload: request.payload,
        codeHash: hashOf(nonce, code),
        currentRouteChannel: request.currentRoute?.channel ?? null,
        currentRouteDestination: request.currentRoute?.destination ?? null,
        currentRouteCodeHash: currentRouteCode ? currentRouteHashOf(nonce, currentRouteCode) : null,
        sentAt: now,
        expiresAt: secondsFrom(now, lifetimeSeconds(request.channel)),
      })
      .returning();
    return inserted!;
  });
  await deliverIssued(
    messaging,
    { row, code, currentRouteCode },
    request.message,
    request.currentRoute?.message,
  );
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
const nothingWaiting = () => invalidCode('There is no change waiting for this code. Start again.');

/** The change waiting for a nonce, when there is one: the caller can say where its codes went. */
export async function pendingChange(
  db: Database,
  owner: CodeOwner,
  purpose: string,
  nonce: string | undefined,
) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.id, requireNonce(nonce)), ownedBy(owner, purpose), isNull(oneTimeCodes.consumedAt)),
    );
  return row ?? null;
}

/** Sends new codes for the same pending change (same nonce), after the cool-down; attempts start again. */
export async function resendOneTimeCode(
  db: Database,
  messaging: Messaging,
  request: {
    owner: CodeOwner;
    purpose: string;
    nonce: string | undefined;
    message: CodeMessage;
    currentRouteMessage?: CodeMessage;
  },
): Promise<PendingCode> {
  const nonce = requireNonce(request.nonce);
  const now = new Date();
  const code = newCode();
  const currentRouteCode = newCode();
  const row = await inTurn(db, async (tx) => {
    await takeTurn(tx, request.owner, request.purpose);
    const live = and(
      eq(oneTimeCodes.id, nonce),
      ownedBy(request.owner, request.purpose),
      isNull(oneTimeCodes.consumedAt),
    );
    const [existing] = await tx.select().from(oneTimeCodes).where(live);
    if (!existing) throw nothingWaiting();
    await refuseWithinCooldown(tx, request.owner, request.purpose, now);
    const [updated] = await tx
      .update(oneTimeCodes)
      .set({
        codeHash: hashOf(nonce, code),
        currentRouteCodeHash: existing.currentRouteChannel
          ? currentRouteHashOf(nonce, currentRouteCode)
          : null,
        attempts: 0,
        sentAt: now,
        expiresAt: secondsFrom(now, lifetimeSeconds(existing.channel)),
      })
      .where(live)
      .returning();
    if (!updated) throw nothingWaiting();
    return updated;
  });
  await deliverIssued(
    messaging,
    { row, code, currentRouteCode: row.currentRouteChannel ? currentRouteCode : null },
    request.message,
    request.currentRouteMessage,
  );
  return pendingFrom(row);
}

/**
 * Resends a code sent to one settled route (a bank, nomination or step-up code, whose pending change
 * kept where it went as `sentTo`), answering as the first send did: by which channel and to where.
 */
export async function resendToSameRoute(
  db: Database,
  messaging: Messaging,
  request: { owner: CodeOwner; purpose: string; nonce: string | undefined; message: CodeMessage },
) {
  const waiting = await pendingChange(db, request.owner, request.purpose, request.nonce);
  const pending = await resendOneTimeCode(db, messaging, request);
  return {
    ...pending,
    channel: waiting?.channel ?? 'email',
    sentTo: String(waiting?.payload.sentTo ?? 'your contact details'),
    currentRouteSentTo: null,
  };
}

const matches = (expectedHash: string, givenHash: string) =>
  timingSafeEqual(Buffer.from(expectedHash, 'hex'), Buffer.from(givenHash, 'hex'));

/**
 * Checks the code (and the current route's code, when the change has one) against the nonce's pending
 * change and, when they match, spends it and runs `apply` with the pending payload in one transaction.
 * Every attempt counts, right or wrong; the sixth is refused.
 */
export async function confirmOneTimeCode<T>(
  db: Database,
  request: {
    owner: CodeOwner;
    purpose: string;
    nonce: string | undefined;
    code: string;
    currentRouteCode?: string;
  },
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
  const given = (code: string | undefined) => (code && codePattern.test(code) ? code : '');
  const newRouteRight = matches(row.codeHash, hashOf(nonce, given(request.code)));
  const currentRouteRight =
    !row.currentRouteCodeHash ||
    matches(row.currentRouteCodeHash, currentRouteHashOf(nonce, given(request.currentRouteCode)));
  if (!newRouteRight || !currentRouteRight) {
    const left = ONE_TIME_CODE_RULES.maxAttempts - row.attempts;
    const which = row.currentRouteCodeHash ? 'One or both codes are not right.' : 'This code is not right.';
    throw invalidCode(
      left > 0
        ? `${which} You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : `${which} Ask for a new code.`,
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
