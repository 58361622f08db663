import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@meridian/contracts';

/**
 * The authenticator app's codes (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps) and the recovery
 * codes, without the database: recovery codes are kept as HMACs.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the present one is accepted too (clock drift). */
export const TOTP_WINDOW_STEPS = 1;

export const newTotpSecret = () => generateSecret({ length: 20 });

/** The secret as the member types it into an app: groups of four letters and digits. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/** The otpauth:// address as an SVG QR code (drawn on the server: no third party sees the secret). */
export async function totpQrCode(secret: string, issuer: string, account: string) {
  const uri = generateURI({ issuer, label: account, secret });
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The 30-second step the code belongs to, within one step either side of `now`, or null. A step at or
 * before `afterStep` (the last one accepted) is refused, so a code works once.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  afterStep: number | null,
  now = new Date(),
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Lower-case letters and digits a reader cannot confuse (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7dmq-p3xwa` (50 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** A recovery code as typed, forgiving case, spaces and the hyphen; null when it cannot be one. */
export function normalRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}

export const recoveryCodeHash = (pepper: Uint8Array, normal: string) =>
  createHmac('sha256', pepper).update(normal).digest('base64url');
