import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refreshTokens, sessions, userRecords, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { passwordMatches, verifyAgainstDecoy } from '../../lib/password-hashing';

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;

export interface SessionPolicy {
  idleTimeoutMinutes: number;
  absoluteHours: number;
}

export interface MemberRecord {
  businessGroup: string;
  referenceNumber: string;
  recordNumber: number;
  isPrimary: boolean;
}

export interface IssuedSession {
  sessionId: string;
  userId: string;
  refreshToken: string;
  record: MemberRecord;
  hasMultipleRecords: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/** One answer for an unknown username, a wrong password and a paused account alike. */
export const invalidCredentials = () =>
  new AppError(
    401,
    'invalid_credentials',
    `The username or password is not right. After ${LOCKOUT_THRESHOLD} wrong attempts in a row, sign-in is paused for ${LOCKOUT_MINUTES} minutes.`,
  );

/**
 * A member's account closed by the scheme (a report of their death matched to their record): said only
 * after the right password, with what to do, since a relative may be trying their account.
 */
export const accountSuspended = () =>
  new AppError(
    403,
    'account_suspended',
    'This account is closed because we have been told that the member has died. If this is wrong, or you need to talk to us about their pension, call us.',
  );

export async function recordsOf(
  db: Database,
  userId: string,
  businessGroups?: string[],
): Promise<MemberRecord[]> {
  const rows = await db
    .select({
      businessGroup: userRecords.businessGroup,
      referenceNumber: userRecords.referenceNumber,
      recordNumber: userRecords.recordNumber,
      isPrimary: userRecords.isPrimary,
    })
    .from(userRecords)
    .where(
      businessGroups
        ? and(eq(userRecords.userId, userId), inArray(userRecords.businessGroup, businessGroups))
        : eq(userRecords.userId, userId),
    )
    .orderBy(userRecords.recordNumber);
  return rows;
}

export type SessionMethod = (typeof sessions.$inferInsert)['method'];

/** The browser and address a session is opened from, kept to show the member where they are signed in. */
export interface SessionDevice {
  userAgent: string | null;
  ipAddress: string | null;
}

export type CredentialCheck =
  | { ok: true; userId: string; records: MemberRecord[] }
  | { ok: false; error: AppError; userId?: string; reason: string };

/**
 * Takes one sign-in attempt for a user in a single statement, under the row's lock, before the
 * password is checked: the failure count goes up (a success puts it back to 0), every
 * LOCKOUT_THRESHOLD-th attempt pauses the account, and an attempt that finds the account paused is
 * refused unchecked. Parallel attempts therefore cannot all pass as the first.
 */
async function takeSignInAttempt(db: Database, userId: string, now: Date) {
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
  const result = await db.execute<{ failures: number; paused: boolean }>(sql`
    with previous as (
      select id, locked_until from ${users} where id = ${userId} for update
    )
    update ${users} set
      failed_sign_ins = ${users.failedSignIns} + 1,
      locked_until = case
        when previous.locked_until > ${now.toISOString()}::timestamptz then previous.locked_until
        when (${users.failedSignIns} + 1) % ${LOCKOUT_THRESHOLD} = 0 then ${lockedUntil.toISOString()}::timestamptz
        else previous.locked_until
      end
    from previous
    where ${users.id} = previous.id
    returning ${users.failedSignIns} as failures,
      coalesce(previous.locked_until > ${now.toISOString()}::timestamptz, false) as paused`);
  return result.rows[0]!;
}

/**
 * Checks a username and password for a tenant's business groups, with a soft lockout after repeated
 * failures. Shared by the password sign-in and the embedded OpenID provider's sign-in page. Unknown,
 * wrong and paused all answer the same, after the same work. `trustedUserId` names the user whose
 * known browser this is (see sign-in-guard): a pause does not stop that user's right password, and
 * such a sign-in leaves the pause and the failure count as they were for everyone else.
 */
export async function verifyCredentials(
  db: Database,
  input: { username: string; password: string; businessGroups: string[]; trustedUserId?: string | null },
  now = new Date(),
): Promise<CredentialCheck> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.username, input.username.trim().toLowerCase()));
  if (!user) {
    await verifyAgainstDecoy(input.password);
    return { ok: false, error: invalidCredentials(), reason: 'unknown_user' };
  }
  const attempt = await takeSignInAttempt(db, user.id, now);
  const throughPause = attempt.paused && input.trustedUserId === user.id;
  if (attempt.paused && !throughPause) {
    await verifyAgainstDecoy(input.password);
    return { ok: false, userId: user.id, reason: 'locked', error: invalidCredentials() };
  }
  const rightPassword = await passwordMatches(user.passwordHash, input.password);
  const records = rightPassword ? await recordsOf(db, user.id, input.businessGroups) : [];
  if (!rightPassword || records.length === 0) {
    return {
      ok: false,
      userId: user.id,
      reason: rightPassword ? 'no_record_in_tenant' : 'wrong_password',
      error: invalidCredentials(),
    };
  }
  if (user.suspendedAt) return { ok: false, userId: user.id, reason: 'suspended', error: accountSuspended() };
  await db
    .update(users)
    .set(
      throughPause
        ? { failedSignIns: sql`greatest(${users.failedSignIns} - 1, 0)`, lastSignInAt: now }
        : { failedSignIns: 0, lockedUntil: null, lastSignInAt: now },
    )
    .where(eq(users.id, user.id));
  return { ok: true, userId: user.id, records };
}

/**
 * Opens a session for a user whose sign-in was proven (a password, and a second factor when the account
 * has two-step on; or a token from single auth), acting as their primary record among the tenant's
 * business groups; null when they have no record there. A sign-in with a second factor counts as a
 * fresh step-up (`steppedUp`: true for now, or the moment the factor was given, such as an ID token's
 * `auth_time`, from which the step-up's freshness then runs).
 */
export async function openSessionFor(
  db: Database,
  userId: string,
  input: {
    method: SessionMethod;
    businessGroups: string[];
    tenantUrl: string;
    device: SessionDevice;
    steppedUp?: boolean | Date;
    /** The embedded provider's session id, when its sign-in opened this session. */
    providerSid?: string | null;
  },
  policy: SessionPolicy,
  now = new Date(),
): Promise<IssuedSession | null> {
  const records = await recordsOf(db, userId, input.businessGroups);
  if (records.length === 0) return null;
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return openSession(db, userId, records, input, policy, now);
}

async function openSession(
  db: Database,
  userId: string,
  records: MemberRecord[],
  {
    method,
    tenantUrl,
    device,
    steppedUp,
    providerSid,
  }: {
    method: SessionMethod;
    tenantUrl: string;
    device: SessionDevice;
    steppedUp?: boolean | Date;
    providerSid?: string | null;
  },
  policy: SessionPolicy,
  now: Date,
): Promise<IssuedSession> {
  // Every way in (a password, single auth, the provider's page) opens its session here.
  const [account] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (account?.suspendedAt) throw accountSuspended();
  const record = records.find((candidate) => candidate.isPrimary) ?? records[0]!;
  const [created] = await db
    .insert(sessions)
    .values({
      userId,
      method,
      tenantUrl,
      businessGroup: record.businessGroup,
      referenceNumber: record.referenceNumber,
      lastActivityAt: now,
      absoluteExpiresAt: new Date(now.getTime() + policy.absoluteHours * 3_600_000),
      steppedUpAt: steppedUp instanceof Date ? steppedUp : steppedUp ? now : null,
      providerSid: providerSid ?? null,
      ...device,
    })
    .returning({ id: sessions.id });
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({ sessionId: created!.id, tokenHash: hashToken(refreshToken) });
  return { sessionId: created!.id, userId, refreshToken, record, hasMultipleRecords: records.length > 1 };
}

export type SessionRow = typeof sessions.$inferSelect;

/** Why a session can no longer be used, or null when it is live. */
export function sessionProblem(session: SessionRow | undefined, policy: SessionPolicy, now = new Date()) {
  if (!session) return 'session_not_found';
  if (session.revokedAt) return 'session_revoked';
  if (session.absoluteExpiresAt <= now) return 'session_expired';
  if (session.lastActivityAt.getTime() + policy.idleTimeoutMinutes * 60_000 <= now.getTime())
    return 'session_expired';
  return null;
}

export async function findSession(db: Database, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

export async function revokeSession(db: Database, sessionId: string, reason: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function touchSession(db: Database, sessionId: string, now = new Date()) {
  await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, sessionId));
}

export type RefreshOutcome =
  | { ok: true; session: SessionRow; refreshToken: string }
  | { ok: false; error: AppError; sessionId?: string; reason: string };

/**
 * How long after its rotation a refresh token may come back and have its successor re-issued
 * instead of revoking the family: a response lost to a crash or a dropped connection, or two tabs
 * refreshing together, would otherwise sign the member out.
 */
export const REFRESH_GRACE_SECONDS = 30;

/**
 * Rotates a refresh token presented on the host of the tenant whose session it belongs to, under the
 * token's row lock. A token that comes back within REFRESH_GRACE_SECONDS of its rotation, while its
 * successor is still unused, gets a fresh successor that replaces (voids) the previous one, so the
 * family never holds two live tokens. A token used before that, or whose successor has been used,
 * was copied: the whole family (the session) is revoked. On another tenant's host the token is
 * refused and left as it was.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  tenantUrl: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<RefreshOutcome> {
  const [token] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  const refused = (code: string, message: string, reason: string, sessionId?: string): RefreshOutcome => ({
    ok: false,
    error: new AppError(401, code, message),
    reason,
    sessionId,
  });
  if (!token) return refused('refresh_token_invalid', 'Please sign in again.', 'unknown_token');
  const session = await findSession(db, token.sessionId);
  if (session && session.tenantUrl !== tenantUrl) {
    return refused('session_wrong_tenant', 'Please sign in again.', 'wrong_tenant', token.sessionId);
  }
  const problem = sessionProblem(session, policy, now);
  if (problem && !token.usedAt)
    return refused(problem, 'Your session has ended. Please sign in again.', problem, token.sessionId);

  const rotated = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.id, token.id))
      .for('update');
    // Every token of one grace episode keeps the first rotation's time, so the window never stretches.
    const rotatedAt = locked!.usedAt ?? now;
    let voided: string | null = null;
    if (locked!.usedAt) {
      const graceEnds = locked!.usedAt.getTime() + REFRESH_GRACE_SECONDS * 1000;
      if (problem || !locked!.replacedBy || graceEnds <= now.getTime()) return null;
      const [successor] = await tx
        .update(refreshTokens)
        .set({ usedAt: rotatedAt })
        .where(and(eq(refreshTokens.id, locked!.replacedBy), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (!successor) return null;
      voided = successor.id;
    }
    const refreshToken = newRefreshToken();
    const [issued] = await tx
      .insert(refreshTokens)
      .values({ sessionId: token.sessionId, tokenHash: hashToken(refreshToken) })
      .returning({ id: refreshTokens.id });
    await tx
      .update(refreshTokens)
      .set({ usedAt: rotatedAt, replacedBy: issued!.id })
      .where(inArray(refreshTokens.id, voided ? [token.id, voided] : [token.id]));
    return refreshToken;
  });
  if (!rotated) {
    await revokeSession(db, token.sessionId, 'refresh_token_reused', now);
    return refused(
      'refresh_token_reused',
      'This sign-in was used elsewhere, so it has been ended. Please sign in again.',
      'reuse_detected',
      token.sessionId,
    );
  }
  await touchSession(db, token.sessionId, now);
  return { ok: true, session: session!, refreshToken: rotated };
}

/** Points the session at another of the user's records among the tenant's business groups; null when not theirs. */
export async function switchRecord(
  db: Database,
  session: SessionRow,
  target: Omit<MemberRecord, 'recordNumber' | 'isPrimary'>,
  businessGroups: string[],
) {
  if (!businessGroups.includes(target.businessGroup)) return null;
  const [entitled] = await db
    .select()
    .from(userRecords)
    .where(
      and(
        eq(userRecords.userId, session.userId),
        eq(userRecords.businessGroup, target.businessGroup),
        eq(userRecords.referenceNumber, target.referenceNumber),
      ),
    );
  if (!entitled) return null;
  await db
    .update(sessions)
    .set({
      businessGroup: target.businessGroup,
      referenceNumber: target.referenceNumber,
      lastActivityAt: sql`now()`,
    })
    .where(eq(sessions.id, session.id));
  return entitled;
}
