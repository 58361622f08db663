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

/** The scheme pay day in the month after the effective date, rolled back to the most recent working day. */
export function firstPaymentDate(effectiveDate: IsoDate, payDay: number, region: BankHolidayRegion): IsoDate {
  const { year, month } = dateParts(effectiveDate);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const scheduled = fromParts(nextYear, nextMonth, Math.min(payDay, daysInMonth(nextYear, nextMonth)));
  return previousWorkingDay(scheduled, region);
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
