import { isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';
import { EMBEDDED_AUTHORITY } from './tenant-settings';

/**
 * Origins the web app must reach for single auth (discovery, token endpoint): the embedded issuer's
 * and every external authority configured when the server starts.
 */
export async function singleAuthConnectSources(db: Database, embeddedIssuer: string): Promise<string[]> {
  const rows = await db
    .select({ singleAuth: tenants.singleAuth })
    .from(tenants)
    .where(isNotNull(tenants.singleAuth));
  const authorities = rows
    .map((row) => row.singleAuth!.authority)
    .filter((authority) => authority !== EMBEDDED_AUTHORITY);
  return [...new Set([embeddedIssuer, ...authorities].map((authority) => new URL(authority).origin))];
}
