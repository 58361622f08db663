import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { integrationScopes, type IntegrationScope } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { integrationClients, integrationTokens, tenants } from '../../db/schema';

/** A token lives ten minutes: a leaked one is soon useless, and a disabled client stops at once anyway. */
export const TOKEN_LIFETIME_SECONDS = 600;

/**
 * Secrets and tokens are 256 random bits, so SHA-256 is enough to keep them unguessable from the
 * database: a slow hash (argon2) only helps a secret a person chose, and would make every token
 * request cost about half a second of hashing (docs/integration.md).
 */
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export interface IntegrationClient {
  id: string;
  name: string;
  tenantUrl: string;
  /** The tenant's business groups: the cases and members the client may reach. */
  businessGroups: string[];
  /** What the presented token grants. */
  scopes: IntegrationScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The administration system calling the integration API, once its bearer token is checked. */
    integrationClient: IntegrationClient | null;
  }
}

export const isScope = (value: string): value is IntegrationScope =>
  (integrationScopes as readonly string[]).includes(value);

const newClientSecret = () => `mis_${randomBytes(32).toString('base64url')}`;

/** Adds a tenant's client; answers its id and its secret (shown once: only the hash is kept). */
export async function addIntegrationClient(
  db: Database,
  client: { tenantUrl: string; name: string; scopes: string[] },
) {
  const unknown = client.scopes.filter((scope) => !isScope(scope));
  if (unknown.length || client.scopes.length === 0)
    throw new Error(`Scopes must be some of ${integrationScopes.join(', ')}.`);
  const secret = newClientSecret();
  const [row] = await db
    .insert(integrationClients)
    .values({
      tenantUrl: client.tenantUrl,
      name: client.name,
      scopes: [...new Set(client.scopes)],
      secretHash: hashOf(secret),
    })
    .returning({ id: integrationClients.id });
  return { id: row!.id, secret };
}

export async function disableIntegrationClient(db: Database, id: string) {
  const [row] = await db
    .update(integrationClients)
    .set({ disabledAt: new Date() })
    .where(eq(integrationClients.id, id))
    .returning({ id: integrationClients.id });
  return row !== undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client these credentials name, whether or not the secret is right (null when there is none). */
export async function findClient(db: Database, clientId: string) {
  if (!UUID.test(clientId)) return null;
  const [row] = await db.select().from(integrationClients).where(eq(integrationClients.id, clientId));
  return row ?? null;
}

export type ClientRow = typeof integrationClients.$inferSelect;

export const secretMatches = (client: ClientRow, secret: string) =>
  sameHash(client.secretHash, hashOf(secret));

/**
 * Which of the client's secrets this is: its current one, the one before the last rotation while its
 * grace period runs (`previous`) or after (`retired`), or neither (`wrong`).
 */
export function whichSecret(
  client: ClientRow,
  secret: string,
  now = new Date(),
): 'current' | 'previous' | 'retired' | 'wrong' {
  const hash = hashOf(secret);
  if (sameHash(client.secretHash, hash)) return 'current';
  if (!client.previousSecretHash || !sameHash(client.previousSecretHash, hash)) return 'wrong';
  return client.previousSecretExpiresAt && client.previousSecretExpiresAt > now ? 'previous' : 'retired';
}

export type RotationRefusal = 'not_found' | 'disabled';

/**
 * Issues the client a new secret (shown once; only its hash is kept). The one it replaces keeps working
 * for `graceMs` (0: not at all), so the system's owners can change it without a gap; a secret from
 * before an earlier rotation stops at once. Answers the new secret and until when the old one works.
 */
export async function rotateClientSecret(
  db: Database,
  clientId: string,
  graceMs: number,
  now = new Date(),
): Promise<{ secret: string; previousSecretUntil: Date | null } | RotationRefusal> {
  const client = await findClient(db, clientId);
  if (!client) return 'not_found';
  if (client.disabledAt) return 'disabled';
  const secret = newClientSecret();
  const until = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
  const [rotated] = await db
    .update(integrationClients)
    .set({
      secretHash: hashOf(secret),
      previousSecretHash: client.secretHash,
      previousSecretExpiresAt: until ?? now,
      secretRotatedAt: now,
    })
    // Two rotations at once: the second finds the hash changed and starts again from the first's secret.
    .where(and(eq(integrationClients.id, client.id), eq(integrationClients.secretHash, client.secretHash)))
    .returning({ id: integrationClients.id });
  if (!rotated) return rotateClientSecret(db, clientId, graceMs, now);
  return { secret, previousSecretUntil: until };
}

/** A new bearer token for the client with these scopes; the client's expired tokens are cleared. */
export async function issueToken(db: Database, clientId: string, scopes: IntegrationScope[]) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .delete(integrationTokens)
    .where(and(eq(integrationTokens.clientId, clientId), lt(integrationTokens.expiresAt, now)));
  await db.insert(integrationTokens).values({
    tokenHash: hashOf(token),
    clientId,
    scopes,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
  });
  return token;
}

/** The client a bearer token stands for: unexpired, its client not disabled. */
export async function clientOfToken(db: Database, token: string): Promise<IntegrationClient | null> {
  const [found] = await db
    .select({ token: integrationTokens, client: integrationClients, businessGroups: tenants.businessGroups })
    .from(integrationTokens)
    .innerJoin(integrationClients, eq(integrationClients.id, integrationTokens.clientId))
    .leftJoin(tenants, eq(tenants.tenantUrl, integrationClients.tenantUrl))
    .where(and(eq(integrationTokens.tokenHash, hashOf(token)), gt(integrationTokens.expiresAt, new Date())));
  if (!found || found.client.disabledAt) return null;
  return {
    id: found.client.id,
    name: found.client.name,
    tenantUrl: found.client.tenantUrl,
    businessGroups: found.businessGroups ?? [],
    scopes: found.token.scopes.filter(isScope),
  };
}
