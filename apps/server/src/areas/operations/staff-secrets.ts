import { and, eq, like, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
import { loadSigningKey } from '../../lib/server-keys';
import { openSecret, sealSecret } from '../two-step/authenticator';

/**
 * Staff authenticator-app secrets sealed at rest, as members' are (AES-256-GCM, areas/two-step): the
 * column keeps `sealed:<token>` under a key of its own, derived from SECRETS_KEY (in production) or
 * generated and kept in the database. A secret stored before sealing (plain base32, which has no colon)
 * is sealed when the console starts.
 */
const SEALED_PREFIX = 'sealed:';
const KEY_NAME = 'staff-totp-secrets';

const keys = new WeakMap<Database, Promise<Uint8Array>>();

/** The sealing key, loaded once per database. */
export function staffSecretKey(db: Database, secretsKey?: string): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = loadSigningKey(db, KEY_NAME, secretsKey);
    keys.set(db, key);
  }
  return key;
}

export const sealStaffSecret = (key: Uint8Array, secret: string) =>
  `${SEALED_PREFIX}${sealSecret(key, secret)}`;

/** The base32 secret from what the column keeps (a value from before sealing is returned as it is). */
export const openStaffSecret = (key: Uint8Array, stored: string) =>
  stored.startsWith(SEALED_PREFIX) ? openSecret(key, stored.slice(SEALED_PREFIX.length)) : stored;

/** Seals every secret still kept plain (added before sealing, or by the demo seed); answers how many. */
export async function sealPlainStaffSecrets(db: Database, key: Uint8Array): Promise<number> {
  const plain = await db
    .select({ id: staffAccounts.id, secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(not(like(staffAccounts.totpSecret, `${SEALED_PREFIX}%`)));
  for (const row of plain)
    if (row.secret)
      await db
        .update(staffAccounts)
        .set({ totpSecret: sealStaffSecret(key, row.secret) })
        .where(and(eq(staffAccounts.id, row.id), eq(staffAccounts.totpSecret, row.secret)));
  return plain.length;
}
