import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * One-time codes inside letters, sealed at rest: the outbox keeps `[[sealed:…]]` (AES-256-GCM under
 * a key derived from the `outbox-letters` secret) where the code stands, and only the print run opens
 * it. Docs: docs/security.md "No codes kept in the outbox".
 */
const SEALED = /\[\[sealed:([A-Za-z0-9_-]+)\]\]/g;

const keyOf = (secret: Uint8Array) => createHash('sha256').update(secret).digest();

export function sealCode(secret: Uint8Array, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return `[[sealed:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}]]`;
}

/** The letter as it is printed: every sealed code opened (a token that does not open is an error). */
export function openSealedCodes(secret: Uint8Array, body: string): string {
  return body.replace(SEALED, (_, token: string) => {
    const bytes = Buffer.from(token, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  });
}

/** The letter once printed: its codes are gone for good. */
export const withoutSealedCodes = (body: string) => body.replace(SEALED, '[code sent, not kept]');
