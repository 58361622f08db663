import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { TWO_STEP_SETUP_MINUTES, type TwoStepSetup } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { recoveryCodes, twoStepApps } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadSigningKey } from '../../lib/server-keys';
import { openSecret, sealSecret } from '../../lib/secret-box';
import {
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  recoveryCodeHash,
  totpQrCode,
  totpStepOf,
} from './authenticator';

/**
 * Two-step verification of a member's account: setting up the authenticator app, its recovery codes,
 * and checking a second-factor code with the attempts limited like passwords (every fifth wrong code
 * in a row pauses codes for SECOND_FACTOR_PAUSE_MINUTES). Docs: docs/security.md "Two-step verification".
 */
export const SECOND_FACTOR_THRESHOLD = 5;
export const SECOND_FACTOR_PAUSE_MINUTES = 15;

export interface TwoStepKeys {
  /** Seals the app secrets at rest. */
  secretKey: Uint8Array;
  /** The recovery codes' HMAC key (a pepper kept apart from the database rows). */
  pepper: Uint8Array;
}

const loaded = new WeakMap<Database, Promise<TwoStepKeys>>();

/** The keys, loaded once per database (SECRETS_KEY in production, else generated and kept). */
export function twoStepKeys(db: Database, secretsKey?: string): Promise<TwoStepKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = Promise.all([
      loadSigningKey(db, 'two-step-secrets', secretsKey),
      loadSigningKey(db, 'recovery-code-pepper', secretsKey),
    ]).then(([secretKey, pepper]) => ({ secretKey, pepper }));
    loaded.set(db, keys);
  }
  return keys;
}

export const codeNotRight = () =>
  new AppError(
    400,
    'two_step_code_invalid',
    `This code is not right, or it has already been used. Check it and try again. After ${SECOND_FACTOR_THRESHOLD} wrong codes in a row, codes are paused for ${SECOND_FACTOR_PAUSE_MINUTES} minutes.`,
  );

export const codesPaused = () =>
  new AppError(
    429,
    'two_step_paused',
    `Too many wrong codes. Wait ${SECOND_FACTOR_PAUSE_MINUTES} minutes, then try again.`,
  );

type AppRow = typeof twoStepApps.$inferSelect;

async function appOf(db: Database | Transaction, userId: string): Promise<AppRow | undefined> {
  const [row] = await db.select().from(twoStepApps).where(eq(twoStepApps.userId, userId));
  return row;
}

/** Whether the account has two-step verification on. */
export async function twoStepOn(db: Database, userId: string) {
  return Boolean((await appOf(db, userId))?.enabledAt);
}

/** What Sign-in and security shows: on since when, and how many recovery codes are left. */
export async function twoStepStatus(db: Database, userId: string, required: boolean) {
  const app = await appOf(db, userId);
  const [left] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const enabledAt = app?.enabledAt ?? null;
  return {
    enabled: Boolean(enabledAt),
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (left?.left ?? 0) : 0,
    required,
  };
}

export const alreadyOn = () =>
  new AppError(409, 'two_step_already_on', 'Two-step verification is already on for your account.');

/** A new secret waiting for its first code (an earlier unconfirmed setup is replaced). */
export async function startSetup(
  db: Database,
  keys: TwoStepKeys,
  label: { issuer: string; account: string },
  userId: string,
  now = new Date(),
): Promise<TwoStepSetup> {
  const secret = newTotpSecret();
  const setupExpiresAt = new Date(now.getTime() + TWO_STEP_SETUP_MINUTES * 60_000);
  const fresh = { sealedSecret: sealSecret(keys.secretKey, secret), setupExpiresAt, lastTimeStep: null };
  const [row] = await db
    .insert(twoStepApps)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({
      target: twoStepApps.userId,
      set: { ...fresh, failedCodes: 0, lockedUntil: null },
      setWhere: isNull(twoStepApps.enabledAt),
    })
    .returning({ userId: twoStepApps.userId });
  if (!row) throw alreadyOn();
  return {
    secret: groupedSecret(secret),
    qrCodeSvg: await totpQrCode(secret, label.issuer, label.account),
    expiresAt: setupExpiresAt.toISOString(),
  };
}

/** Ten new recovery codes, the old ones gone; answers the codes, which are never kept in clear. */
export async function replaceRecoveryCodes(tx: Transaction, keys: TwoStepKeys, userId: string) {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(keys.pepper, normalRecoveryCode(code)!),
    })),
  );
  return codes;
}

/**
 * Turns two-step on with the first code from the app (the same 30-second step is then used up), in the
 * caller's transaction; answers the new recovery codes.
 */
export async function confirmSetup(
  tx: Transaction,
  keys: TwoStepKeys,
  userId: string,
  code: string,
  now = new Date(),
) {
  const app = await appOf(tx, userId);
  if (app?.enabledAt) throw alreadyOn();
  if (!app)
    throw new AppError(
      404,
      'two_step_setup_not_found',
      'There is no set-up waiting. Start setting up two-step verification again.',
    );
  if (app.setupExpiresAt <= now)
    throw new AppError(
      400,
      'two_step_setup_expired',
      `This set-up has expired: it lasts ${TWO_STEP_SETUP_MINUTES} minutes. Start again to get a new QR code.`,
    );
  const step = await totpStepOf(openSecret(keys.secretKey, app.sealedSecret), code, null, now);
  if (step === null) throw codeNotRight();
  const [enabled] = await tx
    .update(twoStepApps)
    .set({ enabledAt: now, lastTimeStep: step, failedCodes: 0 })
    .where(and(eq(twoStepApps.userId, userId), isNull(twoStepApps.enabledAt)))
    .returning({ userId: twoStepApps.userId });
  if (!enabled) throw alreadyOn();
  return replaceRecoveryCodes(tx, keys, userId);
}

/** Removes the app and the recovery codes, in the caller's transaction. */
export async function removeTwoStep(tx: Transaction, userId: string) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(twoStepApps).where(eq(twoStepApps.userId, userId));
}

/**
 * Takes one second-factor attempt in a single statement, under the row's lock, before the code is
 * checked (the password's rule): the count goes up, every SECOND_FACTOR_THRESHOLD-th attempt in a row
 * pauses codes, and an attempt that finds them paused is refused. Null when two-step is off.
 */
async function takeCodeAttempt(db: Database, userId: string, now: Date) {
  const until = new Date(now.getTime() + SECOND_FACTOR_PAUSE_MINUTES * 60_000).toISOString();
  const moment = now.toISOString();
  const result = await db.execute<{ paused: boolean }>(sql`
    with previous as (
      select user_id, locked_until from ${twoStepApps}
      where user_id = ${userId} and enabled_at is not null for update
    )
    update ${twoStepApps} set
      failed_codes = ${twoStepApps.failedCodes} + 1,
      locked_until = case
        when previous.locked_until > ${moment}::timestamptz then previous.locked_until
        when (${twoStepApps.failedCodes} + 1) % ${SECOND_FACTOR_THRESHOLD} = 0 then ${until}::timestamptz
        else previous.locked_until
      end
    from previous
    where ${twoStepApps.userId} = previous.user_id
    returning coalesce(previous.locked_until > ${moment}::timestamptz, false) as paused`);
  return result.rows[0] ?? null;
}

const giveBackAttempt = (db: Database | Transaction, userId: string) =>
  db.update(twoStepApps).set({ failedCodes: 0 }).where(eq(twoStepApps.userId, userId));

/** Accepts a code from the app once: its step is kept, and no code of that step or before works again. */
async function spendAppCode(db: Database, keys: TwoStepKeys, userId: string, code: string, now: Date) {
  const app = await appOf(db, userId);
  if (!app?.enabledAt) return false;
  const secret = openSecret(keys.secretKey, app.sealedSecret);
  const step = await totpStepOf(secret, code, app.lastTimeStep, now);
  if (step === null) return false;
  const [spent] = await db
    .update(twoStepApps)
    .set({ lastTimeStep: step, failedCodes: 0 })
    .where(
      and(
        eq(twoStepApps.userId, userId),
        or(isNull(twoStepApps.lastTimeStep), lt(twoStepApps.lastTimeStep, step)),
      ),
    )
    .returning({ userId: twoStepApps.userId });
  return Boolean(spent);
}

/** Spends an unused recovery code of the member's (a single statement: two uses cannot both pass). */
async function spendRecoveryCode(db: Database, keys: TwoStepKeys, userId: string, code: string, now: Date) {
  const normal = normalRecoveryCode(code);
  if (!normal) return false;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(keys.pepper, normal)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (spent) await giveBackAttempt(db, userId);
  return Boolean(spent);
}

export type SecondFactorProof =
  | { method: 'app'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'either'; code: string }
  /** A code sent to the route on file, checked by the caller's `check` (which throws when wrong). */
  | { method: 'sent'; check: () => Promise<unknown> };

/**
 * Checks a second factor with the attempts counted: refused while paused (429 `two_step_paused`),
 * a wrong or used code is 400 `two_step_code_invalid`. `either` takes an app code or a recovery code.
 */
export async function proveSecondFactor(
  db: Database,
  keys: TwoStepKeys,
  userId: string,
  proof: SecondFactorProof,
  now = new Date(),
) {
  const attempt = await takeCodeAttempt(db, userId, now);
  if (!attempt) throw new AppError(409, 'two_step_off', 'Two-step verification is not on for your account.');
  if (attempt.paused) throw codesPaused();
  if (proof.method === 'sent') {
    await proof.check();
    await giveBackAttempt(db, userId);
    return;
  }
  const digits = /^\d{3} ?\d{3}$/.test(proof.code.trim());
  const right =
    proof.method === 'app' || (proof.method === 'either' && digits)
      ? await spendAppCode(db, keys, userId, proof.code, now)
      : await spendRecoveryCode(db, keys, userId, proof.code, now);
  if (!right) throw codeNotRight();
}

/**
 * Checks an app or recovery code for a sign-in opened under the failed-password cap (issue 41), with
 * its attempts counted by the caller rather than in the member's own count, so strangers guessing there
 * cannot pause the member's codes. Codes the member's own count has paused stay paused here too.
 */
export async function proveCodeUnderCap(
  db: Database,
  keys: TwoStepKeys,
  userId: string,
  proof: { method: 'app' | 'recovery'; code: string },
  now = new Date(),
) {
  const app = await appOf(db, userId);
  if (!app?.enabledAt) throw codeNotRight();
  if (app.lockedUntil && app.lockedUntil > now) throw codesPaused();
  const right =
    proof.method === 'app'
      ? await spendAppCode(db, keys, userId, proof.code, now)
      : await spendRecoveryCode(db, keys, userId, proof.code, now);
  if (!right) throw codeNotRight();
}
