import type { IsoDate } from './dates';
import { taxYearOf } from './income-tax';
import { payeTaxPence, readTaxCode, type TaxBasis } from './paye';

/** Pensions on the payroll are paid monthly: twelve payments a year. */
export const PAYMENTS_PER_YEAR = 12;

export interface NextPaymentInput {
  /** The next pay date. */
  paidOn: IsoDate;
  /** The yearly pension the payroll holds. */
  annualPensionPence: number;
  /** The code HMRC last sent, with its basis mark if any (1100L, 1257L M1). */
  taxCode: string;
  /** The increases applied, in any order: the yearly pension from each day. */
  increases: readonly { effectiveOn: IsoDate; annualAfterPence: number }[];
  /** The payments made so far, in any order. */
  payments: readonly { paidOn: IsoDate; grossPence: number; taxPence: number }[];
}

export interface NextPayment {
  paidOn: IsoDate;
  /** The yearly pension it is a twelfth of. */
  annualPensionPence: number;
  grossPence: number;
  taxCode: string;
  /** Null with the tax when the payroll holds a code PAYE cannot read: the payment is then taxed by hand. */
  taxBasis: TaxBasis | null;
  taxPence: number | null;
  netPence: number | null;
}

/**
 * The next pension payment as the payroll will make it. Its gross is a twelfth of the yearly pension on
 * the pay date, rounded to the penny: an increase effective by then and after the last payment (so not
 * yet in the payroll's pension or in a payment) gives its pension after; otherwise the payroll's. Its tax
 * is PAYE on the code held now, on that code's basis, with the pay and tax of the tax year to date — a new
 * tax year starts from nothing.
 */
export function nextPayment(input: NextPaymentInput): NextPayment {
  const lastPaidOn = input.payments.reduce<IsoDate | null>(
    (latest, payment) => (latest === null || payment.paidOn > latest ? payment.paidOn : latest),
    null,
  );
  const pending = input.increases
    .filter(
      (increase) =>
        increase.effectiveOn <= input.paidOn && (lastPaidOn === null || increase.effectiveOn > lastPaidOn),
    )
    .reduce<NextPaymentInput['increases'][number] | null>(
      (latest, increase) =>
        latest === null || increase.effectiveOn > latest.effectiveOn ? increase : latest,
      null,
    );
  const annualPensionPence = pending?.annualAfterPence ?? input.annualPensionPence;
  const grossPence = Math.round(annualPensionPence / PAYMENTS_PER_YEAR);
  const read = readTaxCode(input.taxCode);
  const base = { paidOn: input.paidOn, annualPensionPence, grossPence, taxCode: input.taxCode };
  if (!read) return { ...base, taxBasis: null, taxPence: null, netPence: null };
  const taxYear = taxYearOf(input.paidOn);
  const yearToDate = input.payments.filter(
    (payment) => payment.paidOn < input.paidOn && taxYearOf(payment.paidOn) === taxYear,
  );
  const taxPence = payeTaxPence({
    taxCode: input.taxCode,
    basis: read.basis,
    paidOn: input.paidOn,
    grossPence,
    grossToDatePence: yearToDate.reduce((sum, payment) => sum + payment.grossPence, 0),
    taxToDatePence: yearToDate.reduce((sum, payment) => sum + payment.taxPence, 0),
  });
  return { ...base, taxBasis: read.basis, taxPence, netPence: grossPence - taxPence };
}
