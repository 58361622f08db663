import { and, asc, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Payslip, PensionPayments } from '@meridian/contracts';
import {
  getDbSchemeConfig,
  isoDate,
  nextPayment,
  nextPaymentDate,
  taxMonthOf,
  taxYearOf,
  type IsoDate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { pensionIncreases, pensionPayments, pensionPayroll } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';

export interface PayrollRecord {
  businessGroup: string;
  referenceNumber: string;
}

type PaymentRow = typeof pensionPayments.$inferSelect;

const ofRecord = (
  columns: { businessGroup: AnyPgColumn; referenceNumber: AnyPgColumn },
  record: PayrollRecord,
) =>
  and(eq(columns.businessGroup, record.businessGroup), eq(columns.referenceNumber, record.referenceNumber));

/** The record's member and the scheme's payroll record; 404 when no pension is paid on it. */
async function payrollOf(db: Database, record: PayrollRecord) {
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const [payroll] = await db.select().from(pensionPayroll).where(ofRecord(pensionPayroll, record));
  if (!payroll) throw notFound('no_pension_in_payment', 'No pension is being paid on this record.');
  return { member: found.member, scheme: found.scheme, payroll };
}

const paymentsOf = (db: Database, record: PayrollRecord) =>
  db
    .select()
    .from(pensionPayments)
    .where(ofRecord(pensionPayments, record))
    .orderBy(asc(pensionPayments.paidOn));

/** A payment as a list shows it, with its payslip's id. */
const listed = ({ id, paidOn, grossPence, taxPence, netPence }: PaymentRow) => ({
  id,
  paidOn,
  grossPence,
  taxPence,
  netPence,
});

/** Every payment made in a tax year (2025/26), newest first; none for a year with no payment. */
export async function taxYearPaymentsOf(db: Database, record: PayrollRecord, taxYear: string) {
  await payrollOf(db, record);
  const payments = await paymentsOf(db, record);
  return {
    taxYear,
    payments: payments
      .filter((payment) => taxYearOf(isoDate(payment.paidOn)) === taxYear)
      .reverse()
      .map(listed),
  };
}

/** Tax years ended by `today` in which a payment was made: each has a P60. */
function p60TaxYearsOf(payments: PaymentRow[], today: IsoDate): string[] {
  const current = taxYearOf(today);
  return [...new Set(payments.map((payment) => taxYearOf(isoDate(payment.paidOn))))]
    .filter((year) => year < current)
    .reverse();
}

/**
 * The pension being paid: the next payment worked out, the last twelve payments and the tax years with a
 * payment, increases, tax codes and P60s.
 */
export async function pensionPaymentsOf(
  db: Database,
  record: PayrollRecord,
  today: IsoDate,
): Promise<PensionPayments> {
  const { scheme, payroll } = await payrollOf(db, record);
  const payments = await paymentsOf(db, record);
  const increases = await db
    .select()
    .from(pensionIncreases)
    .where(ofRecord(pensionIncreases, record))
    .orderBy(desc(pensionIncreases.effectiveOn));
  const { payDay, region } = getDbSchemeConfig(scheme.code, today).payments;
  const taxCodes: PensionPayments['taxCodes'] = [];
  for (const payment of payments) {
    const previous = taxCodes.at(-1);
    if (
      payment.taxCode &&
      (!previous || previous.taxCode !== payment.taxCode || previous.basis !== payment.taxBasis)
    )
      taxCodes.push({
        taxCode: payment.taxCode,
        basis: payment.taxBasis ?? 'cumulative',
        fromPaidOn: payment.paidOn,
      });
  }
  return {
    annualPensionPence: payroll.annualPensionPence,
    taxCode: payroll.taxCode,
    nextPayment: nextPayment({
      paidOn: nextPaymentDate(today, payDay, region),
      annualPensionPence: payroll.annualPensionPence,
      taxCode: payroll.taxCode,
      increases: increases.map(({ effectiveOn, annualAfterPence }) => ({
        effectiveOn: isoDate(effectiveOn),
        annualAfterPence,
      })),
      payments: payments.map(({ paidOn, grossPence, taxPence }) => ({
        paidOn: isoDate(paidOn),
        grossPence,
        taxPence,
      })),
    }),
    lastPayments: payments.slice(-12).reverse().map(listed),
    increase: {
      rule: payroll.increaseRule,
      nextOn: payroll.nextIncreaseOn,
      lastPercent: payroll.lastIncreaseBasisPoints === null ? null : payroll.lastIncreaseBasisPoints / 100,
      lastOn: payroll.lastIncreaseOn,
    },
    increases: increases.map(({ effectiveOn, basisPoints, annualBeforePence, annualAfterPence }) => ({
      effectiveOn,
      percent: basisPoints / 100,
      annualBeforePence,
      annualAfterPence,
    })),
    taxCodes: taxCodes.reverse(),
    paymentTaxYears: [...new Set(payments.map((payment) => taxYearOf(isoDate(payment.paidOn))))].reverse(),
    p60TaxYears: p60TaxYearsOf(payments, today),
  };
}

const payerOf = (scheme: Awaited<ReturnType<typeof payrollOf>>['scheme'], on: IsoDate) => ({
  name: scheme.name,
  payeReference: getDbSchemeConfig(scheme.code, on).payments.payeReference ?? null,
});

/** One payment as its payslip shows it, with the tax year's totals to it; 404 for anyone else's. */
export async function payslipOf(db: Database, record: PayrollRecord, paymentId: string) {
  const { member, scheme } = await payrollOf(db, record);
  const payments = await paymentsOf(db, record);
  const payment = payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw notFound('payslip_not_found', 'We could not find this payslip.');
  const paidOn = isoDate(payment.paidOn);
  const taxYear = taxYearOf(paidOn);
  const yearToDate = payments.filter(
    (other) => taxYearOf(isoDate(other.paidOn)) === taxYear && other.paidOn <= payment.paidOn,
  );
  const payslip: Payslip = {
    id: payment.id,
    paidOn: payment.paidOn,
    payReference: payment.payReference,
    taxCode: payment.taxCode,
    taxBasis: payment.taxBasis,
    taxYear,
    taxMonth: taxMonthOf(paidOn),
    grossPence: payment.grossPence,
    taxPence: payment.taxPence,
    netPence: payment.netPence,
    yearToDate: {
      grossPence: yearToDate.reduce((sum, row) => sum + row.grossPence, 0),
      taxPence: yearToDate.reduce((sum, row) => sum + row.taxPence, 0),
    },
    payer: payerOf(scheme, paidOn),
  };
  return { member, payslip };
}

/**
 * A tax year's P60: pay and tax in the year, and the code at its end. Only for a year that has ended
 * with a payment in it (404 `p60_not_found` otherwise).
 */
export async function p60Of(db: Database, record: PayrollRecord, taxYear: string, today: IsoDate) {
  const { member, scheme } = await payrollOf(db, record);
  const payments = await paymentsOf(db, record);
  if (!p60TaxYearsOf(payments, today).includes(taxYear))
    throw notFound('p60_not_found', `There is no P60 for the tax year ${taxYear}.`);
  const inYear = payments.filter((payment) => taxYearOf(isoDate(payment.paidOn)) === taxYear);
  const endsOn = isoDate(`${Number(taxYear.slice(0, 4)) + 1}-04-05`);
  return {
    member,
    p60: {
      taxYear,
      endsOn,
      grossPence: inYear.reduce((sum, row) => sum + row.grossPence, 0),
      taxPence: inYear.reduce((sum, row) => sum + row.taxPence, 0),
      finalTaxCode: inYear.at(-1)?.taxCode ?? null,
      payer: payerOf(scheme, endsOn),
    },
  };
}
