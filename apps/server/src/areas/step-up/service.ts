import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  STEP_UP_FRESH_MINUTES,
  type CodeChannel,
  type CodeRoute,
  type PendingChange,
  type StepUpStatus,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import {
  confirmOneTimeCode,
  confirmationErrors,
  resendToSameRoute,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { findSession } from '../authentication/session-service';
import { findMember } from '../member-data/member-repository';
import { defencesOf, noStableRoute, settledRoutes, stableCodeRoute } from '../my-details/change-defences';
import { findTenant } from '../tenancy/tenant-repository';
import { codeRouteNotOnFile } from '../two-step/challenges';
import { proveSecondFactor, type TwoStepKeys } from '../two-step/service';
import { relyingPartyOf } from '../passkeys/relying-party';
import { stepUpOptions, verifyPasskeyStepUp } from '../passkeys/service';

/**
 * Step-up: the signed-in member proves it is them again with one of their passkeys, a code from their
 * authenticator app (when two-step verification is on) or a code sent to a contact route that has not
 * changed lately (the bank change's rule), or by signing in with two-step verification; the session counts as proven for
 * STEP_UP_FRESH_MINUTES. Actions a session thief must not take (sending a transfer application) ask
 * for a fresh one. docs/security.md "Step-up before irreversible actions".
 */
export const STEP_UP_PURPOSE = 'step-up';

const FRESH_MS = STEP_UP_FRESH_MINUTES * 60_000;

export function stepUpStatusOf(steppedUpAt: Date | null, now = new Date()): StepUpStatus {
  if (!steppedUpAt) return { fresh: false, freshUntil: null };
  const freshUntil = new Date(steppedUpAt.getTime() + FRESH_MS);
  return { fresh: freshUntil > now, freshUntil: freshUntil.toISOString() };
}

/** The session's step-up as the database holds it (the session cache may be older than a confirm). */
export async function sessionStepUp(db: Database, request: FastifyRequest, now = new Date()) {
  const session = await findSession(db, request.member!.session.id);
  return stepUpStatusOf(session?.steppedUpAt ?? null, now);
}

export const freshStepUpRequired = () =>
  new AppError(
    428,
    'fresh_step_up_required',
    'To keep your pension safe, confirm it is you with a code we send you before you send this.',
  );

/** Refuses (428 `fresh_step_up_required`) unless the session stepped up in the last few minutes. */
export async function requireFreshStepUp(db: Database, request: FastifyRequest) {
  if (!(await sessionStepUp(db, request)).fresh) throw freshStepUpRequired();
}

const ownerOf = (request: FastifyRequest): CodeOwner => ({
  userId: request.member!.userId,
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

async function codeMessage(db: Database, request: FastifyRequest): Promise<CodeMessage> {
  const tenantName = (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';
  return {
    subject: `Your ${tenantName} code to confirm it is you`,
    body: 'Your code to confirm it is you is {code}. It expires in {minutes}. We ask for it before you send something that moves your pension. If you did not ask for it, do not share it and call us straight away.',
  };
}

async function signedInMember(db: Database, request: FastifyRequest) {
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  return found.member;
}

/** The email and mobile a step-up code may be sent to, to choose from: those on file and settled. */
export async function stepUpCodeRoutes(db: Database, request: FastifyRequest): Promise<CodeRoute[]> {
  const routes = settledRoutes(await signedInMember(db, request), await defencesOf(db, request));
  return routes.flatMap((route) =>
    route.channel === 'post' ? [] : [{ channel: route.channel, sentTo: route.shown }],
  );
}

const routeNotSettled = (channel: CodeChannel) =>
  new AppError(
    409,
    'code_route_not_settled',
    `Your ${channel === 'sms' ? 'mobile number' : 'email address'} changed recently, so we cannot send a code to it safely. Choose another way to get a code, or call us.`,
  );

/**
 * Sends a step-up code to a settled route, the one chosen (the email or the mobile) or else the first
 * (email, mobile, else a letter); earlier codes stop working. A chosen route with nothing on file is
 * 400 `code_route_not_on_file`, one changed lately 409 `code_route_not_settled`.
 */
export async function sendStepUpCode(
  db: Database,
  request: FastifyRequest,
  channel?: CodeChannel,
): Promise<PendingChange> {
  const member = await signedInMember(db, request);
  const defences = await defencesOf(db, request);
  let route = stableCodeRoute(member, defences);
  if (channel) {
    if (!(channel === 'sms' ? member.mobilePhone : member.email)) throw codeRouteNotOnFile(channel);
    route = settledRoutes(member, defences).find((settled) => settled.channel === channel) ?? null;
    if (!route) throw routeNotSettled(channel);
  }
  if (!route) throw noStableRoute();
  const pending = await sendOneTimeCode(db, request.server.messaging, {
    owner: ownerOf(request),
    purpose: STEP_UP_PURPOSE,
    channel: route.channel,
    destination: route.destination,
    payload: { sessionId: request.member!.session.id, sentTo: route.shown },
    message: await codeMessage(db, request),
  });
  return { ...pending, channel: route.channel, sentTo: route.shown, currentRouteSentTo: null };
}

/** A new code for the same step-up, to the same route, after the cool-down. */
export async function resendStepUpCode(
  db: Database,
  request: FastifyRequest,
  nonce: string | undefined,
): Promise<PendingChange> {
  return resendToSameRoute(db, request.server.messaging, {
    owner: ownerOf(request),
    purpose: STEP_UP_PURPOSE,
    nonce,
    message: await codeMessage(db, request),
  });
}

/** Spends the code and marks this session as stepped up now; a code sent for another session is refused. */
export async function confirmStepUp(
  db: Database,
  request: FastifyRequest,
  nonce: string | undefined,
  code: string,
): Promise<StepUpStatus> {
  const sessionId = request.member!.session.id;
  const now = new Date();
  await confirmOneTimeCode(
    db,
    { owner: ownerOf(request), purpose: STEP_UP_PURPOSE, nonce, code },
    async (tx, payload) => {
      if (payload.sessionId !== sessionId)
        throw new AppError(
          400,
          confirmationErrors.invalid,
          'This code was sent for another sign-in. Ask for a new code.',
        );
      await tx.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, sessionId));
    },
  );
  await request.server.sessionCache.changed(sessionId);
  await audit(db, request, {
    action: 'step_up',
    outcome: 'success',
    userId: request.member!.userId,
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  });
  return stepUpStatusOf(now, now);
}

/** Marks the session as stepped up now, for every instance, and audits it. */
async function steppedUp(db: Database, request: FastifyRequest, now: Date, method: string) {
  const sessionId = request.member!.session.id;
  await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, sessionId));
  await request.server.sessionCache.changed(sessionId);
  await audit(db, request, {
    action: 'step_up',
    outcome: 'success',
    userId: request.member!.userId,
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
    details: { method },
  });
  return stepUpStatusOf(now, now);
}

/** Step-up with a code from the member's authenticator app (counted and used once, as at sign-in). */
export async function stepUpWithAuthenticator(
  db: Database,
  keys: TwoStepKeys,
  request: FastifyRequest,
  code: string,
): Promise<StepUpStatus> {
  const now = new Date();
  await proveSecondFactor(db, keys, request.member!.userId, { method: 'app', code }, now);
  return steppedUp(db, request, now, 'authenticator');
}

const passkeyBinding = (request: FastifyRequest) => ({
  tenantUrl: request.tenantUrl,
  sessionId: request.member!.session.id,
  userId: request.member!.userId,
});

/** Options for the browser's passkey ceremony, whose challenge only this session's step-up can spend. */
export const passkeyStepUpOptions = (db: Database, request: FastifyRequest) =>
  stepUpOptions(db, relyingPartyOf(request), passkeyBinding(request));

/** Step-up with one of the member's passkeys (user verification required: it counts as both factors). */
export async function stepUpWithPasskey(
  db: Database,
  request: FastifyRequest,
  response: Parameters<typeof verifyPasskeyStepUp>[3],
): Promise<StepUpStatus> {
  const now = new Date();
  await verifyPasskeyStepUp(db, relyingPartyOf(request), passkeyBinding(request), response, now);
  return steppedUp(db, request, now, 'passkey');
}
