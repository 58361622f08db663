import { addDays, addMonths, addYears, maxDate, minDate, type IsoDate } from './dates';
import {
  APPLICATION_WINDOW_MONTHS,
  CONFIRMATION_DAYS,
  DC_RETIREMENT_DATE_MONTHS,
  DEFAULT_LATEST_RETIREMENT_AGE,
  GMP_AGES,
  PROCESSING_PERIOD_DAYS,
} from './constants';
import { completedMonths } from './periods';

export interface RetirementAges {
  earliestRetirementAge: number;
  normalRetirementAge: number;
  latestRetirementAge?: number | null;
  /** A scheme may fix the latest retirement date instead of an age. */
  latestRetirementDate?: IsoDate | null;
}

export interface RetirementDates {
  earliest: IsoDate;
  normal: IsoDate;
  latest: IsoDate;
}

/** Birthday-based dates (fractional ages are taken in whole months, e.g. 60.5 → 60 years 6 months). */
export function dateAtAge(dateOfBirth: IsoDate, age: number): IsoDate {
  return addMonths(dateOfBirth, Math.round(age * 12));
}

export function retirementDates(dateOfBirth: IsoDate, ages: RetirementAges): RetirementDates {
  return {
    earliest: dateAtAge(dateOfBirth, ages.earliestRetirementAge),
    normal: dateAtAge(dateOfBirth, ages.normalRetirementAge),
    latest:
      ages.latestRetirementDate ??
      dateAtAge(dateOfBirth, ages.latestRetirementAge ?? DEFAULT_LATEST_RETIREMENT_AGE),
  };
}

/** The date a normal quote is worked out at: the normal retirement date, or today once that has passed. */
export function effectiveRetirementDate(normalRetirementDate: IsoDate, today: IsoDate): IsoDate {
  return maxDate(normalRetirementDate, today);
}

/** New DC calculations: today + 6 months, but the 75th birthday for members aged 74½ or more. */
export function dcRetirementDate(dateOfBirth: IsoDate, today: IsoDate): IsoDate {
  const seventyFifth = addYears(dateOfBirth, DEFAULT_LATEST_RETIREMENT_AGE);
  return completedMonths(dateOfBirth, today) >= 74 * 12 + 6
    ? seventyFifth
    : addMonths(today, DC_RETIREMENT_DATE_MONTHS);
}

/** max(ERD, today), pushed to today + 37 days when earlier, leaving time to apply and process. */
export function earliestRetirementDateWithProcessing(
  earliestRetirementDate: IsoDate,
  today: IsoDate,
): IsoDate {
  return maxDate(earliestRetirementDate, addDays(today, PROCESSING_PERIOD_DAYS));
}

export type RetirementDatePickerMode = 'to-latest' | 'application-window';

export interface DateWindow {
  from: IsoDate;
  to: IsoDate;
  /** False when the rules leave no selectable day (from > to). */
  open: boolean;
}

/**
 * Selectable retirement dates. 'to-latest': earliest-with-processing → latest retirement date.
 * 'application-window' (a per-scheme picker mode): max(ERD, today + 37 d) → min(today + 6 months, NRD).
 */
export function retirementDateWindow(
  dates: RetirementDates,
  today: IsoDate,
  mode: RetirementDatePickerMode = 'to-latest',
): DateWindow {
  const from = earliestRetirementDateWithProcessing(dates.earliest, today);
  const to =
    mode === 'to-latest' ? dates.latest : minDate(addMonths(today, APPLICATION_WINDOW_MONTHS), dates.normal);
  return { from, to, open: from <= to };
}

export interface ApplicationStartRange {
  /** Only when the effective date is more than 6 months away; otherwise the member may start now. */
  earliest: IsoDate | null;
  latest: IsoDate;
}

/** When a retirement application may be started for an effective date. */
export function applicationStartRange(effectiveDate: IsoDate, today: IsoDate): ApplicationStartRange {
  return {
    earliest: isRetirementDateOutOfRange(effectiveDate, today)
      ? addMonths(effectiveDate, -APPLICATION_WINDOW_MONTHS)
      : null,
    latest: addDays(effectiveDate, -PROCESSING_PERIOD_DAYS),
  };
}

export function confirmationDate(effectiveDate: IsoDate): IsoDate {
  return addDays(effectiveDate, -CONFIRMATION_DAYS);
}

/** More than the 6-month application window away. */
export function isRetirementDateOutOfRange(effectiveDate: IsoDate, today: IsoDate): boolean {
  return effectiveDate > addMonths(today, APPLICATION_WINDOW_MONTHS);
}

/**
 * The spec's default date for "what if I retire on…" (section 9): about a year ahead, then 3 months and 6 days
 * more, i.e. today + 1 year + 3 months + 6 days (months added before days, month ends clamped).
 */
export function retirementDateHelper(today: IsoDate): IsoDate {
  return addDays(addMonths(today, 15), 6);
}

/** GMP-only retirement ages: 65 for men, 60 for women. Null when gender is unknown. */
export function gmpAge(gender: 'M' | 'F' | 'U' | null | undefined): number | null {
  return gender === 'M' || gender === 'F' ? GMP_AGES[gender] : null;
}
