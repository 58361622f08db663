import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  pendingChangeSchema,
  stepUpConfirmSchema,
  stepUpStatusSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { NONCE_HEADER } from '../../lib/one-time-codes';
import { confirmStepUp, resendStepUpCode, sendStepUpCode, sessionStepUp } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });

/** The signed-in member's step-up: its status, a code to a settled route, and its confirmation. */
export const stepUpRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/step-up',
    {
      schema: {
        tags: ['step-up'],
        summary: 'Whether this session confirmed it is the member lately, and until when that counts',
        response: { 200: stepUpStatusSchema, ...errors },
      },
    },
    async (request) => sessionStepUp(db, request),
  );

  app.post(
    '/step-up/code',
    {
      schema: {
        tags: ['step-up'],
        summary: `Sends a step-up code to a contact route unchanged for the tenant's stable-route days (email, mobile, else a letter); confirm it with the nonce in ${NONCE_HEADER}`,
        response: { 200: pendingChangeSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => sendStepUpCode(db, request),
  );

  app.post(
    '/step-up/code/resend',
    {
      schema: {
        tags: ['step-up'],
        summary: 'A new step-up code to the same route, after the cool-down',
        headers: nonceHeaders,
        response: { 200: pendingChangeSchema, ...errors, 429: errorBodySchema },
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
