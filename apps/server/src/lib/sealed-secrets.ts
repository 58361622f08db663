import type { Database } from '../db/client';
import { openSecret, sealSecret } from './secret-box';
import { loadSigningKey } from './server-keys';

/**
 * Secrets the server must read back (to check a code, to sign a body) kept sealed at rest: the column
 * holds `sealed:<token>`, AES-256-GCM (secret-box.ts) under a key of the secret's own
 * kind, derived from SECRETS_KEY in production or generated and kept in the database. A value stored
 * before sealing has no `sealed:` prefix; each kind's owner seals those when the server starts.
 */
export const SEALED_PREFIX = 'sealed:';

export interface SealedSecrets {
  /** The kind's key, loaded once per database. */
  key(db: Database, secretsKey?: string): Promise<Uint8Array>;
  seal(key: Uint8Array, secret: string): string;
  /** The secret from what the column keeps (a value from before sealing is returned as it is). */
  open(key: Uint8Array, stored: string): string;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** Sealing for one kind of secret, under the server key named `keyName`. */
export function sealedSecrets(keyName: string): SealedSecrets {
  const keys = new WeakMap<Database, Promise<Uint8Array>>();
  return {
    key(db, secretsKey) {
      let key = keys.get(db);
      if (!key) {
        key = loadSigningKey(db, keyName, secretsKey);
        keys.set(db, key);
      }
      return key;
    },
    seal: (key, secret) => `${SEALED_PREFIX}${sealSecret(key, secret)}`,
    open: (key, stored) => (isSealed(stored) ? openSecret(key, stored.slice(SEALED_PREFIX.length)) : stored),
  };
}
