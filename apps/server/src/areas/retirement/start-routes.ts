import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  dcQuoteSelectionRequestSchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
  startDbCoreJourneyRequestSchema,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { badRequest, errorResponses } from '../../lib/errors';
import { startJourney } from '../journeys/actions';
import { assertEligible, memberAccessKey } from '../journeys/lifecycle';
import type { JourneyOwner } from '../journeys/owner';
import { loadJourneyGraph } from '../journeys/repository';
import { retirementJourneyType } from './application';
import { submitQuoteRequest } from './quote-request';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['journeys'];

/**
 * The DB retirement application: started from a chosen quote (the generic start, whose plugin's
 * `lock` locks the quote in: journey-plugin.ts), and the formal quote asked before it; the DC
 * application, started from the member's quote selection (dc-journey-plugin.ts).
 */
export const retirementStartRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
  members: JourneyOwner;
}> = async (app, { db, calculations, members }) => {
  app.addHook('preHandler', app.requireMember);

  /** Starts (or re-chooses) the retirement application from a date and a quote option. */
  const startFromQuote = async (request: FastifyRequest, type: string, body: unknown) => {
    const graph = await members.graphOf(request, type, 'start');
    if (graph.definition.startsFrom !== 'retirement-quote')
      throw badRequest('journey_not_from_quote', 'This journey does not start from a retirement quote.');
    await startJourney(db, calculations, members, request, graph, body);
  };

  app.post(
    '/journeys/:journeyType/submit-case',
    {
      schema: {
        tags,
        summary:
          'Ask for a formal quote (the journey’s quoteRequest): opens a case with a PDF in the member’s documents; while it is open, asking again answers the same case',
        params: journeyTypeParamsSchema,
        response: { 200: journeySubmitResponseSchema, ...errors },
      },
    },
    async (request) => {
      const graph = await loadJourneyGraph(db, request.tenantUrl, request.params.journeyType);
      if (graph.definition.quoteRequest)
        assertEligible(graph, await memberAccessKey(db, calculations, request));
      return submitQuoteRequest(db, request, graph);
    },
  );

  app.post(
    '/journeys/:journeyType/start-db-core-journey',
    {
      schema: {
        tags,
        summary:
          'Start (or re-choose) the DB retirement application from a retirement date and a quote option; the figures are locked in',
        params: journeyTypeParamsSchema,
        body: startDbCoreJourneyRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await startFromQuote(request, request.params.journeyType, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/journeys/:journeyType/start-dc-journey',
    {
      schema: {
        tags,
        summary:
          'Start (or re-choose) the DC retirement application from the member’s quote selection (the option, its tax-free cash and instalments), locked in; 400 with the selection’s refusal codes (tax_free_cash_above_maximum, option_not_eligible, ...)',
        params: journeyTypeParamsSchema,
        body: dcQuoteSelectionRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const graph = await members.graphOf(request, request.params.journeyType, 'start');
      if (graph.definition.startsFrom !== 'dc-quote-selection')
        throw badRequest(
          'journey_not_from_dc_selection',
          'This journey does not start from a DC option you chose.',
        );
      await startJourney(db, calculations, members, request, graph, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v3/retirement-journey/start',
    {
      schema: {
        tags,
        summary:
          'The retirement application’s start-db-core-journey: start it from a retirement date and a quote option',
        body: startDbCoreJourneyRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await startFromQuote(request, await retirementJourneyType(db, request.tenantUrl), request.body);
      return reply.code(204).send(null);
    },
  );
};
