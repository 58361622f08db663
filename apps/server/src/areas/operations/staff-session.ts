import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verify } from 'otplib';
import type { StaffRole } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { clearRuledCookie, setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { findTenant } from '../tenancy/tenant-repository';
import { auditStaff } from './staff-audit';
import { openStaffSecret } from './staff-secrets';

export const STAFF_API_PREFIX = '/admin-api';

/** The staff session's cookie: sent only to the staff API, never to the member API (and the reverse). */
export const STAFF_COOKIE: CookieRule = { name: 'staffSession', path: STAFF_API_PREFIX, httpOnly: true };

/** Ten minutes to give the code after the password; five codes at most. */
const PASSWORD_STAGE_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** A signed-in session ends after 30 minutes without a call, and 10 hours after sign-in whatever happens. */
const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 10 * 60 * 60_000;

export interface SignedInStaff {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  tenantUrl: string | null;
  /** The business groups whose cases they may see; null for every tenant's. */
  businessGroups: string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: SignedInStaff | null;
  }
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether an account works the host's tenant: its own, or every tenant's (an administrator firm's staff). */
export const holdsTenant = (account: { tenantUrl: string | null }, tenantUrl: string) =>
  account.tenantUrl === null || account.tenantUrl === tenantUrl;

/** A tenant's member of staff signing in (or calling) on another tenant's host. */
export const otherTenant = () =>
  new AppError(
    403,
    'staff_other_tenant',
    'Your account works another scheme’s console. Sign in at that scheme’s address.',
  );

/** Opens the password stage of a sign-in and sets its cookie. */
export async function startStaffSession(db: Database, reply: FastifyReply, staffId: string) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: hashOf(token),
    staffId,
    stage: 'password',
    expiresAt: new Date(Date.now() + PASSWORD_STAGE_MS),
  });
  setRuledCookie(reply, STAFF_COOKIE, token);
}

type SessionRow = typeof staffSessions.$inferSelect;
type AccountRow = typeof staffAccounts.$inferSelect;

/** The session the request's cookie names (any stage), with its account; null when there is none or it ended. */
export async function presentedSession(
  db: Database,
  request: FastifyRequest,
): Promise<{ session: SessionRow; account: AccountRow } | null> {
  const token = request.cookies[STAFF_COOKIE.name];
  if (!token) return null;
  const [found] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashOf(token)), gt(staffSessions.expiresAt, new Date())));
  if (!found || found.account.disabledAt) return null;
  if (found.session.stage === 'signed_in' && Date.now() - found.session.lastSeenAt.getTime() > IDLE_MS)
    return null;
  return found;
}

/**
 * Checks a code from the authenticator app: right, and for a 30-second step later than the last one
 * accepted (a code seen over a shoulder cannot be used again). Moves the session to signed in.
 */
export async function confirmCode(
  db: Database,
  secretKey: Uint8Array,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<AccountRow> {
  const found = await presentedSession(db, request);
  if (!found || found.session.stage !== 'password')
    throw new AppError(401, 'staff_password_first', 'Enter your email address and password first.');
  const { session, account } = found;
  if (!holdsTenant(account, request.tenantUrl)) {
    await auditStaff(db, request, {
      action: 'staff_sign_in_code',
      outcome: 'denied',
      staffId: account.id,
      details: { reason: 'other_tenant', tenantUrl: request.tenantUrl },
    });
    throw otherTenant();
  }
  if (session.codeAttempts >= MAX_CODE_ATTEMPTS)
    throw new AppError(429, 'staff_code_attempts', 'Too many wrong codes. Start again with your password.');
  const checked = account.totpSecret
    ? await verify({
        secret: openStaffSecret(secretKey, account.totpSecret),
        token: code,
        epochTolerance: 30,
      })
    : { valid: false as const };
  const step = checked.valid && 'timeStep' in checked ? checked.timeStep : null;
  const accepted =
    step !== null &&
    (
      await db
        .update(staffAccounts)
        .set({ totpLastStep: step, totpEnrolled: true })
        .where(
          and(
            eq(staffAccounts.id, account.id),
            or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
          ),
        )
        .returning({ id: staffAccounts.id })
    ).length === 1;
  if (!accepted) {
    await db
      .update(staffSessions)
      .set({ codeAttempts: sql`${staffSessions.codeAttempts} + 1` })
      .where(eq(staffSessions.tokenHash, session.tokenHash));
    await auditStaff(db, request, {
      action: 'staff_sign_in_code',
      outcome: 'failure',
      staffId: account.id,
      details: { reason: step === null ? 'wrong_code' : 'code_used_before' },
    });
    throw new AppError(400, 'staff_code_wrong', 'The code is not right. Enter the code your app shows now.');
  }
  // A new token for the signed-in stage: the password stage's cookie is not the session's.
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, session.tokenHash));
  await openSignedInSession(db, reply, account.id);
  return account;
}

/**
 * Opens a signed-in session (both factors proven: password and code, or a passkey with user
 * verification) with a new token, and sets its cookie.
 */
export async function openSignedInSession(db: Database, reply: FastifyReply, staffId: string) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: hashOf(token),
    staffId,
    stage: 'signed_in',
    expiresAt: new Date(Date.now() + ABSOLUTE_MS),
  });
  setRuledCookie(reply, STAFF_COOKIE, token);
}

/** The token hash of the staff session the request's cookie names (to bind a ceremony to it); null without one. */
export function presentedSessionHash(request: FastifyRequest): string | null {
  const token = request.cookies[STAFF_COOKIE.name];
  return token ? hashOf(token) : null;
}

/** Ends the session the cookie names. */
export async function endStaffSession(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[STAFF_COOKIE.name];
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashOf(token)));
  clearRuledCookie(reply, STAFF_COOKIE);
}

const memberCredentialsPresented = (request: FastifyRequest) =>
  request.headers.authorization?.startsWith('Bearer ') === true || Boolean(request.cookies.accessToken);

/**
 * preHandler: a signed-in member of staff (password and code, or a passkey), else 401; a member's
 * session never is one. A session of one tenant's staff presented on another tenant's host is 403
 * `staff_other_tenant`, audited.
 */
export function requireStaff(db: Database) {
  return async (request: FastifyRequest) => {
    const found = await presentedSession(db, request);
    if (!found || found.session.stage !== 'signed_in') {
      if (!found && memberCredentialsPresented(request))
        throw new AppError(
          401,
          'member_session_on_staff_api',
          'A member’s sign-in does not open the operations console. Sign in as staff.',
        );
      if (found?.session.stage === 'password') {
        // A password alone opens nothing, and the attempt is kept with who made it.
        await auditStaff(db, request, {
          action: 'staff_session_code_required',
          outcome: 'denied',
          staffId: found.account.id,
          details: { method: request.method, url: request.url },
        });
        throw new AppError(401, 'staff_code_required', 'Enter the code from your authenticator app.');
      }
      throw new AppError(401, 'staff_session_missing', 'Sign in to the operations console.');
    }
    const { account, session } = found;
    if (!holdsTenant(account, request.tenantUrl)) {
      await auditStaff(db, request, {
        action: 'staff_session_other_tenant',
        outcome: 'denied',
        staffId: account.id,
        details: { tenantUrl: request.tenantUrl, method: request.method, url: request.url },
      });
      throw otherTenant();
    }
    if (Date.now() - session.lastSeenAt.getTime() > 60_000)
      await db
        .update(staffSessions)
        .set({ lastSeenAt: new Date() })
        .where(eq(staffSessions.tokenHash, session.tokenHash));
    const tenant = account.tenantUrl ? await findTenant(db, account.tenantUrl) : null;
    request.staff = {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      tenantUrl: account.tenantUrl,
      businessGroups: account.tenantUrl ? (tenant?.businessGroups ?? []) : null,
    };
  };
}
