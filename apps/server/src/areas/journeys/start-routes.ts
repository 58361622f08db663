import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, journeyStepRequestSchema, journeyTypeParamsSchema } from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { assertEligible, openJourney } from './lifecycle';
import { findJourney, loadJourneyGraph, statusOf } from './repository';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const tags = ['journeys'];

/** Starting a journey at its first page. */
export const journeyStartRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  app.post(
    '/journeys/:journeyType/start',
    {
      schema: {
        tags,
        summary:
          'Start a journey at its first page: a new one after a submitted, cancelled or ended one (kept as history); 409 journey_in_progress while one is open',
        params: journeyTypeParamsSchema,
        body: journeyStepRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const graph = await loadJourneyGraph(db, request.tenantUrl, request.params.journeyType);
      if (graph.definition.startsFrom)
        throw badRequest('journey_starts_from_quote', 'Choose a retirement date and option to start this.');
      if (graph.definition.audience === 'visitor')
        throw badRequest('journey_for_visitors', 'This form is for visitors: start it without signing in.');
      if (request.body.currentPageKey !== graph.definition.firstPage)
        throw badRequest('not_first_page', `This journey starts at ${graph.definition.firstPage}.`);
      await assertEligible(db, calculations, request, graph);
      const member = {
        businessGroup: request.member!.businessGroup,
        referenceNumber: request.member!.referenceNumber,
      };
      const opened = await db.transaction(async (tx) => {
        const existing = await findJourney(tx, member, graph.definition.type, true);
        if (existing && statusOf(existing, new Date()) === 'Started') return false;
        return openJourney(tx, request, graph, {
          expiresAt: new Date(Date.now() + graph.definition.expiryDays * 86_400_000),
          choice: null,
        });
      });
      if (!opened)
        throw new AppError(
          409,
          'journey_in_progress',
          'You have started this already: carry on with it, or cancel it to start a new one.',
        );
      return reply.code(204).send(null);
    },
  );
};
