import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  calculationUnavailableSchema,
  dbServiceSchema,
  lumpSumQuerySchema,
  recordQuerySchema,
  retirementCalculationSchema,
  retirementOptionsQuerySchema,
  retirementOptionsSchema,
  retirementPlannerSchema,
  retirementTimelineQuerySchema,
  retirementTimelineSchema,
} from '@meridian/contracts';
import {
  addYears,
  dbMemberSchema,
  dbServiceRecord,
  earliestRetirement,
  getDbSchemeConfig,
  isoDate,
  planningAges,
  planningRange,
  utcDay,
  type CalculationProvider,
  type DbOption,
  type DbOptionKind,
  type DbQuote,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { enteredLumpSums } from '../../db/schema';
import { badRequest, errorResponses, notFound } from '../../lib/errors';
import { displayDate, displayPounds } from '../../lib/display';
import { fileForMember, type PortalDocument } from '../documents/library';
import { loggableError } from '../../lib/logging';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { retirementApplicationOf } from './application';
import { calculated, calculationMember, figuresOrUnavailable } from '../member-data/calculations';
import { findMember } from '../member-data/member-repository';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';

/**
 * Files the quote the member took away in their library and answers the name it was filed under.
 * The member asked for the PDF, not the copy: if filing fails, the PDF is still sent under its own name.
 */
async function keptInLibrary(request: FastifyRequest, document: PortalDocument): Promise<string> {
  try {
    return (await fileForMember(request, document)).name;
  } catch (error) {
    request.log.warn({ failure: loggableError(error as Error) }, 'retirement quote not filed in the library');
    return document.name;
  }
}

const errors = errorResponses(400, 401, 403, 404, 424);
const tags = ['member-data'];

/** Members whose pension is not yet paid can be quoted; the others are told why not. */
const notQuotable = {
  isCalculationSuccessful: false as const,
  dbCalculationStatus: 'forbidden',
  message: 'There are no retirement figures to show for your membership.',
};

const optionTitles: Record<DbOptionKind, string> = {
  'full-pension': 'Full pension, no tax-free cash',
  'maximum-lump-sum': 'The most tax-free cash and a reduced pension',
  'requested-lump-sum': 'Your own tax-free cash and a reduced pension',
};
/** The full pension keeps the AVC fund as cash (nothing is given up for it), so it is not "no tax-free cash". */
const optionTitle = (entry: DbOption) =>
  entry.kind === 'full-pension' && entry.lumpSumPence > 0
    ? 'Full pension, with your AVC fund as tax-free cash'
    : optionTitles[entry.kind];

/** The early or late retirement factor as the member reads it. */
const adjustmentLine = ({ adjustment }: DbQuote) =>
  adjustment.kind === 'none'
    ? 'None: your normal retirement age'
    : `${adjustment.kind === 'early' ? 'Reduced' : 'Increased'}: ${adjustment.months} months ${adjustment.kind}, × ${adjustment.factor}`;
const option = (quote: DbQuote, kind: DbOptionKind) => quote.options.find((entry) => entry.kind === kind)!;

/** What an option's AVC fund not taken as cash buys: the extra pension, or that the scheme works it out. */
const avcExtraLines = (entry: DbOption) => {
  if (entry.avcRemainingPence === 0) return [];
  return [
    {
      label: 'Plus extra pension from your AVC fund',
      value:
        entry.avcExtraPensionPence == null
          ? `${displayPounds(entry.avcRemainingPence)} of your AVC fund buys extra pension, worked out when you apply`
          : `${displayPounds(entry.avcExtraPensionPence)} a year, bought with ${displayPounds(entry.avcRemainingPence)} of your AVC fund`,
    },
  ];
};

/** The AVC fund and how it can be taken, with the engine's figures at the date. */
function avcSection(quote: DbQuote) {
  const most = option(quote, 'maximum-lump-sum');
  const factor = quote.avcPensionFactor;
  const asPension =
    quote.avcFundAsPensionPence == null
      ? 'Any part you do not take as cash buys extra pension, worked out when you apply.'
      : `${displayPounds(quote.avcFundAsPensionPence)} a year if none of it is taken as cash (£${factor} of fund buys £1 a year at your age)`;
  return {
    heading: 'Your AVC fund',
    lines: [
      { label: 'AVC fund', value: displayPounds(quote.avcFundPence) },
      ...(quote.avcTakenAsCashFirst === false
        ? [
            {
              label: 'How it is taken',
              value: 'Your scheme does not pay AVC funds as cash: all of it buys extra pension.',
            },
            { label: 'As extra pension', value: asPension },
          ]
        : [
            {
              label: 'As tax-free cash, first',
              value: `Paid before any pension is given up. With the most tax-free cash, ${displayPounds(most.fromAvcPence)} comes from your AVC fund and ${displayPounds(most.fromCommutationPence)} from giving up ${displayPounds(most.pensionGivenUpPence)} a year of pension.`,
            },
            { label: 'As extra pension', value: asPension },
          ]),
    ],
  };
}

const keptLumpSum = preparedQuery((db: Pick<Database, 'select'>) =>
  db
    .select()
    .from(enteredLumpSums)
    .where(
      and(
        eq(enteredLumpSums.businessGroup, sql.placeholder('businessGroup')),
        eq(enteredLumpSums.referenceNumber, sql.placeholder('referenceNumber')),
      ),
    )
    .prepare('entered_lump_sum'),
);

/** The member's tax-free cash entered for a date, if they kept one. */
export async function enteredLumpSumOf(
  db: Pick<Database, 'select'>,
  member: { businessGroup: string; referenceNumber: string },
) {
  const [row] = await keptLumpSum(db).execute({
    businessGroup: member.businessGroup,
    referenceNumber: member.referenceNumber,
  });
  return row ?? null;
}

/**
 * DB retirement figures beyond the quote itself: the headline calculation, the options at an age (the
 * projection), the member's own tax-free cash (preview, keep, clear) and the timeline of a date.
 */
export const retirementQuoteRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const recordOf = (request: FastifyRequest) => ({
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  });

  const memberFor = async (request: FastifyRequest) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found;
  };

  /** A DB quote for a date (the default date when null), optionally with the member's own tax-free cash. */
  const dbQuote = async (
    request: FastifyRequest,
    retirementDate: string | null,
    requestedLumpSumPence: number | null = null,
  ) => {
    const { member, scheme } = await memberFor(request);
    if (scheme.type !== 'DB' || !['Active', 'Deferred'].includes(member.status))
      throw badRequest('lump_sum_not_offered', 'Tax-free cash can be chosen for a pension not yet paid.');
    return (await calculated(
      calculations.retirementQuote({
        schemeCode: scheme.code,
        today: utcDay(new Date()),
        member: calculationMember(member),
        retirementDate,
        requestedLumpSumPence,
      }),
    )) as DbQuote;
  };

  const quotable = async (request: FastifyRequest) => {
    const { member, scheme } = await memberFor(request);
    return scheme.type === 'DB' && ['Active', 'Deferred'].includes(member.status) ? { member, scheme } : null;
  };

  app.get(
    '/retirement/calculation',
    {
      schema: {
        tags,
        summary: 'The DB pension a year and AVC fund at the member’s default retirement date (pence)',
        response: {
          200: z.union([retirementCalculationSchema, calculationUnavailableSchema]),
          ...errors,
        },
      },
    },
    async (request) => {
      const found = await quotable(request);
      if (!found) return notQuotable;
      const { member, scheme } = found;
      return figuresOrUnavailable(
        (
          calculations.retirementQuote({
            schemeCode: scheme.code,
            today: utcDay(new Date()),
            member: calculationMember(member),
          }) as Promise<DbQuote>
        ).then((quote) => ({
          calculatedOn: quote.calculatedOn,
          effectiveDate: quote.effectiveDate,
          totalPension: quote.fullPensionPence,
          totalAVCFund: quote.avcFundPence,
        })),
      );
    },
  );

  app.get(
    '/retirement/options',
    {
      schema: {
        tags,
        summary:
          'Full pension, maximum tax-free cash and the pension left with it, for retiring on a birthday (pence)',
        querystring: retirementOptionsQuerySchema,
        response: { 200: z.union([retirementOptionsSchema, calculationUnavailableSchema]), ...errors },
      },
    },
    async (request) => {
      const found = await quotable(request);
      if (!found) return notQuotable;
      const { member, scheme } = found;
      const retirementDate = addYears(isoDate(member.dateOfBirth), request.query.age);
      return figuresOrUnavailable(
        (
          calculations.retirementQuote({
            schemeCode: scheme.code,
            today: utcDay(new Date()),
            member: calculationMember(member),
            retirementDate,
          }) as Promise<DbQuote>
        ).then((quote) => ({
          age: request.query.age,
          retirementDate: quote.effectiveDate,
          fullPensionYearlyIncome: option(quote, 'full-pension').residualPensionPence,
          maxLumpSum: option(quote, 'maximum-lump-sum').lumpSumPence,
          maxLumpSumYearlyIncome: option(quote, 'maximum-lump-sum').residualPensionPence,
        })),
      );
    },
  );

  app.get(
    '/retirement/planner',
    {
      schema: {
        tags,
        summary:
          'The DB pension modelled at each birthday from the earliest date the rules allow to the latest, with the early or late factor, the most tax-free cash and the pension left (pence)',
        response: { 200: z.union([retirementPlannerSchema, calculationUnavailableSchema]), ...errors },
      },
    },
    async (request) => {
      const found = await quotable(request);
      if (!found) return notQuotable;
      const { member, scheme } = found;
      const today = utcDay(new Date());
      const dateOfBirth = isoDate(member.dateOfBirth);
      const base = { schemeCode: scheme.code, today, member: calculationMember(member) };
      return figuresOrUnavailable(
        (async () => {
          const summary = await calculations.retirementDatesAges({
            ...base,
            ...lifeStagePeriodsOf(request),
          });
          const range = planningRange(summary.dates, today);
          const quotes = (await Promise.all(
            planningAges(dateOfBirth, range).map(({ date }) =>
              calculations.retirementQuote({ ...base, retirementDate: date }),
            ),
          )) as DbQuote[];
          const { ages } = getDbSchemeConfig(scheme.code, today);
          const earliest = earliestRetirement(dateOfBirth, ages, summary.dates, member.protectedPensionAge);
          return {
            calculatedOn: today,
            dateOfBirth,
            range: { from: range.from, to: range.to },
            earliestRetirementDate: summary.dates.earliest,
            normalRetirementDate: summary.dates.normal,
            latestRetirementDate: summary.dates.latest,
            normalRetirementAge: summary.ages.normal,
            earliestReason: earliest.reason,
            normalMinimumPensionAge: earliest.normalMinimumPensionAge,
            protectedPensionAge: member.protectedPensionAge,
            avcFundPence: quotes[0]?.avcFundPence ?? 0,
            avcTakenAsCashFirst: quotes[0]?.avcTakenAsCashFirst ?? true,
            ages: quotes.map((quote) => {
              const most = option(quote, 'maximum-lump-sum');
              return {
                age: quote.ageAtRetirement.years,
                retirementDate: quote.effectiveDate,
                adjustment: quote.adjustment,
                fullPensionPence: quote.fullPensionPence,
                maximumLumpSumPence: most.lumpSumPence,
                maximumLumpSumFromAvcPence: most.fromAvcPence,
                pensionWithMaximumLumpSumPence: most.residualPensionPence,
              };
            }),
            assumptions: [...(quotes[0]?.assumptions ?? [])],
          };
        })(),
      );
    },
  );

  app.get(
    '/retirement/service',
    {
      schema: {
        tags,
        summary:
          'A DB record’s service and salary: joined, pensionable service, each salary with its dates, the accrual rate and the pension built up (pence)',
        response: { 200: dbServiceSchema, ...errors },
      },
    },
    async (request) => {
      const { member, scheme } = await memberFor(request);
      if (scheme.type !== 'DB')
        throw notFound('no_db_service', 'A savings pot is not built from service and salary.');
      const today = utcDay(new Date());
      const parsed = dbMemberSchema.safeParse(calculationMember(member));
      if (!parsed.success)
        throw badRequest('invalid_member', 'We cannot read your membership record. Please contact us.');
      const { benefits } = parsed.data;
      const record = dbServiceRecord(
        {
          status: member.status,
          dateJoinedScheme: member.dateJoinedScheme ? isoDate(member.dateJoinedScheme) : null,
          datePensionableServiceStarted: member.datePensionableServiceStarted
            ? isoDate(member.datePensionableServiceStarted)
            : null,
          dateLeftScheme: member.dateLeftScheme ? isoDate(member.dateLeftScheme) : null,
          dateRetired: member.dateRetired ? isoDate(member.dateRetired) : null,
          benefits,
        },
        today,
      );
      const labels = new Map(
        getDbSchemeConfig(scheme.code, today).tranches.map((tranche) => [tranche.code, tranche.label]),
      );
      return {
        ...record,
        pensionAsAt:
          benefits.pensionAsAt ?? (member.status === 'Active' ? today : (member.dateLeftScheme ?? today)),
        tranches: benefits.tranches.map((tranche) => ({
          code: tranche.code,
          label: labels.get(tranche.code) ?? tranche.code,
          annualPensionPence: tranche.annualPensionPence,
        })),
      };
    },
  );

  app.get(
    '/retirement/options/summary-pdf',
    {
      schema: {
        tags,
        summary:
          'The options for a retirement date (else the default date) as a PDF: each option’s tax-free cash and pension a year',
        querystring: retirementTimelineQuerySchema.extend(recordQuerySchema.shape),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const quote = await dbQuote(request, request.query.selectedRetirementDate ?? null);
      const { member } = await memberFor(request);
      const pdf = await renderApplicationPdf({
        title: 'Your retirement options',
        dateLabel: 'Figures worked out on',
        submittedOn: displayDate(quote.calculatedOn),
        sections: [
          aboutYouSection(member, {
            label: 'Retirement date',
            value: displayDate(quote.effectiveDate),
          }),
          {
            heading: 'Your pension at this date',
            lines: [
              { label: 'Early or late retirement', value: adjustmentLine(quote) },
              { label: 'Full pension a year', value: displayPounds(quote.fullPensionPence) },
            ],
          },
          ...quote.options.map((entry) => ({
            heading: optionTitle(entry),
            lines: [
              { label: 'Tax-free cash', value: displayPounds(entry.lumpSumPence) },
              ...(entry.fromAvcPence > 0
                ? [
                    { label: 'From your AVC fund', value: displayPounds(entry.fromAvcPence) },
                    { label: 'By giving up pension', value: displayPounds(entry.fromCommutationPence) },
                  ]
                : []),
              { label: 'Pension a year', value: displayPounds(entry.residualPensionPence) },
              ...avcExtraLines(entry),
            ],
          })),
          ...(quote.avcFundPence > 0 ? [avcSection(quote)] : []),
          {
            heading: 'About these figures',
            lines: quote.assumptions.map((text) => ({ label: '', value: text })),
          },
        ],
      });
      // The quote the member took away is kept in their library, once however often it is downloaded.
      const figures = JSON.stringify([quote.effectiveDate, quote.options, quote.assumptions]);
      const name = await keptInLibrary(request, {
        name: `retirement-options-${quote.effectiveDate}.pdf`,
        type: 'Retirement quote',
        kind: 'quote',
        bytes: pdf,
        sourceKey: `retirement-options:${createHash('sha256').update(figures).digest('hex')}`,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/v3/retirement/quotes/recalculate-lumpsum',
    {
      schema: {
        tags,
        summary:
          'The quote with the member’s own tax-free cash (not kept); refused outside £0 to the maximum',
        querystring: lumpSumQuerySchema,
        response: { 200: z.looseObject({ isCalculationSuccessful: z.literal(true) }), ...errors },
      },
    },
    async (request) => ({
      ...(await dbQuote(
        request,
        request.query.selectedRetirementDate ?? null,
        request.query.requestedLumpSum,
      )),
      isCalculationSuccessful: true as const,
    }),
  );

  app.post(
    '/v3/retirement/quotes/submit-recalculated-lumpsum',
    {
      schema: {
        tags,
        summary:
          'Keep the member’s own tax-free cash for a date: later quotes for that date include it until cleared',
        querystring: lumpSumQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { requestedLumpSum, selectedRetirementDate } = request.query;
      const quote = await dbQuote(request, selectedRetirementDate ?? null, requestedLumpSum);
      const values = {
        ...recordOf(request),
        retirementDate: quote.effectiveDate,
        lumpSumPence: requestedLumpSum,
        updatedAt: new Date(),
      };
      await db
        .insert(enteredLumpSums)
        .values(values)
        .onConflictDoUpdate({
          target: [enteredLumpSums.businessGroup, enteredLumpSums.referenceNumber],
          set: {
            retirementDate: values.retirementDate,
            lumpSumPence: requestedLumpSum,
            updatedAt: values.updatedAt,
          },
        });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v3/retirement/quotes/clear-lumpsum',
    {
      schema: {
        tags,
        summary: 'Forget the member’s own tax-free cash; quotes go back to the standard options',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const record = recordOf(request);
      await db
        .delete(enteredLumpSums)
        .where(
          and(
            eq(enteredLumpSums.businessGroup, record.businessGroup),
            eq(enteredLumpSums.referenceNumber, record.referenceNumber),
          ),
        );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/retirement/timeline',
    {
      schema: {
        tags,
        summary:
          'Dates around a retirement date (the application’s, else the default): when to apply, confirmation, first pay date and tax-free cash date',
        querystring: retirementTimelineQuerySchema,
        response: { 200: retirementTimelineSchema, ...errors },
      },
    },
    async (request) => {
      const { member, scheme } = await memberFor(request);
      const today = utcDay(new Date());
      const journey = await retirementApplicationOf(db, recordOf(request), new Date());
      const base = { schemeCode: scheme.code, today, member: calculationMember(member) };
      const chosen =
        request.query.selectedRetirementDate ??
        (journey && !journey.expired ? journey.retirementDate : null) ??
        null;
      const summary = await calculated(
        calculations.retirementDatesAges({
          ...base,
          ...lifeStagePeriodsOf(request),
          selectedRetirementDate: chosen,
          journey,
        }),
      );
      const retirementDate = chosen ?? summary.defaultRetirementDate;
      if (!retirementDate || scheme.type !== 'DB')
        throw notFound(
          'retirement_date_not_available',
          'There is no retirement date to show a timeline for.',
        );
      const quote = (await calculated(calculations.retirementQuote({ ...base, retirementDate }))) as DbQuote;
      return {
        retirementDate: quote.effectiveDate,
        earliestStartRaDateForSelectedDate: summary.applicationDates.earliestStart,
        latestStartRaDateForSelectedDate: summary.applicationDates.latestStart,
        retirementConfirmationDate: summary.applicationDates.confirmation,
        firstMonthlyPensionPayDate: quote.payments.firstPaymentDate,
        lumpSumPayDate: quote.payments.lumpSumPaymentDate,
      };
    },
  );
};
