import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverKeys } from '../db/schema';

/**
 * A named secret for signing. Production supplies SECRETS_KEY; the embedded default generates one
 * and keeps it in the database so restarts and other instances agree.
 */
export async function loadSigningKey(db: Database, name: string, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(`${name}:${configured}`);
  const generated = randomBytes(32).toString('base64url');
  await db.insert(serverKeys).values({ name, secret: generated }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return new TextEncoder().encode(row!.secret);
}
