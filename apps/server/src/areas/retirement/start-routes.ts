import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorBodySchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
  startDbCoreJourneyRequestSchema,
  type JourneyChoice,
} from '@meridian/contracts';
import {
  isoDate,
  retirementJourneyExpiry,
  utcDay,
  type CalculationProvider,
  type DbQuote,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { assertEligible, memberFor, openJourney } from '../journeys/lifecycle';
import { loadJourneyGraph } from '../journeys/repository';
import { calculated, calculationMember } from '../member-data/calculations';
import { retirementJourneyType } from './application';
import { submitQuoteRequest } from './quote-request';
import { enteredLumpSumOf } from './quote-routes';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const tags = ['journeys'];

const optionLabels: Record<string, string> = {
  'full-pension': 'Full pension, no tax-free cash',
  'maximum-lump-sum': 'Maximum tax-free cash and a reduced pension',
  'requested-lump-sum': 'Tax-free cash of your choice and a reduced pension',
};

/** The DB retirement application: started from a chosen quote, and the formal quote asked before it. */
export const retirementStartRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  /** The tax-free cash the member kept on the options page for this date, else none. */
  const keptLumpSum = async (request: FastifyRequest, retirementDate: string) => {
    const entered = await enteredLumpSumOf(db, request.member!);
    return entered?.retirementDate === retirementDate ? entered.lumpSumPence : 0;
  };

  /** Starts (or re-chooses) the retirement application from a date and a quote option, locking the figures in. */
  const startFromQuote = async (
    request: FastifyRequest,
    type: string,
    body: z.infer<typeof startDbCoreJourneyRequestSchema>,
  ) => {
    const graph = await loadJourneyGraph(db, request.tenantUrl, type);
    if (graph.definition.startsFrom !== 'retirement-quote')
      throw badRequest('journey_not_from_quote', 'This journey does not start from a retirement quote.');
    await assertEligible(db, calculations, request, graph);
    const { member, scheme } = await memberFor(db, request);
    const today = utcDay(new Date());
    const { retirementDate, selectedQuoteName, requestedLumpSumPence } = body;
    const base = { schemeCode: scheme.code, today, member: calculationMember(member) };
    const summary = await calculated(
      calculations.retirementDatesAges({
        ...base,
        ...lifeStagePeriodsOf(request),
        selectedRetirementDate: retirementDate,
      }),
    );
    if (retirementDate < summary.window.from || retirementDate > summary.window.to)
      throw badRequest(
        'retirement_date_outside_window',
        `Choose a date from ${summary.window.from} to ${summary.window.to}.`,
      );
    if (summary.retirementApplicationStatus !== 'EligibleToStart')
      throw badRequest(
        'retirement_date_not_open',
        'You can apply online up to 6 months before your retirement date. Choose a nearer date.',
      );
    const quote = (await calculated(
      calculations.retirementQuote({
        ...base,
        retirementDate,
        requestedLumpSumPence:
          selectedQuoteName === 'requested-lump-sum'
            ? (requestedLumpSumPence ?? (await keptLumpSum(request, retirementDate)))
            : null,
      }),
    )) as DbQuote;
    const option = quote.options.find((candidate) => candidate.kind === selectedQuoteName);
    if (!option) throw badRequest('quote_option_not_found', 'Choose one of the options in your quote.');
    const choice: JourneyChoice = {
      retirementDate,
      selectedQuoteName,
      optionLabel: optionLabels[option.kind] ?? option.kind,
      lumpSumPence: option.lumpSumPence,
      annualPensionPence: option.residualPensionPence,
      quoteCalculatedOn: quote.calculatedOn,
      lumpSumPaymentDate: quote.payments.lumpSumPaymentDate,
      firstPaymentDate: quote.payments.firstPaymentDate,
    };
    const expiry = retirementJourneyExpiry(isoDate(retirementDate), today, graph.definition.expiryDays);
    await db.transaction((tx) =>
      openJourney(tx, request, graph, { expiresAt: new Date(`${expiry}T23:59:59Z`), choice }),
    );
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
      if (graph.definition.quoteRequest) await assertEligible(db, calculations, request, graph);
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
