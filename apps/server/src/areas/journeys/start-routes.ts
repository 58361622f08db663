import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  errorBodySchema,
  evaluateVisibility,
  journeyStepRequestSchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
  startDbCoreJourneyRequestSchema,
  visibilityKeyOf,
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
import { memberJourneys } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { buildAccessKeyPayload } from '../member-data/access-key-service';
import { calculated, calculationMember } from '../member-data/calculations';
import { findMember, linkedRecordsOf } from '../member-data/member-repository';
import { enteredLumpSumOf } from '../member-data/retirement-quote-routes';
import { retirementJourneyType } from './actions';
import type { JourneyGraph } from './graph';
import { submitQuoteRequest } from './quote-request';
import { findJourney, loadJourneyGraph, statusOf, type Queryable } from './repository';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';

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

/** Starting a journey: the generic start, and the DB retirement application from a chosen quote. */
export const journeyStartRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const memberFor = async (request: FastifyRequest) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found;
  };

  /** The journey's eligibility rule, over the same key content is personalised on. */
  const assertEligible = async (request: FastifyRequest, graph: JourneyGraph) => {
    const rule = graph.definition.eligibility;
    if (!rule) return;
    const { member, scheme } = await memberFor(request);
    const payload = await buildAccessKeyPayload(calculations, member, scheme, {
      tenantUrl: request.tenantUrl,
      today: utcDay(new Date()),
      ...lifeStagePeriodsOf(request),
      basicMode: false,
      recordCount: (await linkedRecordsOf(db, request.member!.userId, request.member!.tenant.businessGroups))
        .length,
    });
    if (!evaluateVisibility(rule, visibilityKeyOf(payload)))
      throw forbidden('journey_not_open', `${graph.definition.title} is not open to you.`);
  };

  /** Creates the journey, or renews an expired one; a submitted one cannot be started again. */
  const open = async (
    tx: Queryable,
    request: FastifyRequest,
    graph: JourneyGraph,
    values: { expiresAt: Date; choice: JourneyChoice | null },
  ) => {
    const member = {
      businessGroup: request.member!.businessGroup,
      referenceNumber: request.member!.referenceNumber,
    };
    const existing = await findJourney(tx, member, graph.definition.type, true);
    const now = new Date();
    if (!existing) {
      await tx
        .insert(memberJourneys)
        .values({ ...member, type: graph.definition.type, ...values, steps: [] });
      return;
    }
    const status = statusOf(existing, now);
    if (status === 'Submitted')
      throw new AppError(409, 'journey_submitted', 'You have submitted this already. See My requests.');
    // A new choice keeps the answers given so far; an expired journey starts afresh.
    const fresh = status === 'Expired' ? { steps: [], startedAt: now, status: 'Started' as const } : {};
    await tx
      .update(memberJourneys)
      .set({ ...values, ...fresh, updatedAt: now })
      .where(eq(memberJourneys.id, existing.id));
  };

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
    await assertEligible(request, graph);
    const { member, scheme } = await memberFor(request);
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
      open(tx, request, graph, { expiresAt: new Date(`${expiry}T23:59:59Z`), choice }),
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
      if (graph.definition.quoteRequest) await assertEligible(request, graph);
      return submitQuoteRequest(db, request, graph);
    },
  );

  app.post(
    '/journeys/:journeyType/start',
    {
      schema: {
        tags,
        summary: 'Start a journey at its first page (no-op when one is under way)',
        params: journeyTypeParamsSchema,
        body: journeyStepRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const graph = await loadJourneyGraph(db, request.tenantUrl, request.params.journeyType);
      if (graph.definition.startsFrom)
        throw badRequest('journey_starts_from_quote', 'Choose a retirement date and option to start this.');
      if (request.body.currentPageKey !== graph.definition.firstPage)
        throw badRequest('not_first_page', `This journey starts at ${graph.definition.firstPage}.`);
      await assertEligible(request, graph);
      const member = {
        businessGroup: request.member!.businessGroup,
        referenceNumber: request.member!.referenceNumber,
      };
      await db.transaction(async (tx) => {
        const existing = await findJourney(tx, member, graph.definition.type, true);
        if (existing && statusOf(existing, new Date()) === 'Started') return;
        await open(tx, request, graph, {
          expiresAt: new Date(Date.now() + graph.definition.expiryDays * 86_400_000),
          choice: null,
        });
      });
      return reply.code(204).send(null);
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
