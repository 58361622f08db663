import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { spentIdTokens } from '../../db/schema';

/**
 * Marks an ID token as exchanged; false when it already was. A stolen token therefore cannot open a
 * second session, however long it has left to live. Expired entries are dropped as new ones arrive.
 */
export async function spendIdToken(db: Database, token: string, expiresAt: Date, now = new Date()) {
  await db.delete(spentIdTokens).where(lt(spentIdTokens.expiresAt, now));
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  const spent = await db
    .insert(spentIdTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: spentIdTokens.tokenHash });
  return spent.length === 1;
}
