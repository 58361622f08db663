import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { serverKeys } from '../../db/schema';

const SIGNING_KEY_NAME = 'oidc-signing-jwk';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/**
 * The provider's token-signing key (RS256, the ID token default every client accepts), generated once
 * and kept in the database so restarts and other instances sign and verify alike.
 */
export async function loadProviderSigningKey(db: Database): Promise<JWK> {
  const [existing] = await db.select().from(serverKeys).where(eq(serverKeys.name, SIGNING_KEY_NAME));
  if (!existing) {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    const secret = JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' });
    await db.insert(serverKeys).values({ name: SIGNING_KEY_NAME, secret }).onConflictDoNothing();
  }
  // Read back: when two instances start together, both use the key that was stored first.
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, SIGNING_KEY_NAME));
  return JSON.parse(row!.secret) as JWK;
}

export function publicJwk(jwk: JWK): JWK {
  const copy: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}
