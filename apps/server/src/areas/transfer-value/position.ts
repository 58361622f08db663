import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { TransferPosition } from '@meridian/contracts';
import {
  addYears,
  guaranteeDaysLeft,
  isoDate,
  statementEntitlement,
  survivorPensionOf,
  UnknownSchemeError,
  type CalculationProvider,
  type DbSchemeConfig,
  type IsoDate,
  type SchemeLookup,
  type TransferQuote,
  type TransferQuoteRequest,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { storedTransferQuotes } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { calculated, calculationMember } from '../member-data/calculations';
import { spouseOrPartnerOnRecord } from '../statements/statement';
import { findMember, guaranteedTransferQuote } from '../member-data/member-repository';

export type FoundMember = NonNullable<Awaited<ReturnType<typeof findMember>>>;
type Reader = Pick<Database, 'select'>;

/** The member's AVC fund: never guaranteed, so shown apart from the transfer value. */
export const avcFundOf = (member: FoundMember['member']): number => {
  const value = (member.benefits as { avcFundPence?: unknown }).avcFundPence;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
};

/** The scheme's transfer terms (charge, survivor's pension) from this server's configuration (`schemes`). */
function localDbScheme(schemes: SchemeLookup, code: string, today: IsoDate): DbSchemeConfig {
  try {
    const config = schemes(code, today);
    if (config.kind === 'DB') return config;
  } catch (error) {
    if (!(error instanceof UnknownSchemeError)) throw error;
  }
  throw noTransferValue();
}

const noTransferValue = () =>
  notFound(
    'no_transfer_value',
    'We cannot give a transfer value for this pension online. Contact us to ask about transferring it.',
  );

/**
 * The signed-in member's record with the scheme's transfer terms: a DB pension not yet in payment (a DC pot
 * or a pension in payment has no transfer value here).
 */
export const transferBasisFor = (db: Reader, request: FastifyRequest, today: IsoDate) =>
  transferBasisOf(
    db,
    { businessGroup: request.member!.businessGroup, referenceNumber: request.member!.referenceNumber },
    today,
    request.server.schemes,
  );

/** As `transferBasisFor`, for a record named directly (the demo's seeded statement). */
export async function transferBasisOf(
  db: Reader,
  record: { businessGroup: string; referenceNumber: string },
  today: IsoDate,
  schemes: SchemeLookup,
) {
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  if (found.scheme.type !== 'DB' || found.member.status === 'Pensioner') throw noTransferValue();
  return { ...found, config: localDbScheme(schemes, found.scheme.code, today) };
}

/**
 * Dates of the free statements issued to the record in the year up to today (the free one's 12 months):
 * a statement the member paid for does not use the free one.
 */
export async function statementsIssuedInYear(
  db: Reader,
  record: { businessGroup: string; referenceNumber: string },
  today: IsoDate,
): Promise<IsoDate[]> {
  const rows = await db
    .select({ storedOn: storedTransferQuotes.storedOn })
    .from(storedTransferQuotes)
    .where(
      and(
        eq(storedTransferQuotes.businessGroup, record.businessGroup),
        eq(storedTransferQuotes.referenceNumber, record.referenceNumber),
        gte(storedTransferQuotes.storedOn, addYears(today, -1)),
        or(isNull(storedTransferQuotes.chargePence), eq(storedTransferQuotes.chargePence, 0)),
      ),
    )
    .orderBy(desc(storedTransferQuotes.storedOn));
  return rows.map((row) => isoDate(row.storedOn));
}

/** The value the member may use: the guaranteed statement while it holds, else today's figure (not guaranteed). */
export async function currentTransferValue(
  db: Database,
  calculations: CalculationProvider,
  basis: FoundMember,
  today: IsoDate,
): Promise<{ quote: TransferQuote; issuedOn: IsoDate | null }> {
  const stored = await guaranteedTransferQuote(db, basis.member, today);
  if (stored) return { quote: stored.quote, issuedOn: isoDate(stored.storedOn) };
  const quote = await calculated(
    calculations.transferQuote({
      schemeCode: basis.scheme.code,
      today,
      member: calculationMember(basis.member) as TransferQuoteRequest['member'],
    }),
  );
  return { quote, issuedOn: null };
}

/** A transfer quote as the API shows it. */
export const figureOf = (quote: TransferQuote, issuedOn: IsoDate | null, today: IsoDate) => ({
  guaranteed: issuedOn !== null,
  issuedOn,
  guaranteeDate: quote.guaranteeDate,
  guaranteedUntil: quote.guaranteedUntil,
  daysLeft: issuedOn === null ? null : guaranteeDaysLeft(isoDate(quote.guaranteedUntil), today),
  statutoryRight: quote.statutoryRight,
  pensionPence: quote.pensionPence,
  transferValuePence: quote.transferValuePence,
  tranches: quote.tranches.map((t) => ({
    code: t.code,
    label: t.label,
    pensionPence: t.pensionPence,
    factor: t.factor,
    transferValuePence: t.transferValuePence,
  })),
});

/**
 * "Leave your benefits where they are": the pension at normal retirement date from the retirement figures,
 * the spouse's or partner's pension the scheme pays from it (by the annual statement's rule on the member's
 * dependants: survivorPensionOf), and how each tranche grows until it is paid.
 * Null when the retirement figures cannot be worked out (the transfer value still shows).
 */
export async function keptBenefits(
  db: Reader,
  calculations: CalculationProvider,
  basis: FoundMember & { config: DbSchemeConfig },
  today: IsoDate,
): Promise<TransferPosition['keep']> {
  const dates = await calculations
    .retirementDatesAges({
      schemeCode: basis.scheme.code,
      today,
      member: calculationMember(basis.member),
      preRetirementAgePeriodInYears: 0,
      newlyRetiredRangeInMonths: 0,
    })
    .catch(() => null);
  if (!dates) return null;
  const quote = await calculations
    .retirementQuote({
      schemeCode: basis.scheme.code,
      today,
      member: calculationMember(basis.member),
      retirementDate: dates.dates.normal,
    })
    .catch(() => null);
  if (!quote || quote.kind !== 'DB') return null;
  const onRecord = await spouseOrPartnerOnRecord(db, basis.member);
  const survivor = survivorPensionOf(basis.config, quote.fullPensionPence, onRecord);
  return {
    normalRetirementDate: quote.effectiveDate,
    pensionAtNormalRetirementPence: quote.fullPensionPence,
    survivorPensionPence: survivor?.pence ?? null,
    survivorPensionPercent: survivor?.percent ?? null,
    spouseOrPartnerOnRecord: onRecord,
    increases: basis.config.tranches.map((t) => ({ label: t.label, capPercent: t.revaluationCapPercent })),
  };
}

/** Everything the transfer value page shows. */
export async function transferPosition(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  today: IsoDate,
): Promise<TransferPosition> {
  const basis = await transferBasisFor(db, request, today);
  const [{ quote, issuedOn }, issued, keep] = await Promise.all([
    currentTransferValue(db, calculations, basis, today),
    statementsIssuedInYear(db, basis.member, today),
    keptBenefits(db, calculations, basis, today),
  ]);
  const entitlement = statementEntitlement(basis.config, issued, today);
  return {
    calculatedOn: today,
    value: figureOf(quote, issuedOn, today),
    nonGuaranteed: { avcFundPence: avcFundOf(basis.member) },
    statement: {
      freeNow: entitlement.freeNow,
      nextFreeOn: entitlement.nextFreeOn,
      extraStatementChargePence: basis.config.transfer.extraStatementChargePence ?? null,
      chargeNowPence: entitlement.chargePence,
    },
    partialTransfersAllowed: quote.partialTransfersAllowed,
    adviceThresholdPence: basis.config.transfer.adviceThresholdPence,
    keep,
  };
}

/**
 * A 409 for a statement that is not free: when the scheme charges for another (`chargeText`) and the member
 * has not accepted the charge, or when it issues no other before the next free one (`chargeText` null).
 */
export const freeStatementNotDue = (nextFreeOn: string, chargeText: string | null) =>
  new AppError(
    409,
    'free_statement_not_due',
    chargeText === null
      ? `Your next free statement is due on ${nextFreeOn}. The scheme gives one statement in any 12 months, so you cannot ask for another before then.`
      : `Your next free statement is due on ${nextFreeOn}. You can ask for one now for ${chargeText}.`,
  );
