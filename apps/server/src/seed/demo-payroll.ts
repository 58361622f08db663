import {
  addMonths,
  createLocalCalculationProvider,
  dateParts,
  fromParts,
  getDbSchemeConfig,
  paymentDatesBetween,
  type IsoDate,
  type TransferQuoteRequest,
} from '@meridian/pensions';
import type { Transaction } from '../db/client';
import { pensionPayments, pensionPayroll, storedTransferQuotes, type members } from '../db/schema';
import { calculationMember } from '../areas/member-data/calculations';
import type { DemoRecord } from './demo-personas';

type MemberRow = typeof members.$inferSelect;

/** The demo payroll's tax code, and the pay a month it leaves tax-free (tax code 1257L, month 1 basis). */
const DEMO_TAX_CODE = '1257L';
const MONTHLY_FREE_PAY_PENCE = 104_825;
const BASIC_RATE = 0.2;

/** PAYE as a payroll works it for one month: whole pounds of taxable pay at the basic rate. */
export function monthlyPaye(grossPence: number): { taxPence: number; netPence: number } {
  const taxablePounds = Math.max(0, Math.floor((grossPence - MONTHLY_FREE_PAY_PENCE) / 100));
  const taxPence = Math.round(taxablePounds * 100 * BASIC_RATE);
  return { taxPence, netPence: grossPence - taxPence };
}

/** Scheme pensions rise each 1 April: the first one on or after the day after `date`. */
const nextFirstOfApril = (date: IsoDate): IsoDate => {
  const { year } = dateParts(date);
  const thisYear = fromParts(year, 4, 1);
  return thisYear > date ? thisYear : fromParts(year + 1, 4, 1);
};

/** A pensioner's payroll record and every payment made since they retired, on the scheme's pay dates. */
async function seedPayroll(tx: Transaction, member: MemberRow, today: IsoDate): Promise<void> {
  const annualPensionPence = member.benefits.pensionInPaymentPence;
  if (member.status !== 'Pensioner' || typeof annualPensionPence !== 'number' || !member.dateRetired) return;
  const key = { businessGroup: member.businessGroup, referenceNumber: member.referenceNumber };
  await tx.insert(pensionPayroll).values({
    ...key,
    annualPensionPence,
    taxCode: DEMO_TAX_CODE,
    increaseRule: 'In line with the Consumer Prices Index (CPI), up to 5% a year',
    nextIncreaseOn: nextFirstOfApril(today),
  });
  const { payDay, region } = getDbSchemeConfig(member.schemeCode, today).payments;
  const grossPence = Math.round(annualPensionPence / 12);
  const paidOn = paymentDatesBetween(member.dateRetired as IsoDate, today, payDay, region);
  if (paidOn.length === 0) return;
  await tx
    .insert(pensionPayments)
    .values(paidOn.map((date) => ({ ...key, paidOn: date, grossPence, ...monthlyPaye(grossPence) })));
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
  await tx.insert(storedTransferQuotes).values({
    businessGroup: member.businessGroup,
    referenceNumber: member.referenceNumber,
    storedOn: issuedOn,
    guaranteedUntil: quote.guaranteedUntil,
    quote,
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
