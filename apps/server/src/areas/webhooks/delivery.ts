import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, like, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { JobAbandoned, type JobHandler } from '../../lib/job-queue';
import { SEALED_PREFIX, sealedSecrets } from '../../lib/sealed-secrets';

export type WebhookEvent = (typeof webhookEvents)[number];

export const WEBHOOK_HEADERS = {
  signature: 'meridian-signature',
  timestamp: 'meridian-timestamp',
  delivery: 'meridian-delivery',
  event: 'meridian-event',
} as const;

/** How old a signed timestamp a receiver should still accept: older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `v1=` and the hex HMAC-SHA256, under the endpoint's secret, of `<timestamp>.<body>`. */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * The signature header: one signature under each secret that signs (the new one first, then the one a
 * rotation replaced, during its grace period), separated by commas.
 */
export const webhookSignatures = (secrets: readonly string[], timestamp: number, body: string) =>
  secrets.map((secret) => signWebhook(secret, timestamp, body)).join(',');

/**
 * What a receiver does with a delivery: any one of the header's signatures must be this body's under
 * the shared secret, and the timestamp within the tolerance (a captured delivery sent again later is
 * refused).
 */
export function verifyWebhook(
  secret: string,
  {
    timestamp,
    signature,
    body,
  }: { timestamp: string | undefined; signature: string | undefined; body: string },
  now = new Date(),
): 'valid' | 'bad_signature' | 'too_old' {
  const seconds = Number(timestamp);
  if (!timestamp || !Number.isInteger(seconds) || !signature) return 'bad_signature';
  const expected = Buffer.from(signWebhook(secret, seconds, body));
  const matches = signature.split(',').map((one) => {
    const given = Buffer.from(one.trim());
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!matches.includes(true)) return 'bad_signature';
  return Math.abs(now.getTime() / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS ? 'too_old' : 'valid';
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Receivers' signing secrets are sealed at rest as staff authenticator secrets are
 * (lib/sealed-secrets.ts: AES-256-GCM under the `webhook-secrets` key, from SECRETS_KEY or kept in the
 * database): a copy of the table alone signs nothing. The job handler opens the secret for each attempt.
 */
const sealing = sealedSecrets('webhook-secrets');

/** The sealing key, loaded once per database. */
export const webhookSecretKey = (db: Database, secretsKey?: string) => sealing.key(db, secretsKey);

/** Seals every receiver's secret still kept plain (added before sealing); answers how many. */
export async function sealPlainWebhookSecrets(db: Database, key: Uint8Array): Promise<number> {
  const plain = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(not(like(webhookEndpoints.secret, `${SEALED_PREFIX}%`)));
  for (const row of plain)
    await db
      .update(webhookEndpoints)
      .set({ secret: sealing.seal(key, row.secret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
  return plain.length;
}

const loopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** A receiver's address: HTTPS, or plain HTTP on this machine outside production. */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && !production && loopback(parsed.hostname)) return null;
  return 'must be an https:// address';
}

/**
 * Adds a tenant's receiver (`npm run webhooks:add` and the console's Webhook receivers both); answers its
 * id and the secret to give the receiver (shown once, kept sealed). `secretsKey` is the configured
 * SECRETS_KEY, when there is one. A bad address or events: 400 webhook_url_invalid, webhook_events_invalid.
 */
export async function addWebhookEndpoint(
  db: Database,
  endpoint: { tenantUrl: string; url: string; events: WebhookEvent[]; production: boolean },
  secretsKey?: string,
) {
  const problem = webhookUrlProblem(endpoint.url, endpoint.production);
  if (problem) throw badRequest('webhook_url_invalid', `The receiver’s address ${problem}.`);
  const unknown = endpoint.events.filter((event) => !(webhookEvents as readonly string[]).includes(event));
  if (unknown.length || endpoint.events.length === 0)
    throw badRequest('webhook_events_invalid', `Events must be some of ${webhookEvents.join(', ')}.`);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      tenantUrl: endpoint.tenantUrl,
      url: endpoint.url,
      events: endpoint.events,
      secret: sealing.seal(await webhookSecretKey(db, secretsKey), secret),
    })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

/**
 * Gives a receiver a new signing secret (kept sealed), answered this once: deliveries are signed with it
 * from the next try on, and for `graceMs` also with the secret it replaces, so the receiver can change
 * over at its own pace (0: the old one signs nothing more). A secret replaced before that stops at once.
 * Null when there is no such receiver.
 */
export async function rotateWebhookSecret(
  db: Database,
  endpointId: string,
  graceMs: number,
  secretsKey?: string,
  now = new Date(),
): Promise<{ secret: string; previousSecretUntil: Date | null } | null> {
  const secret = newWebhookSecret();
  const previousSecretUntil = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
  const updated = await db
    .update(webhookEndpoints)
    .set({
      secret: sealing.seal(await webhookSecretKey(db, secretsKey), secret),
      previousSecret: previousSecretUntil ? sql`${webhookEndpoints.secret}` : null,
      previousSecretUntil,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ id: webhookEndpoints.id });
  return updated.length === 1 ? { secret, previousSecretUntil } : null;
}

/** The secrets a delivery attempt at `now` is signed with: the receiver's, then the one it replaced while that still signs. */
function signingSecrets(
  endpoint: typeof webhookEndpoints.$inferSelect,
  secretKey: Uint8Array,
  now: Date,
): string[] {
  const current = sealing.open(secretKey, endpoint.secret);
  if (!endpoint.previousSecret || !endpoint.previousSecretUntil || endpoint.previousSecretUntil <= now)
    return [current];
  return [current, sealing.open(secretKey, endpoint.previousSecret)];
}

const RECEIVER_TIMEOUT_MS = 10_000;

/**
 * Sends one delivery: the JSON body signed with a fresh timestamp on each attempt (the endpoint's
 * secrets opened with `secretKey`), no redirects followed. Any answer but 2xx (or none) is a failed
 * attempt, retried by the job queue.
 */
export function webhookJobHandler(
  db: Database,
  secretKey: Uint8Array,
  send: typeof fetch = fetch,
): JobHandler {
  return async (job) => {
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, job.subjectId));
    if (!found) throw new Error(`webhook delivery ${job.subjectId} is gone`);
    const { delivery, endpoint } = found;
    // A delivery queued before its receiver was disabled is not sent, then or once it is enabled again.
    if (endpoint.disabledAt) throw new JobAbandoned('the receiver is disabled: nothing was sent');
    const body = JSON.stringify({ id: delivery.id, ...delivery.payload });
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    let status: number | null = null;
    try {
      const response = await send(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(RECEIVER_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Meridian-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: webhookSignatures(
            signingSecrets(endpoint, secretKey, now),
            timestamp,
            body,
          ),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.delivery]: delivery.id,
          [WEBHOOK_HEADERS.event]: delivery.event,
        },
        body,
      });
      status = response.status;
      await response.body?.cancel();
    } finally {
      await db
        .update(webhookDeliveries)
        .set({ responseStatus: status })
        .where(eq(webhookDeliveries.id, delivery.id));
    }
    if (status === null || status < 200 || status >= 300) throw new Error(`the receiver answered ${status}`);
  };
}
