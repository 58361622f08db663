import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import type { FastifyBaseLogger } from 'fastify';
import { staffRoleNames, type StaffRole } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema';
import { writeMessage, type OutboxDelivery } from '../../lib/outbox';
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
 * The set-up page on the new member of staff's tenant's host, with `origin`'s scheme and port (the
 * origin serves `originTenant`), the token in the fragment so no server log holds it.
 */
export function staffSetUpLink(
  origin: string,
  originTenant: string,
  tenantUrl: string | null,
  token: string,
) {
  const url = new URL('/admin/set-up', origin);
  if (tenantUrl && tenantUrl !== originTenant) url.hostname = tenantUrl;
  url.hash = token;
  return url.toString();
}

export interface StaffInvitation {
  /** The tenant's name (Meridian for staff of every tenant). */
  schemeName: string;
  /** The origin the set-up link starts from, and the tenant it serves. */
  origin: string;
  originTenant: string;
  /** The administrator who added them, named in the email; null from the command line. */
  addedBy: { name: string; email: string } | null;
}

/**
 * Adds a member of staff (`inviteStaff`) and emails them the set-up link, in the caller's transaction:
 * the console's Add and `npm run staff:add` both. The email leaves through the outbox's job queue;
 * `delivery` is how, for a command outside a request's message scope.
 */
export async function inviteStaffByEmail(
  tx: Transaction,
  log: FastifyBaseLogger,
  staff: Omit<NewStaff, 'password' | 'totp'>,
  invitation: StaffInvitation,
  delivery?: OutboxDelivery,
) {
  const invited = await inviteStaff(tx, staff);
  const { schemeName, addedBy } = invitation;
  const link = staffSetUpLink(invitation.origin, invitation.originTenant, staff.tenantUrl, invited.token);
  await writeMessage(
    tx,
    log,
    {
      channel: 'email',
      to: staff.email,
      subject: `Set up your ${schemeName} operations console account`,
      body: `Dear ${staff.name}. ${addedBy ? `${addedBy.name} has added you` : 'You have been added'} to the ${schemeName} operations console as ${staffRoleNames[staff.role].toLowerCase()}. To set your password, go to ${link} within ${STAFF_SETUP_HOURS} hours. When you first sign in you will set up an authenticator app. If you were not expecting this, tell ${addedBy ? addedBy.email : `the ${schemeName} administrators`}.`,
      secret: invited.token,
    },
    delivery,
  );
  return invited;
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
