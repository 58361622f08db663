import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { SIGN_INS_PER_PAGE } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { signInEvents } from '../../db/schema';
import { loggableError } from '../../lib/logging';
import { findTenant } from '../tenancy/tenant-repository';
import { noticeToEveryRoute } from '../my-details/change-defences';
import { holderOf } from './account-holder';
import { describeDevice, deviceOf } from './devices';
import type { BrowserStanding } from '../authentication/sign-in-guard';

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
 * browser new to an account that has signed in before (`browser: 'new'`, from the sign-in guard, which
 * knows a browser by its device cookie against every browser the account has ever signed in from, not by
 * its user agent, which changes with every update and can be copied) tells the member on every route; the
 * user agent only describes the browser. A sign-in whose browser the caller cannot see (`browser` left
 * out: the portal session opened from the embedded provider's token, whose page told its own) sends
 * none. Recording never fails the sign-in.
 */
export async function recordSignIn(
  db: Database,
  request: FastifyRequest,
  event: {
    userId: string;
    outcome: SignInOutcome;
    method: keyof typeof signInMethods;
    browser?: BrowserStanding;
  },
) {
  try {
    const device = deviceOf(request);
    const newBrowser = event.outcome === 'succeeded' && event.browser === 'new';
    await db
      .insert(signInEvents)
      .values({ ...device, userId: event.userId, outcome: event.outcome, method: event.method });
    if (newBrowser) await tellNewDevice(db, request, event.userId, describeDevice(device.userAgent));
  } catch (error) {
    request.log.warn({ failure: loggableError(error as Error) }, 'sign-in event not recorded');
  }
}

/**
 * The new-device notice for a sign-in completed on the embedded provider's page from a browser new to
 * the account (the portal records the sign-in itself when its session opens).
 */
export async function tellIfNewBrowser(
  db: Database,
  request: FastifyRequest,
  userId: string,
  browser: BrowserStanding,
) {
  try {
    if (browser === 'new')
      await tellNewDevice(db, request, userId, describeDevice(deviceOf(request).userAgent));
  } catch (error) {
    request.log.warn({ failure: loggableError(error as Error) }, 'new-device notice not sent');
  }
}

async function tellNewDevice(db: Database, request: FastifyRequest, userId: string, device: string) {
  const tenant = await findTenant(db, request.tenantUrl);
  const holder = await holderOf(db, userId, tenant?.businessGroups ?? []);
  if (!holder || !tenant) return;
  const when = new Date().toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  // A security notice: every route on file, whatever the member chose (noticeToEveryRoute says why).
  const queued = await noticeToEveryRoute(db, request.log, holder.member, {
    subject: `New sign-in to your ${tenant.tenantName} account`,
    body: `Your ${tenant.tenantName} account (${holder.username}) was signed in to from a browser it has not used before: ${device}, on ${when}. If this was you, you need do nothing.`,
    ifNotYou:
      'If it was not, change your password straight away (Forgotten your password? on the sign-in page) and call us. You can see where you are signed in, and sign out elsewhere, in My details under Sign-in and security.',
  });
  await request.server.messaging.deliverQueued(queued);
}

/** Deletes sign-in events older than SIGN_IN_EVENTS_KEPT_DAYS; answers how many went. */
export async function purgeOldSignInEvents(db: Pick<Database, 'delete'>, now = new Date()) {
  const deleted = await db
    .delete(signInEvents)
    .where(lt(signInEvents.occurredAt, keptSince(now)))
    .returning({ id: signInEvents.id });
  return deleted.length;
}

/**
 * A page of the member's sign-in attempts of the kept period, newest first (SIGN_INS_PER_PAGE), and
 * where the next older page starts (the last event shown) or null. `before`: the event the previous page
 * ended with; one that is not the member's, or no longer kept, is null (the caller answers 404).
 */
export async function signInPageOf(db: Database, userId: string, before?: string) {
  const mine = and(eq(signInEvents.userId, userId), gte(signInEvents.occurredAt, keptSince()));
  if (before) {
    const [start] = await db
      .select({ id: signInEvents.id })
      .from(signInEvents)
      .where(and(mine, eq(signInEvents.id, before)));
    if (!start) return null;
  }
  // Compared in the database, at its own precision (microseconds), with the id breaking ties.
  const older = before
    ? sql`(${signInEvents.occurredAt}, ${signInEvents.id}) < (select occurred_at, id from ${signInEvents} where id = ${before})`
    : undefined;
  const rows = await db
    .select()
    .from(signInEvents)
    .where(and(mine, older))
    .orderBy(desc(signInEvents.occurredAt), desc(signInEvents.id))
    .limit(SIGN_INS_PER_PAGE + 1);
  const events = rows.slice(0, SIGN_INS_PER_PAGE);
  return { events, olderSignIns: rows.length > SIGN_INS_PER_PAGE ? events.at(-1)!.id : null };
}
