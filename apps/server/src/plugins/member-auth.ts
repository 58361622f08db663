import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { featureEnabled, retirementPeriodsOf } from '@meridian/contracts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SessionCache } from '../lib/session-cache';
import { AppError } from '../lib/errors';
import { audit } from '../lib/audit';
import { keepPrivate } from '../lib/private-answer';
import { verifyAccessToken } from '../areas/authentication/access-tokens';
import { findTenant } from '../areas/tenancy/tenant-repository';
import { twoStepOn } from '../areas/two-step/service';
import { VISITOR_TOKEN_PREFIX } from '../lib/visitor-tokens';
import {
  findSession,
  recordsOf,
  sessionProblem,
  touchSession,
  type SessionPolicy,
  type SessionRow,
} from '../areas/authentication/session-service';

export const ACCESS_TOKEN_COOKIE = 'accessToken';
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** The tenant of the host a member's session belongs to, as far as member routes need it. */
export interface MemberTenant {
  tenantUrl: string;
  businessGroups: string[];
  /** Whether the member may act as, list and switch to their other records. */
  linkedRecords: boolean;
  /** The tenant's life-stage periods: years of pre-retirement and months of newly retired. */
  retirementPeriods: { preRetirementAgePeriod: number; newlyRetiredRange: number };
}

/** Life-stage periods as the calculation provider takes them. */
export interface LifeStagePeriods {
  preRetirementAgePeriodInYears: number;
  newlyRetiredRangeInMonths: number;
}

/** The signed-in member's tenant's life-stage periods, for every figure worked out on its host. */
export function lifeStagePeriodsOf(request: FastifyRequest): LifeStagePeriods {
  const { preRetirementAgePeriod, newlyRetiredRange } = request.member!.tenant.retirementPeriods;
  return {
    preRetirementAgePeriodInYears: preRetirementAgePeriod,
    newlyRetiredRangeInMonths: newlyRetiredRange,
  };
}

/** What the session cache holds per session: the row and its tenant, as checked on a read. */
export interface CachedSession {
  session: SessionRow;
  tenant: MemberTenant;
}

/** Keeps a live session read at `readAt` in the cache with its own tenant; null when the tenant is gone. */
async function keepWithTenant(
  db: Database,
  sessionCache: SessionCache<CachedSession>,
  session: SessionRow,
  readAt: number,
): Promise<CachedSession | null> {
  const found = await findTenant(db, session.tenantUrl);
  if (!found) return null;
  const checked = {
    session,
    tenant: {
      tenantUrl: found.tenantUrl,
      businessGroups: found.businessGroups,
      linkedRecords: featureEnabled(found, 'linkedRecords'),
      retirementPeriods: retirementPeriodsOf(found),
    },
  };
  sessionCache.set(session.id, checked, readAt);
  return checked;
}

/**
 * A session row as the cache holds it (a sign-out, switch or revocation on any instance drops it at
 * once), else read from the database and, when it is live, kept; undefined when there is no such session.
 */
export async function cachedSessionRow(
  db: Database,
  sessionCache: SessionCache<CachedSession>,
  sessionId: string,
  policy: SessionPolicy,
): Promise<SessionRow | undefined> {
  const cached = sessionCache.get(sessionId);
  if (cached) return cached.session;
  const readAt = performance.now();
  const session = await findSession(db, sessionId);
  if (session && !sessionProblem(session, policy)) await keepWithTenant(db, sessionCache, session, readAt);
  return session;
}

export interface SignedInMember {
  userId: string;
  session: SessionRow;
  tenant: MemberTenant;
  businessGroup: string;
  referenceNumber: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls that must not count as member activity (session polling, keep-alive bookkeeping). */
    passive?: boolean;
    /**
     * Calls a member must reach while their tenant requires two-step verification and they have yet
     * to set it up (setting it up, Sign-in and security, the session's upkeep, sign-out); every other
     * member call answers 403 `two_step_setup_required` meanwhile.
     */
    beforeTwoStepSetup?: boolean;
  }
  interface FastifyRequest {
    member: SignedInMember | null;
  }
  interface FastifyInstance {
    signingKey: Uint8Array;
    /** Signed-in sessions held briefly by this instance; `changed` drops one here and on every other. */
    sessionCache: SessionCache<CachedSession>;
    /**
     * preHandler: the caller must be signed in with a session opened on this host's tenant, and may
     * only act as a record they are entitled to among the tenant's business groups.
     */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[ACCESS_TOKEN_COOKIE];
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * The record a request asks to act as: its record headers or, for a GET such as a download link
 * opened in a new tab (which carries no headers), the same names in the address.
 */
const askedRecordValue = (request: FastifyRequest, name: string) => {
  const header = headerValue(request, name);
  if (header || request.method !== 'GET') return header;
  const value = new URL(request.url, 'http://localhost').searchParams.get(name)?.trim();
  return value || undefined;
};

export const memberAuthentication = fp(
  async (
    app: FastifyInstance,
    {
      db,
      config,
      signingKey,
      sessionCache,
    }: { db: Database; config: Config; signingKey: Uint8Array; sessionCache: SessionCache<CachedSession> },
  ) => {
    const policy = {
      idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    };
    app.decorate('signingKey', signingKey);
    app.decorate('sessionCache', sessionCache);
    app.decorateRequest('member', null);

    /** The caller's session and its tenant: from the cache, else checked against the database and kept. */
    async function signedInSession(
      request: FastifyRequest,
      claims: { sessionId: string; userId: string },
    ): Promise<CachedSession> {
      const cached = sessionCache.get(claims.sessionId);
      if (
        cached &&
        cached.session.tenantUrl === request.tenantUrl &&
        cached.session.userId === claims.userId
      ) {
        const problem = sessionProblem(cached.session, policy);
        if (!problem) return cached;
      }
      const readAt = performance.now();
      const session = await findSession(db, claims.sessionId);
      const problem = sessionProblem(session, policy);
      if (problem || !session || session.userId !== claims.userId) {
        throw new AppError(
          401,
          problem ?? 'session_not_found',
          'Your session has ended. Please sign in again.',
        );
      }
      const checked =
        session.tenantUrl === request.tenantUrl
          ? await keepWithTenant(db, sessionCache, session, readAt)
          : null;
      if (!checked) {
        await audit(db, request, {
          action: 'access_token',
          outcome: 'denied',
          userId: session.userId,
          details: { reason: 'wrong_tenant', tenant: request.tenantUrl },
        });
        throw new AppError(401, 'session_wrong_tenant', 'Please sign in to this portal to continue.');
      }
      return checked;
    }

    /** Refuses the call while the tenant requires two-step verification and the member has none yet. */
    async function requireTwoStepSetUp(userId: string, tenant: MemberTenant) {
      if (!(await findTenant(db, tenant.tenantUrl))?.requireTwoStep) return;
      if (await twoStepOn(db, userId)) return;
      throw new AppError(
        403,
        'two_step_setup_required',
        'Your scheme asks every member to use two-step verification. Set it up on Sign-in and security before you do anything else.',
      );
    }

    app.decorate('requireMember', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = presentedToken(request);
      if (!token) throw new AppError(401, 'ERROR_ACCESS_TOKEN_MISSING', 'Please sign in to continue.');
      if (token.startsWith(VISITOR_TOKEN_PREFIX))
        throw new AppError(
          401,
          'visitor_token_on_member_api',
          'A visitor’s form cannot act for a member. Sign in.',
        );
      const verified = await verifyAccessToken(signingKey, token);
      if (!verified.ok) {
        if (verified.reason === 'expired') {
          throw new AppError(
            401,
            'ERROR_ACCESS_TOKEN_EXPIRED',
            'Your access has expired. Refresh it to continue.',
          );
        }
        await audit(db, request, {
          action: 'access_token',
          outcome: 'denied',
          details: { reason: 'invalid_token' },
        });
        throw new AppError(401, 'ERROR_INVALID_ACCESS_TOKEN', 'Please sign in again.');
      }
      const { session, tenant } = await signedInSession(request, verified.claims);

      let businessGroup = session.businessGroup;
      let referenceNumber = session.referenceNumber;
      const askedGroup = askedRecordValue(request, 'auth-business-group');
      const askedReference = askedRecordValue(request, 'auth-reference-number');
      if (askedGroup || askedReference) {
        const ownRecord = askedGroup === session.businessGroup && askedReference === session.referenceNumber;
        const records =
          ownRecord || tenant.linkedRecords ? await recordsOf(db, session.userId, tenant.businessGroups) : [];
        const entitled = records.find(
          (record) => record.businessGroup === askedGroup && record.referenceNumber === askedReference,
        );
        if (!entitled) {
          await audit(db, request, {
            action: 'record_access',
            outcome: 'denied',
            userId: session.userId,
            businessGroup: askedGroup ?? null,
            referenceNumber: askedReference ?? null,
          });
          throw new AppError(403, 'record_not_entitled', 'You cannot see this record.');
        }
        businessGroup = entitled.businessGroup;
        referenceNumber = entitled.referenceNumber;
      }

      if (request.routeOptions.config.beforeTwoStepSetup !== true)
        await requireTwoStepSetUp(session.userId, tenant);

      const passive = request.routeOptions.config.passive === true;
      if (!passive && Date.now() - session.lastActivityAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
        const now = new Date();
        await touchSession(db, session.id, now);
        // The cached row's idle clock moves with the database's.
        session.lastActivityAt = now;
      }
      request.member = { userId: session.userId, session, tenant, businessGroup, referenceNumber };
      keepPrivate(reply);
    });
  },
);
