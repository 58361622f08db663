import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calculationUnavailableSchema, safeDate } from '@meridian/contracts';
import {
  ageString,
  CalculationError,
  CalculationProviderError,
  isoDate,
  periodString,
  utcDay,
  type CalculationProvider,
  type TransferQuoteRequest,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { displayDate } from '../../lib/display';
import { errorResponses, notFound } from '../../lib/errors';
import { retirementApplicationOf } from './application';
import { calculationMember, figuresOrUnavailable } from '../member-data/calculations';
import { findMember, guaranteedTransferQuote } from '../member-data/member-repository';
import { enteredLumpSumOf } from './quote-routes';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { adviceThresholdTokens, schemeAdviceThresholdPence } from '../transfer-value/advice-threshold';

const isoDay = safeDate();
const errors = errorResponses(400, 401, 403, 404);

/** A figures answer: the figures (marked successful), or the 200 that says they are unavailable. */
const orUnavailable = <T extends z.ZodRawShape>(shape: T) =>
  z.union([z.object({ ...shape, isCalculationSuccessful: z.literal(true) }), calculationUnavailableSchema]);
const openOrUnavailable = <T extends z.ZodRawShape>(shape: T) =>
  z.union([
    z.looseObject({ ...shape, isCalculationSuccessful: z.literal(true) }),
    calculationUnavailableSchema,
  ]);

/**
 * Retirement figures for the signed-in member's chosen record, from the calculation provider
 * (the built-in engine by default). Every answer states the date it was worked out for.
 */
export const retirementRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const chosenMember = async (request: {
    member: { businessGroup: string; referenceNumber: string } | null;
  }) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found;
  };

  const datesAges = async (
    request: FastifyRequest,
    query: { preRetirementAgePeriod?: number; newlyRetiredRange?: number; selectedRetirementDate?: string },
    found?: Awaited<ReturnType<typeof chosenMember>>,
  ) => {
    const { member, scheme } = found ?? (await chosenMember(request));
    const tenantPeriods = lifeStagePeriodsOf(request);
    return calculations.retirementDatesAges({
      schemeCode: scheme.code,
      today: utcDay(new Date()),
      member: calculationMember(member),
      preRetirementAgePeriodInYears:
        query.preRetirementAgePeriod ?? tenantPeriods.preRetirementAgePeriodInYears,
      newlyRetiredRangeInMonths: query.newlyRetiredRange ?? tenantPeriods.newlyRetiredRangeInMonths,
      selectedRetirementDate: query.selectedRetirementDate ?? null,
      journey: await retirementApplicationOf(db, request.member!, new Date()),
    });
  };

  app.get(
    '/members/current/time-to-retirement',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Current age and time to normal (and target) retirement, as nYnMnWnD periods',
        response: {
          200: orUnavailable({
            calculatedOn: z.string(),
            currentAge: z.string(),
            currentAgeIso: z.string(),
            years: z.number().int(),
            months: z.number().int(),
            ageAtNormalRetirement: z.number(),
            normalRetirementDate: z.string(),
            timeToNormalRetirement: z.string(),
            targetRetirementDate: z.string().nullable(),
            timeToTargetRetirement: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      figuresOrUnavailable(
        datesAges(request, {}).then((summary) => ({
          calculatedOn: utcDay(new Date()),
          currentAge: summary.currentAge,
          currentAgeIso: summary.currentAgeIso,
          years: summary.termToRetirement.years,
          months: summary.termToRetirement.months,
          ageAtNormalRetirement: summary.ages.normal,
          normalRetirementDate: summary.dates.normal,
          timeToNormalRetirement: summary.timeToNormalRetirement,
          targetRetirementDate: summary.dates.target,
          timeToTargetRetirement: summary.timeToTargetRetirement,
        })),
      ),
  );

  app.get(
    '/members/current/age-lines',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Ages to show on a projection',
        response: { 200: orUnavailable({ ageLines: z.array(z.number().int()) }), ...errors },
      },
    },
    async (request) =>
      figuresOrUnavailable(datesAges(request, {}).then((summary) => ({ ageLines: summary.ageLines }))),
  );

  app.get(
    '/members/current/retirement-application-status-v2',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Retirement application status and life stage for the request’s periods',
        querystring: z.object({
          // Without them, the tenant's periods (tenant.json) apply.
          preRetirementAgePeriod: z.coerce.number().int().min(0).max(30).optional(),
          newlyRetiredRange: z.coerce.number().int().min(0).max(120).optional(),
          selectedRetirementDate: isoDay.optional(),
        }),
        response: {
          200: z.object({
            retirementApplicationStatus: z.string(),
            lifeStage: z.string(),
            isCalculationSuccessful: z.boolean(),
            selectedRetirementDate: z.string().nullable(),
            earliestStartRaDateForSelectedDate: z.string().nullable(),
            latestStartRaDateForSelectedDate: z.string().nullable(),
            retirementConfirmationDateForSelectedDate: z.string().nullable(),
            expirationRaDateForSelectedDate: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      try {
        const summary = await datesAges(request, request.query);
        const dates = summary.applicationDates;
        return {
          retirementApplicationStatus: summary.retirementApplicationStatus,
          lifeStage: summary.lifeStage,
          isCalculationSuccessful: true,
          selectedRetirementDate: summary.assessedRetirementDate,
          earliestStartRaDateForSelectedDate: dates.earliestStart,
          latestStartRaDateForSelectedDate: dates.latestStart,
          retirementConfirmationDateForSelectedDate: dates.confirmation,
          expirationRaDateForSelectedDate: dates.expiry,
        };
      } catch (error) {
        // Without a calculation the status and life stage are Undefined (existing-portal c.1), still a 200.
        if (!(error instanceof CalculationError || error instanceof CalculationProviderError)) throw error;
        return {
          retirementApplicationStatus: 'Undefined',
          lifeStage: 'Undefined',
          isCalculationSuccessful: false,
          selectedRetirementDate: null,
          earliestStartRaDateForSelectedDate: null,
          latestStartRaDateForSelectedDate: null,
          retirementConfirmationDateForSelectedDate: null,
          expirationRaDateForSelectedDate: null,
        };
      }
    },
  );

  app.get(
    '/v2/retirement/retirement-date',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'The retirement dates a member may choose from, and the default choice; not available to pensioners',
        response: {
          200: orUnavailable({
            retirementDate: z.string(),
            dateOfBirth: z.string(),
            availableRetirementDateRange: z.object({ from: z.string(), to: z.string() }),
            earliestRetirementDate: z.string(),
            normalRetirementDate: z.string(),
            latestRetirementDate: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const found = await chosenMember(request);
      const { member } = found;
      const answer = await figuresOrUnavailable(datesAges(request, {}, found));
      if (!answer.isCalculationSuccessful) return answer;
      if (!answer.retirementDateAvailable || !answer.defaultRetirementDate) {
        return {
          isCalculationSuccessful: false as const,
          dbCalculationStatus: 'retirementDateNotAvailable',
          message:
            member.status === 'Pensioner'
              ? 'Your pension is already being paid, so there is no retirement date to choose.'
              : 'There is no retirement date you can choose online.',
        };
      }
      return {
        isCalculationSuccessful: true as const,
        retirementDate: answer.defaultRetirementDate,
        dateOfBirth: member.dateOfBirth,
        availableRetirementDateRange: { from: answer.window.from, to: answer.window.to },
        earliestRetirementDate: answer.dates.earliest,
        normalRetirementDate: answer.dates.normal,
        latestRetirementDate: answer.dates.latest,
      };
    },
  );

  app.get(
    '/v3/retirement/quotes',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Retirement quote for a date: options, lump sums, payment dates and assumptions',
        querystring: z.object({
          selectedRetirementDate: isoDay.optional(),
          requestedLumpSum: z.coerce.number().int().nonnegative().optional(),
          bypassCache: z.enum(['true', 'false']).optional(),
          isGuaranteedRetirementQuote: z.enum(['true', 'false']).optional(),
        }),
        response: {
          200: openOrUnavailable({
            kind: z.enum(['DB', 'DC']),
            effectiveDate: z.string(),
            assumptions: z.array(z.string()).readonly(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenMember(request);
      const quoteWith = (requestedLumpSumPence: number | null) =>
        calculations.retirementQuote({
          schemeCode: scheme.code,
          today: utcDay(new Date()),
          member: calculationMember(member),
          retirementDate: request.query.selectedRetirementDate ?? null,
          requestedLumpSumPence: scheme.type === 'DB' ? requestedLumpSumPence : null,
          taxFreeCashPence: scheme.type === 'DC' ? (request.query.requestedLumpSum ?? null) : null,
        });
      const requested = request.query.requestedLumpSum ?? null;
      const entered = scheme.type === 'DB' && requested === null ? await enteredLumpSumOf(db, member) : null;
      return figuresOrUnavailable(
        quoteWith(requested).then(async (quote) => {
          // The member's own tax-free cash, kept for this date, is one of the options until cleared.
          if (!entered || quote.effectiveDate !== entered.retirementDate)
            return { ...quote, enteredLumpSumPence: null };
          return { ...(await quoteWith(entered.lumpSumPence)), enteredLumpSumPence: entered.lumpSumPence };
        }),
      );
    },
  );

  app.get(
    '/retirement/transfer-quote',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'Cash equivalent transfer value by tranche: the guaranteed quote issued to the member, unchanged until it expires, else a figure for today',
        response: {
          200: openOrUnavailable({
            guaranteeDate: z.string(),
            guaranteedUntil: z.string(),
            /** True for a quote issued to the member and still within its guarantee. */
            guaranteed: z.boolean(),
            /** When the guaranteed quote was issued; null for a figure worked out today. */
            issuedOn: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenMember(request);
      const today = utcDay(new Date());
      const stored = await guaranteedTransferQuote(db, member, today);
      if (stored) {
        return {
          ...stored.quote,
          guaranteed: true,
          issuedOn: stored.storedOn,
          isCalculationSuccessful: true as const,
        };
      }
      return figuresOrUnavailable(
        calculations
          .transferQuote({
            schemeCode: scheme.code,
            today,
            member: calculationMember(member) as TransferQuoteRequest['member'],
          })
          .then((quote) => ({ ...quote, guaranteed: false, issuedOn: null })),
      );
    },
  );

  app.get(
    '/retirement/cms-token-information',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Values for [[token:name]] placeholders in content, ready to show',
        response: {
          200: z.object({ tokens: z.record(z.string(), z.string()), figuresUnavailable: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const found = await chosenMember(request);
      const { member } = found;
      const today = utcDay(new Date());
      const summary = await datesAges(request, {}, found).catch(() => null);
      const dateOfBirth = isoDate(member.dateOfBirth);
      const tokens: Record<string, string> = {
        todays_date: displayDate(today),
        system_date: displayDate(today),
        name: [member.title, member.forenames, member.surname].filter(Boolean).join(' '),
        date_of_birth: displayDate(member.dateOfBirth),
        insurance_number: member.insuranceNumber ?? '',
        email: member.email ?? '',
        // from the date of birth alone, so filled when the calculation is unavailable too
        current_age_formatted: ageString(dateOfBirth, today),
        current_age_iso: periodString(dateOfBirth, today),
        // the scheme's rule, not a calculation, so filled when the figures are unavailable too
        ...adviceThresholdTokens(
          schemeAdviceThresholdPence(request.server.schemes, found.scheme.code, today),
        ),
      };
      if (!summary) {
        // Figures are shown as "-" (as data placeholders are), never as the raw placeholder.
        for (const name of FIGURE_TOKENS) tokens[name] = '-';
        return { tokens, figuresUnavailable: true };
      }
      Object.assign(tokens, {
        normal_retirement_date: displayDate(summary.dates.normal),
        normal_retirement_age: String(summary.ages.normal),
        earliest_retirement_date: displayDate(summary.dates.earliest),
        earliest_retirement_age: String(summary.ages.earliest),
        time_to_normal_retirement: summary.timeToNormalRetirement,
        // 0Y0M0W0D for a member without a target date, so content never shows an empty period
        time_to_target_retirement: summary.timeToTargetRetirement,
        ...(summary.dates.target && {
          target_retirement_date: displayDate(summary.dates.target),
          target_retirement_age: String(summary.ages.target),
        }),
        ...(summary.retirementDateAvailable && {
          retirement_journey_expiration_date: displayDate(summary.applicationDates.expiry),
        }),
      });
      return { tokens, figuresUnavailable: false };
    },
  );
};

/** Tokens that need the calculation: each reads "-" when it is unavailable. */
const FIGURE_TOKENS = [
  'normal_retirement_date',
  'normal_retirement_age',
  'earliest_retirement_date',
  'earliest_retirement_age',
  'time_to_normal_retirement',
  'time_to_target_retirement',
  'target_retirement_date',
  'target_retirement_age',
  'retirement_journey_expiration_date',
] as const;
