import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dcCompareRequestSchema,
  dcCompareResponseSchema,
  dcOptionsQuerySchema,
  dcOptionsResponseSchema,
  errorBodySchema,
  type RetirementLivingStandards,
} from '@meridian/contracts';
import {
  againstLivingStandards,
  compareDcOptions,
  dateAtAge,
  dcExploreContext,
  exploreDcOptions,
  getSchemeConfig,
  incomeTaxBasisFor,
  isoDate,
  personalAllowancePence,
  taxRegimeForAddress,
  utcDay,
  type CalculationProvider,
  type DcExploreBasis,
  type DcQuote,
  type DcSchemeConfig,
  type IsoDate,
  UnknownSchemeError,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { calculated, calculationMember } from '../member-data/calculations';
import { findMember } from '../member-data/member-repository';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  424: errorBodySchema,
};
const tags = ['member-data'];

/** The scheme's annuity tables and drawdown terms, from this server's configuration (also with a remote provider). */
function localDcScheme(code: string, today: IsoDate): DcSchemeConfig {
  try {
    const config = getSchemeConfig(code, today);
    if (config.kind === 'DC') return config;
  } catch (error) {
    if (!(error instanceof UnknownSchemeError)) throw error;
  }
  throw new AppError(
    424,
    'calculation_unavailable',
    'We cannot work out your options right now. Try again later.',
  );
}

/**
 * DC retirement options for the signed-in member's chosen DC record: the pot projected by the calculation
 * provider to a date or age they choose, then each way of spending it (packages/pensions dc-explore) with
 * income tax estimated for the tax year and where they live; compare sets two or three against the PLSA
 * Retirement Living Standards in the tenant's content.
 */
export const dcOptionsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const basisFor = async (
    request: FastifyRequest,
    when: { retirementDate?: string; age?: number },
    member: { otherIncomePence?: number; lumpSumAllowanceUsedPence?: number },
  ) => {
    const otherIncomePence = member.otherIncomePence ?? 0;
    if (when.retirementDate !== undefined && when.age !== undefined)
      throw badRequest('date_and_age', 'Give a retirement date or an age, not both.');
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    const { member: row, scheme } = found;
    if (scheme.type !== 'DC')
      throw badRequest(
        'not_a_dc_record',
        'Options for spending a pot are for a defined contribution (DC) record; this record is not one.',
      );
    const today = utcDay(new Date());
    const dateOfBirth = isoDate(row.dateOfBirth);
    const retirementDate =
      when.retirementDate ?? (when.age === undefined ? null : dateAtAge(dateOfBirth, when.age));
    const quote = (await calculated(
      calculations.retirementQuote({
        schemeCode: scheme.code,
        today,
        // The allowance the member says they have used counts over the record's.
        member: {
          ...calculationMember(row),
          ...(member.lumpSumAllowanceUsedPence !== undefined && {
            lumpSumAllowanceUsedPence: member.lumpSumAllowanceUsedPence,
          }),
        },
        retirementDate,
      }),
    )) as DcQuote;
    const config = localDcScheme(scheme.code, today);
    const taxBasis = incomeTaxBasisFor(quote.effectiveDate);
    const regime = taxRegimeForAddress(row.address);
    const basis: DcExploreBasis = {
      scheme: config,
      dateOfBirth,
      retirementDate: quote.effectiveDate,
      ageAtRetirement: quote.ageAtRetirement,
      potPence: quote.projection.potPence,
      lumpSumAllowanceRemainingPence: quote.lumpSumAllowanceRemainingPence,
      tax: { rates: taxBasis.rates, regime: regime.regime, otherIncomePence },
    };
    const context = {
      isCalculationSuccessful: true as const,
      calculatedOn: quote.calculatedOn,
      retirementDate: quote.effectiveDate,
      ageAtRetirement: quote.ageAtRetirement,
      range: {
        earliestDate: quote.retirementDates.earliest > today ? quote.retirementDates.earliest : today,
        latestDate: quote.retirementDates.latest,
      },
      currentPotPence: quote.currentPotPence,
      potPence: quote.projection.potPence,
      ...dcExploreContext(basis),
      tax: {
        regime: regime.regime,
        regimeReason: regime.reason,
        taxYear: taxBasis.taxYear,
        ratesTaxYear: taxBasis.rates.taxYear,
        frozenRatesAssumed: taxBasis.frozenRatesAssumed,
        personalAllowancePence: personalAllowancePence(otherIncomePence, taxBasis.rates),
        otherIncomePence,
        source: taxBasis.rates.source,
      },
    };
    return { basis, context };
  };

  /** The engine's refusals (a cash amount out of range, an option not open) become 400s with their codes. */
  const figures = <T>(work: () => T) => calculated(Promise.resolve().then(work));

  app.get(
    '/retirement/dc/options',
    {
      schema: {
        tags,
        summary:
          'What a DC pot can buy at a date or age (else the target date): each option’s tax-free and taxable cash, yearly income after estimated income tax, what it gives up and whether the MPAA applies (pence)',
        querystring: dcOptionsQuerySchema,
        response: { 200: dcOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { retirementDate, age, otherIncomePence, lumpSumAllowanceUsedPence, ...choices } = request.query;
      const { basis, context } = await basisFor(
        request,
        { retirementDate, age },
        { otherIncomePence, lumpSumAllowanceUsedPence },
      );
      return { ...context, options: await figures(() => exploreDcOptions(basis, choices)) };
    },
  );

  app.post(
    '/retirement/dc/options/compare',
    {
      schema: {
        tags,
        summary:
          'Two or three DC options side by side at one date, each yearly income after estimated tax set against the PLSA Retirement Living Standards (pence)',
        body: dcCompareRequestSchema,
        response: { 200: dcCompareResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { retirementDate, age, otherIncomePence, lumpSumAllowanceUsedPence, household, options } =
        request.body;
      const standards = await findDocument<RetirementLivingStandards>(
        db,
        request.tenantUrl,
        'retirement-living-standards',
      );
      if (!standards)
        throw notFound(
          'living_standards_not_available',
          'The Retirement Living Standards are not set up for this scheme.',
        );
      const { basis, context } = await basisFor(
        request,
        { retirementDate, age },
        { otherIncomePence, lumpSumAllowanceUsedPence },
      );
      const compared = await figures(() => compareDcOptions(basis, options));
      return {
        ...context,
        household,
        standards,
        options: compared.map((option) => ({
          ...option,
          ...againstLivingStandards(option.yearlyIncomeAfterTaxPence, standards, household),
        })),
      };
    },
  );
};
