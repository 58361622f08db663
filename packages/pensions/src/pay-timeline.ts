import { addDays, dateParts, daysInMonth, fromParts, type IsoDate } from './dates';
import { addWorkingDays, previousWorkingDay, type BankHolidayRegion } from './bank-holidays';

export interface PayTimelineInput {
  effectiveDate: IsoDate;
  /** Day of the month the scheme pays pensions on (a day past the month end means the last day). */
  payDay: number;
  /** N ≥ 1: days after the effective date when the lump sum is paid. */
  lumpSumPaymentDays: number;
  /** With AVCs the lump sum is paid N calendar days after the effective date (rolled back to a working day), without them N working days after. */
  hasAvc: boolean;
  region: BankHolidayRegion;
}

export interface PayTimeline {
  firstPaymentDate: IsoDate;
  lumpSumPaymentDate: IsoDate;
}

/** The scheme pay day in a month (a day past the month end means the last day), rolled back to a working day. */
export function paymentDateInMonth(
  year: number,
  month: number,
  payDay: number,
  region: BankHolidayRegion,
): IsoDate {
  return previousWorkingDay(fromParts(year, month, Math.min(payDay, daysInMonth(year, month))), region);
}

const monthAfter = ({ year, month }: { year: number; month: number }) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/** The scheme pay day in the month after the effective date, rolled back to the most recent working day. */
export function firstPaymentDate(effectiveDate: IsoDate, payDay: number, region: BankHolidayRegion): IsoDate {
  const next = monthAfter(dateParts(effectiveDate));
  return paymentDateInMonth(next.year, next.month, payDay, region);
}

/**
 * The next pension payment after today: this month's pay date if it is still to come, else next
 * month's. A payment reaches the bank on its pay date, so on that day it is paid, not next.
 */
export function nextPaymentDate(today: IsoDate, payDay: number, region: BankHolidayRegion): IsoDate {
  const { year, month } = dateParts(today);
  const thisMonth = paymentDateInMonth(year, month, payDay, region);
  return thisMonth > today ? thisMonth : firstPaymentDate(today, payDay, region);
}

/** Every pay date from the first after the effective date up to and including `until`, oldest first. */
export function paymentDatesBetween(
  effectiveDate: IsoDate,
  until: IsoDate,
  payDay: number,
  region: BankHolidayRegion,
): IsoDate[] {
  const dates: IsoDate[] = [];
  let month = monthAfter(dateParts(effectiveDate));
  for (;;) {
    const date = paymentDateInMonth(month.year, month.month, payDay, region);
    if (date > until) return dates;
    dates.push(date);
    month = monthAfter(month);
  }
}

export function lumpSumPaymentDate(
  effectiveDate: IsoDate,
  days: number,
  hasAvc: boolean,
  region: BankHolidayRegion,
): IsoDate {
  return hasAvc
    ? previousWorkingDay(addDays(effectiveDate, days), region)
    : addWorkingDays(effectiveDate, days, region);
}

export function payTimeline(input: PayTimelineInput): PayTimeline {
  return {
    firstPaymentDate: firstPaymentDate(input.effectiveDate, input.payDay, input.region),
    lumpSumPaymentDate: lumpSumPaymentDate(
      input.effectiveDate,
      input.lumpSumPaymentDays,
      input.hasAvc,
      input.region,
    ),
  };
}
