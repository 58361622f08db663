import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/contracts';
import { utcDay, type CalculationProvider, type TransferQuoteRequest } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { calculated, calculationMember } from './calculations';
import { findMember } from './member-repository';

const isoDay = z.iso.date('a date as YYYY-MM-DD');
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  503: errorBodySchema,
};

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
    request: { member: { businessGroup: string; referenceNumber: string } | null },
    query: { preRetirementAgePeriod?: number; newlyRetiredRange?: number; selectedRetirementDate?: string },
  ) => {
    const { member, scheme } = await chosenMember(request);
    return calculated(
      calculations.retirementDatesAges({
        schemeCode: scheme.code,
        today: utcDay(new Date()),
        member: calculationMember(member),
        preRetirementAgePeriodInYears: query.preRetirementAgePeriod ?? 5,
        newlyRetiredRangeInMonths: query.newlyRetiredRange ?? 3,
        selectedRetirementDate: query.selectedRetirementDate ?? null,
      }),
    );
  };

  app.get(
    '/members/current/time-to-retirement',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Current age and time to normal (and target) retirement, as nYnMnWnD periods',
        response: {
          200: z.object({
            calculatedOn: z.string(),
            currentAge: z.string(),
            years: z.number().int(),
            months: z.number().int(),
            ageAtNormalRetirement: z.number(),
            normalRetirementDate: z.string(),
            timeToNormalRetirement: z.string(),
            targetRetirementDate: z.string().nullable(),
            timeToTargetRetirement: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const summary = await datesAges(request, {});
      return {
        calculatedOn: utcDay(new Date()),
        currentAge: summary.currentAge,
        years: summary.termToRetirement.years,
        months: summary.termToRetirement.months,
        ageAtNormalRetirement: summary.ages.normal,
        normalRetirementDate: summary.dates.normal,
        timeToNormalRetirement: summary.timeToNormalRetirement,
        targetRetirementDate: summary.dates.target,
        timeToTargetRetirement: summary.timeToTargetRetirement,
      };
    },
  );

  app.get(
    '/members/current/age-lines',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Ages to show on a projection',
        response: { 200: z.object({ ageLines: z.array(z.number().int()) }), ...errors },
      },
    },
    async (request) => ({ ageLines: (await datesAges(request, {})).ageLines }),
  );

  app.get(
    '/members/current/retirement-application-status-v2',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Retirement application status and life stage for the request’s periods',
        querystring: z.object({
          preRetirementAgePeriod: z.coerce.number().int().min(0).max(30).default(5),
          newlyRetiredRange: z.coerce.number().int().min(0).max(120).default(3),
          selectedRetirementDate: isoDay.optional(),
        }),
        response: {
          200: z.object({
            retirementApplicationStatus: z.string(),
            lifeStage: z.string(),
            earliestStartRaDateForSelectedDate: z.string().nullable(),
            latestStartRaDateForSelectedDate: z.string(),
            expirationRaDateForSelectedDate: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const summary = await datesAges(request, request.query);
      return {
        retirementApplicationStatus: summary.retirementApplicationStatus,
        lifeStage: summary.lifeStage,
        earliestStartRaDateForSelectedDate: summary.applicationStartRange.earliest ?? null,
        latestStartRaDateForSelectedDate: summary.applicationStartRange.latest,
        expirationRaDateForSelectedDate: summary.confirmationDate,
      };
    },
  );

  app.get(
    '/v2/retirement/retirement-date',
    {
      schema: {
        tags: ['member-data'],
        summary: 'The retirement dates a member may choose from, and the default choice',
        response: {
          200: z.object({
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
      const { member } = await chosenMember(request);
      const summary = await datesAges(request, {});
      return {
        retirementDate: summary.effectiveDate,
        dateOfBirth: member.dateOfBirth,
        availableRetirementDateRange: { from: summary.window.from, to: summary.window.to },
        earliestRetirementDate: summary.dates.earliest,
        normalRetirementDate: summary.dates.normal,
        latestRetirementDate: summary.dates.latest,
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
          200: z.looseObject({
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
      // Spread into a plain object: the response schema is open to the quote's further fields.
      return {
        ...(await calculated(
          calculations.retirementQuote({
            schemeCode: scheme.code,
            today: utcDay(new Date()),
            member: calculationMember(member),
            retirementDate: request.query.selectedRetirementDate ?? null,
            requestedLumpSumPence: scheme.type === 'DB' ? (request.query.requestedLumpSum ?? null) : null,
            taxFreeCashPence: scheme.type === 'DC' ? (request.query.requestedLumpSum ?? null) : null,
          }),
        )),
      };
    },
  );

  app.get(
    '/retirement/transfer-quote',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Cash equivalent transfer value by tranche, with its guarantee date',
        response: {
          200: z.looseObject({ guaranteeDate: z.string(), guaranteedUntil: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenMember(request);
      // Spread into a plain object: the response schema is open to the quote's further fields.
      return {
        ...(await calculated(
          calculations.transferQuote({
            schemeCode: scheme.code,
            today: utcDay(new Date()),
            member: calculationMember(member) as TransferQuoteRequest['member'],
          }),
        )),
      };
    },
  );

  app.get(
    '/retirement/cms-token-information',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Values for [[token:name]] placeholders in content, ready to show',
        response: { 200: z.object({ tokens: z.record(z.string(), z.string()) }), ...errors },
      },
    },
    async (request) => {
      const { member } = await chosenMember(request);
      const today = utcDay(new Date());
      const summary = await datesAges(request, {}).catch(() => null);
      const tokens: Record<string, string> = {
        todays_date: displayDate(today),
        system_date: displayDate(today),
        name: [member.title, member.forenames, member.surname].filter(Boolean).join(' '),
        date_of_birth: displayDate(member.dateOfBirth),
        insurance_number: member.insuranceNumber ?? '',
        email: member.email ?? '',
      };
      if (summary) {
        Object.assign(tokens, {
          normal_retirement_date: displayDate(summary.dates.normal),
          normal_retirement_age: String(summary.ages.normal),
          earliest_retirement_date: displayDate(summary.dates.earliest),
          earliest_retirement_age: String(summary.ages.earliest),
          time_to_normal_retirement: summary.timeToNormalRetirement,
          current_age_formatted: summary.currentAge,
          ...(summary.dates.target && {
            target_retirement_date: displayDate(summary.dates.target),
            target_retirement_age: String(summary.ages.target),
            time_to_target_retirement: summary.timeToTargetRetirement ?? '',
          }),
        });
      }
      return { tokens };
    },
  );
};

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `dd MMM yyyy`, the portal's date format (fixed English month names, whatever the runtime's locale data). */
const displayDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day} ${months[Number(month) - 1]} ${year}`;
};
