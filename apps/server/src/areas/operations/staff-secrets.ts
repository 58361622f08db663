import { and, eq, like, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
import { SEALED_PREFIX, sealedSecrets } from '../../lib/sealed-secrets';

/**
 * Staff authenticator-app secrets sealed at rest, as members' are (AES-256-GCM, areas/two-step): the
 * column keeps `sealed:<token>` under a key of its own (lib/sealed-secrets.ts), derived from
 * SECRETS_KEY (in production) or generated and kept in the database. A secret stored before sealing
 * (plain base32, which has no colon) is sealed when the console starts.
 */
const sealing = sealedSecrets('staff-totp-secrets');

/** The sealing key, loaded once per database. */
export const staffSecretKey = (db: Database, secretsKey?: string) => sealing.key(db, secretsKey);

export const sealStaffSecret = sealing.seal;

/** The base32 secret from what the column keeps (a value from before sealing is returned as it is). */
export const openStaffSecret = sealing.open;

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
