import { generateSecret, generateURI } from 'otplib';
import type { StaffRole } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
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
