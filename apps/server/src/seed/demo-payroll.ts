import {
  addDays,
  addMonths,
  completedMonths,
  createLocalCalculationProvider,
  dateParts,
  fromParts,
  getDbSchemeConfig,
  paymentDatesBetween,
  payeTaxPence,
  taxYearOf,
  type IsoDate,
  type TransferQuoteRequest,
} from '@meridian/pensions';
import type { Transaction } from '../db/client';
import {
  pensionIncreases,
  pensionPayments,
  pensionPayroll,
  memberJourneys,
  storedTransferQuotes,
  type members,
} from '../db/schema';
import { lockOfStatement } from '../areas/transfer-application/journey-plugin';
import { calculationMember } from '../areas/member-data/calculations';
import type { DemoRecord } from './demo-personas';

type MemberRow = typeof members.$inferSelect;

/** Meridian's transfer application (content journeys.json), which a demo member may have open, and its life in days. */
const TRANSFER_APPLICATION_TYPE = 'transferapplication';
const TRANSFER_APPLICATION_DAYS = 90;

/**
 * The demo payroll's tax codes: HMRC's emergency code on a month 1 basis for a new pensioner's first two
 * payments, then the code HMRC sends (the State Pension taken into it) on the cumulative basis.
 */
const EMERGENCY_CODE = { taxCode: '1257L M1', taxBasis: 'month1' } as const;
const ISSUED_CODE = { taxCode: '1100L', taxBasis: 'cumulative' } as const;

/**
 * Increases each 1 April: the Consumer Prices Index of the September before, capped at 5% (basis
 * points; 2027 assumed). A pension paid for less than a year gets a twelfth for each full month paid.
 */
const DEMO_INCREASES: Record<number, number> = { 2023: 500, 2024: 500, 2025: 170, 2026: 380, 2027: 200 };
const INCREASE_RULE = 'In line with the Consumer Prices Index (CPI), up to 5% a year';

/** Scheme pensions rise each 1 April: the first one on or after the day after `date`. */
const nextFirstOfApril = (date: IsoDate): IsoDate => {
  const { year } = dateParts(date);
  const thisYear = fromParts(year, 4, 1);
  return thisYear > date ? thisYear : fromParts(year + 1, 4, 1);
};

interface Increase {
  effectiveOn: IsoDate;
  basisPoints: number;
  annualBeforePence: number;
  annualAfterPence: number;
}

/** The increases from retirement to today, worked back from the pension paid now. */
function increasesSince(retiredOn: IsoDate, today: IsoDate, annualNowPence: number): Increase[] {
  const dates: IsoDate[] = [];
  for (let on = nextFirstOfApril(retiredOn); on <= today; on = addMonths(on, 12)) dates.push(on);
  const increases: Increase[] = [];
  let after = annualNowPence;
  for (const effectiveOn of dates.reverse()) {
    const monthsPaid = Math.min(12, completedMonths(retiredOn, effectiveOn));
    const basisPoints = Math.round(((DEMO_INCREASES[dateParts(effectiveOn).year] ?? 200) * monthsPaid) / 12);
    if (basisPoints === 0) continue;
    const before = Math.round((after * 10_000) / (10_000 + basisPoints));
    increases.unshift({ effectiveOn, basisPoints, annualBeforePence: before, annualAfterPence: after });
    after = before;
  }
  return increases;
}

/**
 * A pensioner's payroll record, every payment made since they retired on the scheme's pay dates (each
 * taxed by PAYE on its code, with the year to date), and the increases applied on the way.
 */
async function seedPayroll(tx: Transaction, member: MemberRow, today: IsoDate): Promise<void> {
  const annualPensionPence = member.benefits.pensionInPaymentPence;
  if (member.status !== 'Pensioner' || typeof annualPensionPence !== 'number' || !member.dateRetired) return;
  const key = { businessGroup: member.businessGroup, referenceNumber: member.referenceNumber };
  const retiredOn = member.dateRetired as IsoDate;
  const increases = increasesSince(retiredOn, today, annualPensionPence);
  const last = increases.at(-1);
  const { payDay, region } = getDbSchemeConfig(member.schemeCode, today).payments;
  const paidOn = paymentDatesBetween(retiredOn, today, payDay, region);
  const payments = [];
  let yearToDate = { taxYear: '', grossPence: 0, taxPence: 0 };
  for (const [index, date] of paidOn.entries()) {
    const inForce = increases.findLast((increase) => increase.effectiveOn <= date);
    const annual = inForce
      ? inForce.annualAfterPence
      : (increases[0]?.annualBeforePence ?? annualPensionPence);
    const grossPence = Math.round(annual / 12);
    const code = index < 2 ? EMERGENCY_CODE : ISSUED_CODE;
    if (yearToDate.taxYear !== taxYearOf(date))
      yearToDate = { taxYear: taxYearOf(date), grossPence: 0, taxPence: 0 };
    const taxPence = payeTaxPence({
      taxCode: code.taxCode,
      basis: code.taxBasis,
      paidOn: date,
      grossPence,
      grossToDatePence: yearToDate.grossPence,
      taxToDatePence: yearToDate.taxPence,
    });
    yearToDate = {
      taxYear: yearToDate.taxYear,
      grossPence: yearToDate.grossPence + grossPence,
      taxPence: yearToDate.taxPence + taxPence,
    };
    payments.push({
      ...key,
      paidOn: date,
      grossPence,
      taxPence,
      netPence: grossPence - taxPence,
      ...code,
      payReference: `${member.referenceNumber}-${date.replaceAll('-', '')}`,
    });
  }
  await tx.insert(pensionPayroll).values({
    ...key,
    annualPensionPence,
    taxCode: (payments.at(-1) ?? EMERGENCY_CODE).taxCode,
    increaseRule: INCREASE_RULE,
    nextIncreaseOn: nextFirstOfApril(today),
    lastIncreaseBasisPoints: last?.basisPoints ?? null,
    lastIncreaseOn: last?.effectiveOn ?? null,
  });
  if (payments.length > 0) await tx.insert(pensionPayments).values(payments);
  if (increases.length > 0)
    await tx.insert(pensionIncreases).values(increases.map((increase) => ({ ...key, ...increase })));
}

/** The guaranteed transfer quote a deferred member asked for, worked out by the engine on the day it was issued. */
async function seedTransferQuote(tx: Transaction, member: MemberRow, record: DemoRecord, today: IsoDate) {
  if (record.transferQuoteIssuedMonthsAgo === undefined) return;
  const issuedOn = addMonths(today, -record.transferQuoteIssuedMonthsAgo);
  const quote = await createLocalCalculationProvider().transferQuote({
    schemeCode: member.schemeCode,
    today: issuedOn,
    guaranteeDate: issuedOn,
    member: calculationMember(member) as TransferQuoteRequest['member'],
  });
  const [stored] = await tx
    .insert(storedTransferQuotes)
    .values({
      businessGroup: member.businessGroup,
      referenceNumber: member.referenceNumber,
      storedOn: issuedOn,
      guaranteedUntil: quote.guaranteedUntil,
      quote,
    })
    .returning();
  if (record.transferApplicationStartedDaysAgo === undefined) return;
  // The transfer application the member started on it, as the start locks it (at its first page), open
  // for the journey's 90 days (content journeys.json `expiryDays`) from then.
  const startedOn = addDays(today, -record.transferApplicationStartedDaysAgo);
  const startedAt = new Date(`${startedOn}T10:00:00.000Z`);
  await tx.insert(memberJourneys).values({
    businessGroup: member.businessGroup,
    referenceNumber: member.referenceNumber,
    type: TRANSFER_APPLICATION_TYPE,
    status: 'Started',
    steps: [],
    choice: lockOfStatement(stored!, member, startedOn),
    startedAt,
    updatedAt: startedAt,
    expiresAt: new Date(startedAt.getTime() + TRANSFER_APPLICATION_DAYS * 86_400_000),
  });
}

/** The payroll and quote data the demo personas need beyond their membership record. */
export async function seedPayrollAndQuotes(
  tx: Transaction,
  member: MemberRow,
  record: DemoRecord,
  today: IsoDate,
): Promise<void> {
  await seedPayroll(tx, member, today);
  await seedTransferQuote(tx, member, record, today);
}
