import { and, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { signInEvents } from '../../db/schema';
import { loggableError } from '../../lib/logging';
import { findTenant } from '../tenancy/tenant-repository';
import { holderOf } from './account-holder';
import { describeDevice, deviceOf } from './devices';

/** How long sign-in events are kept for "Recent sign-ins"; the session sweep deletes older ones. */
export const SIGN_IN_EVENTS_KEPT_DAYS = 90;

export type SignInOutcome = (typeof signInEvents.$inferInsert)['outcome'];

/** How a sign-in was made, as the member reads it. */
export const signInMethods = {
  password: 'Username and password',
  oidc: 'Sign in with your account (single sign-in)',
  'two-step': 'Password and two-step verification',
  passkey: 'Passkey',
} as const;

export const keptSince = (now = new Date()) =>
  new Date(now.getTime() - SIGN_IN_EVENTS_KEPT_DAYS * 86_400_000);

/**
 * Records a sign-in attempt of a known user with the browser and address it came from. A success from a
 * browser (user agent) the account has not signed in from in the kept period, on an account that has
 * signed in before, emails the member: a new-device notice. Recording never fails the sign-in.
 */
export async function recordSignIn(
  db: Database,
  request: FastifyRequest,
  event: { userId: string; outcome: SignInOutcome; method: keyof typeof signInMethods },
) {
  try {
    const device = deviceOf(request);
    const sameUserAgent = device.userAgent
      ? eq(signInEvents.userAgent, device.userAgent)
      : isNull(signInEvents.userAgent);
    const seen = (sameBrowser: boolean) =>
      db
        .select({ id: signInEvents.id })
        .from(signInEvents)
        .where(
          and(
            eq(signInEvents.userId, event.userId),
            eq(signInEvents.outcome, 'succeeded'),
            gte(signInEvents.occurredAt, keptSince()),
            sameBrowser ? sameUserAgent : undefined,
          ),
        )
        .limit(1);
    const newBrowser =
      event.outcome === 'succeeded' && (await seen(false)).length > 0 && (await seen(true)).length === 0;
    await db
      .insert(signInEvents)
      .values({ ...device, userId: event.userId, outcome: event.outcome, method: event.method });
    if (newBrowser) await tellNewDevice(db, request, event.userId, describeDevice(device.userAgent));
  } catch (error) {
    request.log.warn({ failure: loggableError(error as Error) }, 'sign-in event not recorded');
  }
}

async function tellNewDevice(db: Database, request: FastifyRequest, userId: string, device: string) {
  const tenant = await findTenant(db, request.tenantUrl);
  const holder = await holderOf(db, userId, tenant?.businessGroups ?? []);
  const to = holder?.member.email;
  if (!holder || !to || !tenant) return;
  const when = new Date().toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  await request.server.messaging.sendEmail({
    to,
    subject: `New sign-in to your ${tenant.tenantName} account`,
    body: `Your ${tenant.tenantName} account (${holder.username}) was signed in to from a browser it has not used before: ${device}, on ${when}. If this was you, you need do nothing. If it was not, change your password straight away (Forgotten your password? on the sign-in page) and call us. You can see where you are signed in, and sign out elsewhere, in My details under Sign-in and security.`,
  });
}

/** Deletes sign-in events older than SIGN_IN_EVENTS_KEPT_DAYS; answers how many went. */
export async function purgeOldSignInEvents(db: Pick<Database, 'delete'>, now = new Date()) {
  const deleted = await db
    .delete(signInEvents)
    .where(lt(signInEvents.occurredAt, keptSince(now)))
    .returning({ id: signInEvents.id });
  return deleted.length;
}

/** The member's sign-in attempts of the kept period, newest first (at most `limit`). */
export function recentSignInsOf(db: Database, userId: string, limit = 20) {
  return db
    .select()
    .from(signInEvents)
    .where(and(eq(signInEvents.userId, userId), gte(signInEvents.occurredAt, keptSince())))
    .orderBy(desc(signInEvents.occurredAt))
    .limit(limit);
}
