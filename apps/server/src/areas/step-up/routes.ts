import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appCodeSchema,
  passkeySignInSchema,
  passkeySignInStartSchema,
  pendingChangeSchema,
  stepUpCodeRequestSchema,
  stepUpConfirmSchema,
  stepUpStatusSchema,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { NONCE_HEADER } from '../../lib/one-time-codes';
import { hasPasskey } from '../passkeys/service';
import { twoStepKeys, twoStepOn } from '../two-step/service';
import {
  confirmStepUp,
  passkeyStepUpOptions,
  stepUpWithPasskey,
  resendStepUpCode,
  sendStepUpCode,
  sessionStepUp,
  stepUpCodeRoutes,
  stepUpWithAuthenticator,
} from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });

/** The signed-in member's step-up: its status, a code to a settled route, and its confirmation. */
export const stepUpRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addHook('preHandler', app.requireMember);
  const keys = await twoStepKeys(db, config.SECRETS_KEY);

  app.get(
    '/step-up',
    {
      schema: {
        tags: ['step-up'],
        summary:
          'Whether this session confirmed it is the member lately, until when that counts, and whether the member has an authenticator app or a passkey to confirm with',
        response: { 200: stepUpStatusSchema, ...errors },
      },
    },
    async (request) => ({
      ...(await sessionStepUp(db, request)),
      authenticatorApp: await twoStepOn(db, request.member!.userId),
      passkey: await hasPasskey(db, request.member!.userId),
      codeRoutes: await stepUpCodeRoutes(db, request),
    }),
  );

  app.post(
    '/step-up/passkey/options',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['step-up'],
        summary:
          'Start confirming it is you with a passkey: options for the browser’s ceremony (your passkeys for this site, user verification required), whose challenge only this session can answer, once, within 5 minutes; 409 no_passkey without one',
        response: { 200: passkeySignInStartSchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request) => ({
      options: (await passkeyStepUpOptions(db, request)) as unknown as Record<string, unknown>,
    }),
  );

  app.post(
    '/step-up/passkey',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['step-up'],
        summary:
          'Confirms it is you with one of your passkeys, answering this session’s challenge (spent first, once): counts as a step-up for the next few minutes',
        body: passkeySignInSchema,
        response: { 200: stepUpStatusSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => stepUpWithPasskey(db, request, request.body.credential),
  );

  app.post(
    '/step-up/authenticator',
    {
      schema: {
        tags: ['step-up'],
        summary:
          'Confirms it is you with a code from your authenticator app (two-step verification on): counts as a step-up for the next few minutes',
        body: appCodeSchema,
        response: { 200: stepUpStatusSchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request) => stepUpWithAuthenticator(db, keys, request, request.body.code),
  );

  app.post(
    '/step-up/code',
    {
      schema: {
        tags: ['step-up'],
        summary: `Sends a step-up code to a contact route unchanged for the tenant's stable-route days: the one chosen (channel email or sms, one of GET /step-up's codeRoutes), else the email, mobile, else a letter; confirm it with the nonce in ${NONCE_HEADER}`,
        description:
          'A chosen channel with nothing on file is 400 code_route_not_on_file; one changed within the stable-route days is 409 code_route_not_settled; nothing is sent either way.',
        body: stepUpCodeRequestSchema.nullish(),
        response: { 200: pendingChangeSchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request) => sendStepUpCode(db, request, request.body?.channel),
  );

  app.post(
    '/step-up/code/resend',
    {
      schema: {
        tags: ['step-up'],
        summary: 'A new step-up code to the same route, after the cool-down',
        headers: nonceHeaders,
        response: { 200: pendingChangeSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => resendStepUpCode(db, request, request.headers[NONCE_HEADER]),
  );

  app.post(
    '/step-up/confirm',
    {
      schema: {
        tags: ['step-up'],
        summary: 'Confirms the step-up code: this session counts as confirmed for the next few minutes',
        headers: nonceHeaders,
        body: stepUpConfirmSchema,
        response: { 200: stepUpStatusSchema, ...errors },
      },
    },
    async (request) => confirmStepUp(db, request, request.headers[NONCE_HEADER], request.body.code),
  );
};
