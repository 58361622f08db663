import type { FastifyRequest } from 'fastify';
import {
  dateAtAge,
  dcExploreContext,
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
import { calculated, calculationMember } from '../member-data/calculations';
import { findMember } from '../member-data/member-repository';

/** The scheme's annuity tables and drawdown terms, from this server's configuration (also with a remote provider). */
export function localDcScheme(code: string, today: IsoDate): DcSchemeConfig {
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
 * The basis every DC option is worked out on for the signed-in member's DC record: the pot projected by the
 * calculation provider to a date or age (else the target date), the scheme's terms and the tax estimate's
 * rates and regime; and the context the answers share (range, limits, tax basis).
 */
export async function dcBasisFor(
  db: Pick<Database, 'select'>,
  calculations: CalculationProvider,
  request: FastifyRequest,
  when: { retirementDate?: string; age?: number },
  member: { otherIncomePence?: number; lumpSumAllowanceUsedPence?: number },
) {
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
  return { basis, context, member: row };
}
