import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { journeyStateSchema, journeySubmitResponseSchema, STEP_UP_FRESH_MINUTES } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { cancelJourney, journeyStateOf } from '../journeys/actions';
import { journeyPageAliases } from '../journeys/alias-routes';
import type { JourneyOwner } from '../journeys/owner';
import { retirementJourneyType } from './application';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['journeys'];

/**
 * The retirement application under the names the existing portal used (`retirement-journey/...`): each
 * is the generic journey call for the tenant's journey that starts from a retirement quote.
 */
export const retirementJourneyRoutes: FastifyPluginAsyncZod<{ db: Database; members: JourneyOwner }> = async (
  app,
  { db, members },
) => {
  app.addHook('preHandler', app.requireMember);
  const typeFor = (request: { tenantUrl: string }) => retirementJourneyType(db, request.tenantUrl);

  app.get(
    '/retirement-journey/retirement-application',
    {
      schema: {
        tags,
        summary: 'The member’s retirement application: status, expiry, chosen quote, answers',
        response: { 200: journeyStateSchema, ...errors },
      },
    },
    async (request) => journeyStateOf(db, members, request, await typeFor(request)),
  );

  journeyPageAliases(app, {
    db,
    members,
    prefix: '/retirement-journey',
    noun: 'retirement application',
    typeFor,
    tags,
    errors,
  });

  app.delete(
    '/retirement-journey',
    {
      schema: {
        tags,
        summary: 'Abandon an unsubmitted retirement application',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelJourney(db, members, request, await typeFor(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v2/retirement-journey/submit',
    {
      schema: {
        tags,
        summary: `Submit the retirement application: only when this session confirmed it is the member in the last ${STEP_UP_FRESH_MINUTES} minutes (the shared step-up: a passkey, the authenticator app or a step-up code), else 428 fresh_step_up_required; a retry of a sent one answers the same case`,
        response: { 200: journeySubmitResponseSchema, ...errors, ...errorResponses(428) },
      },
    },
    async (request) => members.submit.send(request, await typeFor(request)),
  );

  app.get(
    '/retirement-journey/download/summary-pdf',
    {
      schema: {
        tags,
        summary: 'The submitted retirement application as a PDF',
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => members.pdf.send(request, reply, await typeFor(request)),
  );
};
