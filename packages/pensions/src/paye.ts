import { dateParts, type IsoDate } from './dates';
import { incomeTaxBasisFor, type TaxRegime } from './income-tax';

/**
 * PAYE on a pension paid monthly, as a payroll works it out with HMRC's exact percentage method: the
 * tax code's free pay (or, for a K code, added pay) for the year to date, taxable pay to date in whole
 * pounds, each band's limit to date rounded up to the pound, and the tax due to date less the tax
 * already deducted. On a month 1 basis (an emergency code) each month stands alone.
 */

export type TaxBasis = 'cumulative' | 'month1';

export type TaxCode =
  /** Free pay each year (pence): codes such as 1257L, 1100L and 0T. */
  | { kind: 'allowance'; regime: TaxRegime; freePayPence: number }
  /** Pay added each year (pence) for untaxed income or owed tax: K codes such as K475. */
  | { kind: 'added'; regime: TaxRegime; addedPayPence: number }
  /** All pay at one band's rate: BR (the first band), D0 (the second), D1 (the third). */
  | { kind: 'flat'; regime: TaxRegime; band: number }
  | { kind: 'no-tax' };

/** A tax code as HMRC writes it, with its basis: 1257L, S1257L, K475, BR, D0, NT; "X", "W1" or "M1" marks month 1. */
export function readTaxCode(written: string): { code: TaxCode; basis: TaxBasis } | null {
  const compact = written.replace(/\s+/g, '').toUpperCase();
  const basisMark = /(X|W1|M1)$/.exec(compact);
  const basis: TaxBasis = basisMark ? 'month1' : 'cumulative';
  let body = basisMark ? compact.slice(0, -basisMark[0].length) : compact;
  let regime: TaxRegime = 'rest-of-uk';
  if (body.startsWith('S')) {
    regime = 'scotland';
    body = body.slice(1);
  } else if (body.startsWith('C')) body = body.slice(1);
  if (body === 'NT') return { code: { kind: 'no-tax' }, basis };
  if (body === 'BR') return { code: { kind: 'flat', regime, band: 0 }, basis };
  const flat = /^D([0-2])$/.exec(body);
  if (flat) return { code: { kind: 'flat', regime, band: Number(flat[1]) + 1 }, basis };
  const added = /^K(\d{1,4})$/.exec(body);
  if (added) return { code: { kind: 'added', regime, addedPayPence: yearlyPence(Number(added[1])) }, basis };
  if (body === '0T') return { code: { kind: 'allowance', regime, freePayPence: 0 }, basis };
  const allowance = /^(\d{1,4})[LMNT]$/.exec(body);
  if (allowance)
    return { code: { kind: 'allowance', regime, freePayPence: yearlyPence(Number(allowance[1])) }, basis };
  return null;
}

/** A code's number stands for ten times it plus £9 a year (1257 is £12,579). */
const yearlyPence = (number: number) => (number * 10 + 9) * 100;

/** The tax month a payment falls in: month 1 is 6 April to 5 May, month 12 is 6 March to 5 April. */
export function taxMonthOf(date: IsoDate): number {
  const { month, day } = dateParts(date);
  return ((month - (day >= 6 ? 4 : 5) + 12) % 12) + 1;
}

export interface PayePeriod {
  taxCode: string;
  basis: TaxBasis;
  paidOn: IsoDate;
  grossPence: number;
  /** Before this payment, in the same tax year (ignored on a month 1 basis). */
  grossToDatePence: number;
  taxToDatePence: number;
}

/** The share of a year's amount for `months` twelfths, rounded up to the penny (or to the pound). */
const twelfths = (yearly: number, months: number) => Math.ceil((yearly * months) / 12);

/** Tax deducted from one monthly payment: negative when cumulative tax is refunded. */
export function payeTaxPence(period: PayePeriod): number {
  const read = readTaxCode(period.taxCode);
  if (!read) throw new RangeError(`Not a tax code: ${period.taxCode}`);
  const { code } = read;
  if (code.kind === 'no-tax') return 0;
  const cumulative = period.basis === 'cumulative';
  const months = cumulative ? taxMonthOf(period.paidOn) : 1;
  const grossToDate = period.grossPence + (cumulative ? period.grossToDatePence : 0);
  const taxBefore = cumulative ? period.taxToDatePence : 0;
  const bands = incomeTaxBasisFor(period.paidOn).rates.regimes[code.regime];
  const taxableToDate =
    code.kind === 'allowance'
      ? grossToDate - twelfths(code.freePayPence, months)
      : code.kind === 'added'
        ? grossToDate + twelfths(code.addedPayPence, months)
        : grossToDate;
  const taxablePounds = Math.max(0, Math.floor(taxableToDate / 100));
  let hundredths = 0;
  if (code.kind === 'flat') {
    const band = bands[Math.min(code.band, bands.length - 1)]!;
    hundredths = taxablePounds * 100 * band.percent;
  } else {
    let remaining = taxablePounds;
    let from = 0;
    for (const band of bands) {
      if (remaining <= 0) break;
      const limit = band.upTo === null ? Infinity : twelfths(band.upTo, months);
      const width = Math.min(remaining, limit - from);
      hundredths += width * 100 * band.percent;
      remaining -= width;
      from = limit;
    }
  }
  const taxThisPeriod = Math.floor(hundredths / 100) - taxBefore;
  // A K code may not take more than half of the payment (the overriding limit).
  return code.kind === 'added' ? Math.min(taxThisPeriod, Math.floor(period.grossPence / 2)) : taxThisPeriod;
}

