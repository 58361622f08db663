import { and, count, eq, gte } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { changeDefencesOf } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { auditEvents, members, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import type { QueuedMessage } from '../../lib/messaging';
import type { CodeRoute } from '../../lib/one-time-codes';
import { queueEmail, queueLetter, queueSms } from '../../lib/outbox';
import { passwordMatches } from '../../lib/password-hashing';
import { letterRecipient } from '../../lib/service-notices';
import { findTenant } from '../tenancy/tenant-repository';
import { lastFour, maskedEmail } from './masking';

/**
 * Defences against the classic pension redirection (take over a session, change the contact details,
 * then the bank account). docs/security.md "Changes a session thief cannot use" explains each rule.
 */
export type ContactRecord = Pick<
  typeof members.$inferSelect,
  | 'businessGroup'
  | 'referenceNumber'
  | 'title'
  | 'forenames'
  | 'surname'
  | 'email'
  | 'mobilePhone'
  | 'address'
  | 'emailChangedAt'
  | 'mobileChangedAt'
  | 'addressChangedAt'
>;

export type ChangeDefences = ReturnType<typeof changeDefencesOf>;

const DAY_MS = 86_400_000;

export const defencesOf = async (db: Database, request: FastifyRequest): Promise<ChangeDefences> =>
  changeDefencesOf(await findTenant(db, request.tenantUrl));

export interface ShownRoute extends CodeRoute {
  /** Where the code went, masked, for the member. */
  shown: string;
}

const unchangedSince = (changedAt: Date | null, since: Date) => !changedAt || changedAt <= since;

/**
 * Every route a code may go to, in order: the email, the mobile, the postal address (a letter), each only
 * when it was not changed in the last `stableRouteDays`. Empty when every route changed lately.
 */
export function settledRoutes(
  member: ContactRecord,
  defences: ChangeDefences,
  now = new Date(),
): ShownRoute[] {
  const since = new Date(now.getTime() - defences.stableRouteDays * DAY_MS);
  const routes: ShownRoute[] = [];
  if (member.email && unchangedSince(member.emailChangedAt, since))
    routes.push({ channel: 'email', destination: member.email, shown: maskedEmail(member.email) });
  if (member.mobilePhone && unchangedSince(member.mobileChangedAt, since))
    routes.push({
      channel: 'sms',
      destination: member.mobilePhone,
      shown: `your mobile ${lastFour(member.mobilePhone)}`,
    });
  if (member.address && unchangedSince(member.addressChangedAt, since))
    routes.push({
      channel: 'post',
      destination: letterRecipient(member),
      shown: `your postal address (${member.address.postcode}), by post`,
    });
  return routes;
}

/**
 * Where a bank or nomination code may go: email, else mobile, else a letter, each only when it was
 * not changed in the last `stableRouteDays`. Null when every route changed lately (call us instead).
 */
export function stableCodeRoute(
  member: ContactRecord,
  defences: ChangeDefences,
  now = new Date(),
): ShownRoute | null {
  return settledRoutes(member, defences, now)[0] ?? null;
}

export const noStableRoute = () =>
  new AppError(
    409,
    'no_stable_contact_route',
    'Your contact details changed recently, so we cannot send you a code safely. Please call us to make this change.',
  );

/**
 * A code may be used only while the route it went to is still the settled one: a member (or a thief)
 * who changes that route after the code was sent must ask for a new code.
 */
export function refuseUnsettledCodeRoute(
  sentTo: Pick<CodeRoute, 'channel' | 'destination'> | null,
  member: ContactRecord,
  defences: ChangeDefences,
) {
  if (!sentTo) return;
  const settled = stableCodeRoute(member, defences);
  if (settled?.channel !== sentTo.channel || settled.destination !== sentTo.destination) {
    throw new AppError(
      409,
      'code_route_changed',
      'Your contact details changed after we sent the code. Ask for a new code.',
    );
  }
}

/** When a bank change made now would apply: the end of the cooling-off after the latest contact change, if still running. */
export function coolingOffEnds(
  member: ContactRecord,
  defences: ChangeDefences,
  now = new Date(),
): Date | null {
  const changes = [member.emailChangedAt, member.mobileChangedAt, member.addressChangedAt].filter(
    (value): value is Date => value !== null,
  );
  if (changes.length === 0 || defences.coolingOffDays === 0) return null;
  const latest = Math.max(...changes.map((value) => value.getTime()));
  const ends = new Date(latest + defences.coolingOffDays * DAY_MS);
  return ends > now ? ends : null;
}

export interface Notice {
  subject: string;
  /** What changed (masked); the greeting is added per route. */
  body: string;
  /** What to do if it was not them, when a change's usual words do not fit (a sign-in is no change). */
  ifNotYou?: string;
}

const NOT_YOU =
  'If you did not make this change, call us straight away: we will stop it and help you secure your account.';

/**
 * Tells every route on file (email, mobile, postal address) about a change, in the transaction that
 * makes it and before it is written, so no change is kept without its notice. Answers what to hand to
 * `messaging.deliverQueued` once the transaction has committed.
 *
 * A security notice (a sign-in from a new browser, a password, two-step or passkey change, a new email,
 * mobile, address, bank account or nomination) ignores the member's contact preferences on purpose:
 * whoever took over the account may have chosen them, or changed the route they chose, so the member
 * must hear on every route a thief has not had time to change. Service notices follow the
 * preferences instead (`queueServiceNotice`, lib/service-notices.ts).
 */
export async function noticeToEveryRoute(
  tx: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  member: ContactRecord,
  notice: Notice,
): Promise<QueuedMessage[]> {
  const body = `${notice.body} ${notice.ifNotYou ?? NOT_YOU}`;
  const queued: QueuedMessage[] = [];
  if (member.email) {
    const email = { to: member.email, subject: notice.subject, body };
    await queueEmail(tx, log, email);
    queued.push({ channel: 'email', ...email });
  }
  if (member.mobilePhone) {
    const sms = { to: member.mobilePhone, body: `${notice.subject}. ${body}` };
    await queueSms(tx, log, sms);
    queued.push({ channel: 'sms', ...sms });
  }
  if (member.address) {
    const name = [member.title, member.forenames, member.surname].filter(Boolean).join(' ');
    const letter = { to: letterRecipient(member), subject: notice.subject, body: `Dear ${name}. ${body}` };
    await queueLetter(tx, log, letter);
    queued.push({ channel: 'post', ...letter });
  }
  return queued;
}

/** Wrong passwords a member may give when confirming a change, per hour, before it is refused for the hour. */
export const STEP_UP_PASSWORD_ATTEMPTS_PER_HOUR = 5;

/**
 * The member's password, asked again before a contact route changes: a stolen session alone cannot
 * change where codes go. Wrong answers are audited and, past the hourly allowance, refused.
 */
export async function requirePassword(db: Database, request: FastifyRequest, password: string) {
  const userId = request.member!.userId;
  const hourAgo = new Date(Date.now() - 3_600_000);
  const [failures] = await db
    .select({ count: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.userId, userId),
        eq(auditEvents.action, 'step_up_password'),
        eq(auditEvents.outcome, 'failure'),
        gte(auditEvents.at, hourAgo),
      ),
    );
  if ((failures?.count ?? 0) >= STEP_UP_PASSWORD_ATTEMPTS_PER_HOUR) {
    throw new AppError(
      429,
      'password_attempts_exceeded',
      'You have entered the wrong password too many times. Try again in an hour, or call us.',
    );
  }
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const right = user ? await passwordMatches(user.hash, password) : false;
  if (!right) {
    await audit(db, request, { action: 'step_up_password', outcome: 'failure', userId });
    throw badRequest('password_incorrect', 'The password is not right. Enter the password you sign in with.');
  }
}
