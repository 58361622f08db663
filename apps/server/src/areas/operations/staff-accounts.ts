import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import type { StaffRole } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema';
import { hashPassword } from '../../lib/password-hashing';
import { sealStaffSecret, staffSecretKey } from './staff-secrets';

export const TOTP_ISSUER = 'Meridian operations';

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** Null for an administrator firm's staff, who work every tenant. */
  tenantUrl: string | null;
  password: string;
  /**
   * The authenticator app's secret: given (the demo's), `generate` (printed by the CLI and handed
   * over), or `at-sign-in` (shown once at the first sign-in).
   */
  totp: { secret: string } | 'generate' | 'at-sign-in';
}

/** The otpauth:// address an authenticator app reads (as a QR code, or typed in). */
export const otpauthUri = (email: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * Adds a member of staff; the secret their authenticator app needs (kept sealed), or null when set up
 * at sign-in. `secretsKey` is the configured SECRETS_KEY, when there is one.
 */
export async function addStaff(
  db: Database,
  staff: NewStaff,
  secretsKey?: string,
): Promise<{ id: string; secret: string | null }> {
  const secret =
    staff.totp === 'at-sign-in' ? null : staff.totp === 'generate' ? generateSecret() : staff.totp.secret;
  const [row] = await db
    .insert(staffAccounts)
    .values({
      email: staff.email.trim().toLowerCase(),
      name: staff.name,
      role: staff.role,
      tenantUrl: staff.tenantUrl,
      passwordHash: await hashPassword(staff.password),
      totpSecret: secret === null ? null : sealStaffSecret(await staffSecretKey(db, secretsKey), secret),
      totpEnrolled: secret !== null,
    })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, secret };
}

/** How long the set-up link emailed to a member of staff added in the console works. */
export const STAFF_SETUP_HOURS = 72;

export const setupTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Adds a member of staff whose password is theirs to choose: the account gets an unknown password and
 * a one-time set-up token (only its hash kept); the authenticator app is set up at their first sign-in,
 * as `staff:add --enrol-at-sign-in` does. Answers the token to send them and when it stops working.
 */
export async function inviteStaff(
  db: Database | Transaction,
  staff: Omit<NewStaff, 'password' | 'totp'>,
  now = new Date(),
) {
  const token = randomBytes(32).toString('base64url');
  const setupExpiresAt = new Date(now.getTime() + STAFF_SETUP_HOURS * 3_600_000);
  const [row] = await db
    .insert(staffAccounts)
    .values({
      email: staff.email.trim().toLowerCase(),
      name: staff.name,
      role: staff.role,
      tenantUrl: staff.tenantUrl,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      totpEnrolled: false,
      setupTokenHash: setupTokenHash(token),
      setupExpiresAt,
    })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, token, setupExpiresAt };
}

/**
 * The account a set-up token opens: not used, not expired, not disabled; null otherwise. Spent by
 * `completeSetUp` in the same transaction, under a row lock.
 */
export async function accountForSetUp(db: Database | Transaction, token: string, now = new Date()) {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.setupTokenHash, setupTokenHash(token)),
        gt(staffAccounts.setupExpiresAt, now),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .for('update');
  return account ?? null;
}

/** Sets the password the member of staff chose and spends the token; their sessions (none yet) end. */
export async function completeSetUp(db: Database | Transaction, staffId: string, password: string) {
  await db
    .update(staffAccounts)
    .set({ passwordHash: await hashPassword(password), setupTokenHash: null, setupExpiresAt: null })
    .where(eq(staffAccounts.id, staffId));
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Disables (or enables again) an account; disabling ends its sessions at once. */
export async function setStaffDisabled(db: Database | Transaction, staffId: string, disabled: boolean) {
  await db
    .update(staffAccounts)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(staffAccounts.id, staffId));
  if (disabled) await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/**
 * Locks an account for a change, with every enabled administrator (in one order, so two changes at once
 * wait for each other instead of deadlocking), and answers it with whether another enabled
 * administrator would still cover its tenant without it: one of that tenant or of every tenant (for an
 * account of every tenant, another of every tenant). Two administrators disabling each other at once:
 * the second sees the first's change and is refused.
 */
export async function lockForChange(db: Transaction, staffId: string) {
  const rows = await db
    .select()
    .from(staffAccounts)
    .where(
      or(
        eq(staffAccounts.id, staffId),
        and(eq(staffAccounts.role, 'administrator'), isNull(staffAccounts.disabledAt)),
      ),
    )
    .orderBy(staffAccounts.id)
    .for('update');
  const account = rows.find((row) => row.id === staffId) ?? null;
  const anotherAdministrator = rows.some(
    (row) =>
      row.id !== staffId &&
      row.role === 'administrator' &&
      row.disabledAt === null &&
      (row.tenantUrl === null || (account?.tenantUrl !== null && row.tenantUrl === account?.tenantUrl)),
  );
  return { account, anotherAdministrator };
}
