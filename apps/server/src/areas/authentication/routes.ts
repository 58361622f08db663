import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeySignInSchema,
  passkeySignInStartSchema,
  secondFactorAnswerSchema,
  secondFactorChallengeSchema,
  secondFactorSendSchema,
  sentSignInCodeSchema,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, errorResponses } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { ACCESS_TOKEN_COOKIE } from '../../plugins/member-auth';
import { clearRuledCookie, setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { keepPrivate } from '../../lib/private-answer';
import { findTenant } from '../tenancy/tenant-repository';
import { signAccessToken } from './access-tokens';
import { redeemLookupCode } from '../outbound-sso/outbound-sso';
import { singleAuthSessions } from '../single-auth/session-from-token';
import { createSignInGuard } from './sign-in-guard';
import { openCappedSignIn } from './capped-sign-in';
import { deviceOf } from '../account/devices';
import { recordSignIn } from '../account/sign-in-events';
import {
  answerChallenge,
  answerChallengeUnderCap,
  liveChallenge,
  openChallenge,
  sendChallengeCode,
  type ChallengeAnswer,
} from '../two-step/challenges';
import { twoStepKeys, twoStepOn } from '../two-step/service';
import { relyingPartyOf } from '../passkeys/relying-party';
import { ownerOfRefusedPasskey, signInOptions, verifyPasskeySignIn } from '../passkeys/service';
import {
  findSession,
  invalidCredentials,
  openSessionFor,
  recordsOf,
  revokeSession,
  rotateRefreshToken,
  sessionProblem,
  switchRecord,
  touchSession,
  verifyCredentials,
  type IssuedSession,
} from './session-service';

export interface AuthenticationRoutesOptions {
  db: Database;
  config: Config;
}

const REFRESH_COOKIE = 'refreshToken';
const API_PREFIX = '/authentication-api/api';
const LOGIN_PATH = '/authentication/login';

const tokenResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  businessGroup: z.string(),
  referenceNumber: z.string(),
  hasMultipleRecords: z.boolean(),
  /** The tenant requires two-step verification and this member has not set it up: do that first. */
  twoStepSetupRequired: z.boolean().optional(),
});

const sessionStatus = z.object({
  status: z.literal('active'),
  idleTimeoutMinutes: z.number(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
});

export const authenticationRoutes: FastifyPluginAsyncZod<AuthenticationRoutesOptions> = async (
  app,
  { db, config },
) => {
  const policy = {
    idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  };
  // An access token lives as long as the idle timeout; activity (keep-alive) issues a fresh one.
  const ACCESS_TOKEN_SECONDS = Math.round(config.IDLE_TIMEOUT_MINUTES * 60);
  // The web client reads the access token to send it as a bearer token (spec section 6); it is short-lived.
  const accessCookie: CookieRule = { name: ACCESS_TOKEN_COOKIE, path: '/', httpOnly: false };
  const refreshCookie: CookieRule = {
    name: REFRESH_COOKIE,
    path: API_PREFIX,
    httpOnly: true,
    maxAgeSeconds: policy.absoluteHours * 3600,
  };
  const guardSignIn = await createSignInGuard(app, db, {
    secretsKey: config.SECRETS_KEY,
    cookiePath: `${API_PREFIX}${LOGIN_PATH}`,
  });

  const issueCookies = async (
    reply: FastifyReply,
    issued: {
      userId: string;
      sessionId: string;
      businessGroup: string;
      referenceNumber: string;
      refreshToken?: string;
    },
  ) => {
    const accessToken = await signAccessToken(app.signingKey, issued, ACCESS_TOKEN_SECONDS);
    keepPrivate(reply);
    setRuledCookie(reply, accessCookie, accessToken);
    if (issued.refreshToken) setRuledCookie(reply, refreshCookie, issued.refreshToken);
    return accessToken;
  };

  /** Sets the cookies for a session and answers with the token body every sign-in call shares. */
  const grantTokens = async (
    reply: FastifyReply,
    issued: Parameters<typeof issueCookies>[1],
    hasMultipleRecords: boolean,
  ) => ({
    accessToken: await issueCookies(reply, issued),
    expiresIn: ACCESS_TOKEN_SECONDS,
    businessGroup: issued.businessGroup,
    referenceNumber: issued.referenceNumber,
    hasMultipleRecords,
  });

  /**
   * The token answer for a session just opened, by password or by OpenID Connect; it says when the
   * tenant requires two-step verification and the member has yet to set it up.
   */
  const grantSession = async (request: FastifyRequest, reply: FastifyReply, session: IssuedSession) => {
    const tokens = await grantTokens(
      reply,
      {
        userId: session.userId,
        sessionId: session.sessionId,
        businessGroup: session.record.businessGroup,
        referenceNumber: session.record.referenceNumber,
        refreshToken: session.refreshToken,
      },
      session.hasMultipleRecords,
    );
    const required = (await findTenant(db, request.tenantUrl))?.requireTwoStep;
    return required && !(await twoStepOn(db, session.userId))
      ? { ...tokens, twoStepSetupRequired: true }
      : tokens;
  };

  const keys = await twoStepKeys(db, config.SECRETS_KEY);

  const clearCookies = (reply: FastifyReply) => {
    clearRuledCookie(reply, accessCookie);
    clearRuledCookie(reply, refreshCookie);
  };

  const tenantGroups = async (request: FastifyRequest) => {
    const tenant = await findTenant(db, request.tenantUrl);
    if (!tenant) throw new AppError(404, 'tenant_not_found', 'No tenant is configured for this address.');
    return tenant.businessGroups;
  };

  app.post(
    LOGIN_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with username and password (session-based method)',
        description:
          'Failed attempts count against the username from every address; once over the limit (429), only a browser that has signed in to this account before (its HttpOnly device cookie) can still sign in. When the account has two-step verification on, a right password answers 202 with a challenge to finish at /authentication/login/second-factor; over the limit, every name answers 202 with a challenge after the same password-hash work, whether it is such an account, one without two-step or none, and the password right or not: only a right app or recovery code for an account with two-step then tells (401 invalid_credentials for a wrong password); for the others no code is right (400 two_step_code_invalid, then 429 two_step_paused, as for a wrong one).',
        body: z.object({
          userName: z.string().trim().min(1).max(80),
          password: z.string().min(1).max(200),
          businessGroups: z.array(z.string().length(3)).max(10).optional(),
          realm: z.string().max(100).optional(),
        }),
        response: {
          200: tokenResponse,
          202: secondFactorChallengeSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const allowedGroups = await tenantGroups(request);
      const businessGroups = request.body.businessGroups?.length
        ? request.body.businessGroups.filter((group) => allowedGroups.includes(group))
        : allowedGroups;
      const attempt = await guardSignIn(request, request.body.userName);
      if (attempt.refused) {
        // Issue 41: a member with two-step on may still get in with a second factor, so every capped
        // name gets a challenge alike (openCappedChallenge), whether it is such an account, another or none.
        const capped = await openCappedSignIn(
          db,
          request,
          {
            username: request.body.userName,
            password: request.body.password,
            businessGroups,
            tenantUrl: request.tenantUrl,
          },
          { method: 'password', action: 'sign_in_password' },
        );
        keepPrivate(reply);
        return reply.code(202).send(capped.opened);
      }
      const checked = await verifyCredentials(db, {
        username: request.body.userName,
        password: request.body.password,
        businessGroups,
        trustedUserId: attempt.trustedUserId,
      });
      if (!checked.ok) {
        await attempt.failed();
        if (checked.userId) {
          await recordSignIn(db, request, {
            userId: checked.userId,
            outcome: checked.reason === 'locked' ? 'locked' : 'failed',
            method: 'password',
          });
        }
        await audit(db, request, {
          action: 'sign_in',
          outcome: 'failure',
          userId: checked.userId ?? null,
          details: { reason: checked.reason, tenant: request.tenantUrl },
        });
        throw checked.error;
      }
      await attempt.succeeded();
      if (await twoStepOn(db, checked.userId)) {
        await audit(db, request, {
          action: 'sign_in_password',
          outcome: 'success',
          userId: checked.userId,
          details: { secondFactor: 'asked', tenant: request.tenantUrl },
        });
        keepPrivate(reply);
        return reply
          .code(202)
          .send(await openChallenge(db, { userId: checked.userId, tenantUrl: request.tenantUrl }));
      }
      return openAndGrant(request, reply, checked.userId, businessGroups, 'password');
    },
  );

  /** Opens the session of a proven sign-in, records and audits it, and answers the tokens. */
  const openAndGrant = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    businessGroups: string[],
    method: 'password' | 'two-step' | 'passkey',
  ) => {
    const session = await openSessionFor(
      db,
      userId,
      {
        method: 'OPENAM',
        businessGroups,
        tenantUrl: request.tenantUrl,
        device: deviceOf(request),
        // A second factor, or a passkey with user verification, is a step-up as it signs in.
        steppedUp: method !== 'password',
      },
      policy,
    );
    if (!session) throw invalidCredentials();
    const browser = await guardSignIn.standing(request, userId);
    await guardSignIn.remember(request, reply, userId);
    await recordSignIn(db, request, { userId, outcome: 'succeeded', method, browser });
    await audit(db, request, {
      action: 'sign_in',
      outcome: 'success',
      userId,
      businessGroup: session.record.businessGroup,
      referenceNumber: session.record.referenceNumber,
      details: { method },
    });
    return grantSession(request, reply, session);
  };

  app.post(
    `${LOGIN_PATH}/second-factor`,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Finish a sign-in that asked for a second factor: a code from the authenticator app, a recovery code, or the code sent to your email or mobile',
        description:
          'Wrong codes count against the account: every fifth in a row pauses codes for 15 minutes (429 two_step_paused). The session opened counts as a fresh step-up.',
        body: secondFactorAnswerSchema,
        response: {
          200: tokenResponse,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const challenge = await liveChallenge(db, request.body.challenge, { tenantUrl: request.tenantUrl });
      const answer = request.body;
      const given: ChallengeAnswer =
        answer.method === 'sent'
          ? { method: 'sent', code: answer.code, nonce: answer.nonce }
          : { method: answer.method, code: answer.code };
      let userId: string;
      try {
        ({ userId } = challenge.underCap
          ? await answerChallengeUnderCap(db, keys, app.attemptCounters, challenge, given)
          : await answerChallenge(db, keys, challenge, given));
      } catch (error) {
        if (challenge.userId)
          await recordSignIn(db, request, {
            userId: challenge.userId,
            outcome: 'failed',
            method: 'two-step',
          });
        await audit(db, request, {
          action: 'sign_in',
          outcome: 'failure',
          userId: challenge.userId,
          details: { reason: 'second_factor', method: answer.method, tenant: request.tenantUrl },
        });
        throw error;
      }
      return openAndGrant(request, reply, userId, await tenantGroups(request), 'two-step');
    },
  );

  app.post(
    `${LOGIN_PATH}/second-factor/send-code`,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Instead of the app: a sign-in code to the route on file the member chose (channel email or sms, one of the challenge’s fallbackRoutes; without one, the email, else the mobile), confirmed with its nonce as method "sent"; a channel with nothing on file is 400 code_route_not_on_file',
        body: secondFactorSendSchema,
        response: {
          200: sentSignInCodeSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      const challenge = await liveChallenge(db, request.body.challenge, { tenantUrl: request.tenantUrl });
      return sendChallengeCode(db, request, challenge, request.body.channel);
    },
  );

  app.post(
    `${LOGIN_PATH}/passkey/options`,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Start signing in with a passkey: options for the browser (any passkey of this portal, user verification required), whose challenge is answered once within 5 minutes',
        response: { 200: passkeySignInStartSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await tenantGroups(request);
      const options = await signInOptions(db, relyingPartyOf(request), { tenantUrl: request.tenantUrl });
      keepPrivate(reply);
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    `${LOGIN_PATH}/passkey`,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Sign in with a passkey alone: it counts as both factors, and the session as a fresh step-up',
        description:
          'The answer must sign a live challenge from /authentication/login/passkey/options, on this portal’s origin, with user verification, and a signature counter above the last one seen (when the authenticator keeps one); otherwise 400 with passkey_challenge_invalid, passkey_origin_invalid, passkey_unknown, passkey_counter_invalid or passkey_invalid, and nothing changes but the record of it: a refused answer from a known passkey is listed as a failed sign-in in its owner’s recent sign-ins.',
        body: passkeySignInSchema,
        response: {
          200: tokenResponse,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const businessGroups = await tenantGroups(request);
      let proven;
      try {
        proven = await verifyPasskeySignIn(
          db,
          relyingPartyOf(request),
          { tenantUrl: request.tenantUrl },
          request.body.credential,
        );
      } catch (error) {
        // A known passkey's refusal (a bad signature, a counter going back) is its owner's failed sign-in.
        const ownerId = ownerOfRefusedPasskey(error);
        if (ownerId)
          await recordSignIn(db, request, { userId: ownerId, outcome: 'failed', method: 'passkey' });
        await audit(db, request, {
          action: 'sign_in',
          outcome: 'failure',
          userId: ownerId,
          details: {
            reason: error instanceof AppError ? error.code : 'passkey',
            method: 'passkey',
            tenant: request.tenantUrl,
          },
        });
        throw error;
      }
      return openAndGrant(request, reply, proven.userId, businessGroups, 'passkey');
    },
  );

  const createSingleAuthSession = singleAuthSessions(db, config.oidcIssuer, policy);
  app.post(
    '/sso/session/create',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with an OpenID Connect token from the tenant’s issuer (single-auth method)',
        body: z.object({ tokenId: z.string().min(20).max(8000) }),
        response: {
          200: tokenResponse,
          ...errorResponses(401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const session = await createSingleAuthSession(request, request.body.tokenId);
      return grantSession(request, reply, session);
    },
  );

  app.post(
    '/authentication/refresh-token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Rotate the refresh token (HttpOnly cookie) for a new access token',
        body: z.object({ refreshToken: z.string().min(20).max(200).optional() }).nullish(),
        response: { 200: tokenResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const presented = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (!presented) throw new AppError(401, 'refresh_token_missing', 'Please sign in again.');
      const outcome = await rotateRefreshToken(db, presented, request.tenantUrl, policy);
      if (!outcome.ok) {
        // A reused refresh token ended its session: every instance drops it now.
        if (outcome.reason === 'reuse_detected' && outcome.sessionId)
          await app.sessionCache.changed(outcome.sessionId);
        clearCookies(reply);
        await audit(db, request, {
          action: 'refresh_token',
          outcome: 'denied',
          details: { reason: outcome.reason, sessionId: outcome.sessionId },
        });
        throw outcome.error;
      }
      const { session } = outcome;
      const records = await recordsOf(db, session.userId, await tenantGroups(request));
      return grantTokens(
        reply,
        {
          userId: session.userId,
          sessionId: session.id,
          businessGroup: session.businessGroup,
          referenceNumber: session.referenceNumber,
          refreshToken: outcome.refreshToken,
        },
        records.length > 1,
      );
    },
  );

  app.post(
    '/authentication/logout',
    {
      preHandler: app.requireMember,
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary: 'Sign out: the session and all its refresh tokens are revoked',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      await revokeSession(db, member.session.id, 'logout');
      await app.sessionCache.changed(member.session.id);
      await audit(db, request, { action: 'sign_out', outcome: 'success', userId: member.userId });
      clearCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/authentication/switch-user',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['authentication'],
        summary: 'Act as another of your own linked records',
        body: z.object({
          referenceNumber: z.string().trim().min(1).max(20),
          businessGroup: z.string().trim().length(3),
        }),
        response: { 200: tokenResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      if (!member.tenant.linkedRecords)
        throw new AppError(403, 'linked_records_disabled', 'This portal does not offer switching records.');
      const switched = await switchRecord(db, member.session, request.body, member.tenant.businessGroups);
      if (switched) await app.sessionCache.changed(member.session.id);
      if (!switched) {
        await audit(db, request, {
          action: 'switch_record',
          outcome: 'denied',
          userId: member.userId,
          businessGroup: request.body.businessGroup,
          referenceNumber: request.body.referenceNumber,
        });
        throw new AppError(403, 'record_not_entitled', 'You cannot switch to this record.');
      }
      await audit(db, request, {
        action: 'switch_record',
        outcome: 'success',
        userId: member.userId,
        businessGroup: switched.businessGroup,
        referenceNumber: switched.referenceNumber,
      });
      const records = await recordsOf(db, member.userId, member.tenant.businessGroups);
      return grantTokens(
        reply,
        {
          userId: member.userId,
          sessionId: member.session.id,
          businessGroup: switched.businessGroup,
          referenceNumber: switched.referenceNumber,
        },
        records.length > 1,
      );
    },
  );

  const describeSession = async (sessionId: string) => {
    const session = await findSession(db, sessionId);
    if (!session || sessionProblem(session, policy)) {
      throw new AppError(401, 'session_expired', 'Your session has ended. Please sign in again.');
    }
    return {
      status: 'active' as const,
      idleTimeoutMinutes: policy.idleTimeoutMinutes,
      idleExpiresAt: new Date(
        session.lastActivityAt.getTime() + policy.idleTimeoutMinutes * 60_000,
      ).toISOString(),
      absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    };
  };

  app.get(
    '/sso/session',
    {
      preHandler: app.requireMember,
      config: { passive: true, beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary: 'Is the session still live, and when does it expire? (does not count as activity)',
        response: { 200: sessionStatus, ...errorResponses(401) },
      },
    },
    async (request) => describeSession(request.member!.session.id),
  );

  app.post(
    '/sso/session/keep-alive',
    {
      preHandler: app.requireMember,
      config: { passive: true, beforeTwoStepSetup: true },
      schema: {
        tags: ['authentication'],
        summary: 'Stay signed in: restarts the idle timer',
        response: { 200: sessionStatus, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      await touchSession(db, member.session.id);
      await issueCookies(reply, {
        userId: member.userId,
        sessionId: member.session.id,
        businessGroup: member.session.businessGroup,
        referenceNumber: member.session.referenceNumber,
      });
      return describeSession(member.session.id);
    },
  );

  app.post(
    '/sso/outbound/redeem',
    {
      // Called server to server by the other member site, which holds no browser cookies to forge.
      config: { csrf: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'For the administrator’s other member site: exchange a one-time lookup code for the member',
        body: z.object({ lookupCode: z.string().min(20).max(100) }),
        response: {
          200: z.object({
            businessGroup: z.string(),
            referenceNumber: z.string(),
            hasMultipleRecords: z.boolean(),
          }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const identity = await redeemLookupCode(db, request.body.lookupCode);
      if (!identity) {
        await audit(db, request, { action: 'outbound_sso_redeem', outcome: 'denied' });
        throw new AppError(401, 'lookup_code_invalid', 'This code is unknown, expired or already used.');
      }
      await audit(db, request, { action: 'outbound_sso_redeem', outcome: 'success', ...identity });
      return identity;
    },
  );
};
