import { addDays, addMonths, addYears, maxDate, minDate, type IsoDate } from './dates';
import {
  applicationWindowEnd,
  DEFAULT_APPLICATION_WINDOW,
  shiftByApplicationWindow,
  type ApplicationWindow,
} from './application-window';
import {
  CONFIRMATION_DAYS,
  DC_RETIREMENT_DATE_MONTHS,
  DEFAULT_LATEST_RETIREMENT_AGE,
  GMP_AGES,
  PROCESSING_PERIOD_DAYS,
} from './constants';
import { minimumPensionDate } from './minimum-pension-age';
import { completedMonths } from './periods';

export interface RetirementAges {
  earliestRetirementAge: number;
  normalRetirementAge: number;
  latestRetirementAge?: number | null;
  /** A scheme may fix the latest retirement date instead of an age. */
  latestRetirementDate?: IsoDate | null;
}

export interface RetirementDates {
  /** The scheme's earliest retirement date, never before the member's minimum pension date (NMPA 57 from 6 April 2028). */
  earliest: IsoDate;
  normal: IsoDate;
  latest: IsoDate;
}

/** Birthday-based dates (fractional ages are taken in whole months, e.g. 60.5 → 60 years 6 months). */
export function dateAtAge(dateOfBirth: IsoDate, age: number): IsoDate {
  return addMonths(dateOfBirth, Math.round(age * 12));
}

/** Age in years and twelfths on a date (57 on the 57th birthday, 60.5 six months later). */
export function ageInMonthsAsYears(dateOfBirth: IsoDate, on: IsoDate): number {
  return completedMonths(dateOfBirth, on) / 12;
}

/**
 * The scheme's earliest, normal and latest dates. The earliest is moved to the first date the law allows the
 * member to take benefits: the normal minimum pension age rises from 55 to 57 on 6 April 2028, so a member of an
 * age-55 scheme born after 5 April 1973 may retire at 57, unless a protected pension age applies.
 */
export function retirementDates(
  dateOfBirth: IsoDate,
  ages: RetirementAges,
  protectedPensionAge?: number | null,
): RetirementDates {
  const schemeEarliest = dateAtAge(dateOfBirth, ages.earliestRetirementAge);
  return {
    earliest: minimumPensionDate(dateOfBirth, schemeEarliest, protectedPensionAge),
    normal: dateAtAge(dateOfBirth, ages.normalRetirementAge),
    latest:
      ages.latestRetirementDate ??
      dateAtAge(dateOfBirth, ages.latestRetirementAge ?? DEFAULT_LATEST_RETIREMENT_AGE),
  };
}

/**
 * The scheme's rule for the date a normal quote is worked out at.
 * 'normal-or-today': the normal retirement date, or today once that has passed.
 * 'within-application-window': the normal retirement date while it is within one application window from today
 * (and not passed), otherwise the last day of the window that opens today, but never after the latest
 * retirement date.
 */
export type EffectiveDateRule = 'normal-or-today' | 'within-application-window';

export function effectiveRetirementDate(
  dates: Pick<RetirementDates, 'normal' | 'latest'>,
  today: IsoDate,
  rule: EffectiveDateRule = 'normal-or-today',
  window: ApplicationWindow = DEFAULT_APPLICATION_WINDOW,
): IsoDate {
  if (rule === 'normal-or-today') return maxDate(dates.normal, today);
  const windowEnd = applicationWindowEnd(today, window);
  const inWindow = today <= dates.normal && dates.normal <= windowEnd ? dates.normal : addDays(windowEnd, -1);
  return minDate(inWindow, dates.latest);
}

/** New DC calculations: today + 6 months, but the 75th birthday for members aged 74½ or more. */
export function dcRetirementDate(dateOfBirth: IsoDate, today: IsoDate): IsoDate {
  const seventyFifth = addYears(dateOfBirth, DEFAULT_LATEST_RETIREMENT_AGE);
  return completedMonths(dateOfBirth, today) >= 74 * 12 + 6
    ? seventyFifth
    : addMonths(today, DC_RETIREMENT_DATE_MONTHS);
}

/** The first day a retirement can be processed: today + 37 days (30 days' processing, 7 to submit). */
export function firstProcessableDate(today: IsoDate): IsoDate {
  return addDays(today, PROCESSING_PERIOD_DAYS);
}

/** max(ERD, today), pushed to today + 37 days when earlier, leaving time to apply and process. */
export function earliestRetirementDateWithProcessing(
  earliestRetirementDate: IsoDate,
  today: IsoDate,
): IsoDate {
  return maxDate(earliestRetirementDate, firstProcessableDate(today));
}

export type RetirementDatePickerMode = 'to-latest' | 'application-window';

/** The scheme's rules for the dates a member may pick (all from the scheme's configuration). */
export interface RetirementDateRangeRules {
  /** 'to-latest': up to the latest retirement date; 'application-window': up to min(window end, NRD). */
  picker: RetirementDatePickerMode;
  applicationWindow: ApplicationWindow;
  /** Schemes that give guaranteed quotes open the picker from tomorrow rather than after the processing period. */
  guaranteedQuotes: boolean;
  /** Extra limits by age (e.g. a crown-dependency scheme: from 55, to 75). */
  limits: { fromAge: number | null; toAge: number | null };
}

export const DEFAULT_RANGE_RULES: RetirementDateRangeRules = Object.freeze({
  picker: 'to-latest',
  applicationWindow: DEFAULT_APPLICATION_WINDOW,
  guaranteedQuotes: false,
  limits: Object.freeze({ fromAge: null, toAge: null }),
});

export interface DateWindow {
  from: IsoDate;
  to: IsoDate;
  /** False when the rules leave no selectable day (from > to). */
  open: boolean;
}

export interface RangeMember {
  dateOfBirth: IsoDate;
  protectedPensionAge?: number | null;
}

/**
 * The retirement dates a member may choose from (spec e.4, NMPA applied).
 * from: max(ERD, today + 37 days), or max(ERD, tomorrow) for guaranteed-quote schemes; then the scheme's lowest
 * age; then moved to the first date the member may take benefits (a Current-band member turning 56 after the
 * rise waits for 57). to: the latest retirement date, or min(window end, NRD) for application-window pickers;
 * then the scheme's highest age.
 */
export function availableRetirementDateRange(
  member: RangeMember,
  dates: RetirementDates,
  today: IsoDate,
  rules: RetirementDateRangeRules = DEFAULT_RANGE_RULES,
): DateWindow {
  const dob = member.dateOfBirth;
  let from = rules.guaranteedQuotes
    ? maxDate(dates.earliest, addDays(today, 1))
    : earliestRetirementDateWithProcessing(dates.earliest, today);
  let to =
    rules.picker === 'to-latest'
      ? dates.latest
      : minDate(applicationWindowEnd(today, rules.applicationWindow), dates.normal);
  if (rules.limits.fromAge !== null) from = maxDate(from, dateAtAge(dob, rules.limits.fromAge));
  if (rules.limits.toAge !== null) to = minDate(to, dateAtAge(dob, rules.limits.toAge));
  from = minimumPensionDate(dob, from, member.protectedPensionAge);
  return { from, to, open: from <= to };
}

/**
 * The retirement date a member is shown before choosing one (spec e.4): the date a live journey holds, else the
 * effective date, but never before today + 37 days and never outside the range offered. Null when the range is
 * closed (nothing can be offered).
 */
export function defaultRetirementDate(input: {
  effectiveDate: IsoDate;
  range: DateWindow;
  today: IsoDate;
  liveJourneyRetirementDate?: IsoDate | null;
}): IsoDate | null {
  if (input.liveJourneyRetirementDate) return input.liveJourneyRetirementDate;
  if (!input.range.open) return null;
  const earliest = maxDate(input.range.from, firstProcessableDate(input.today));
  const date = maxDate(input.effectiveDate, earliest);
  return date <= input.range.to ? date : null;
}

export interface ApplicationStartRange {
  /** Only when the date is more than one application window away; otherwise the member may start now. */
  earliest: IsoDate | null;
  latest: IsoDate;
}

/** When a retirement application may be started for a retirement date. */
export function applicationStartRange(
  retirementDate: IsoDate,
  today: IsoDate,
  window: ApplicationWindow = DEFAULT_APPLICATION_WINDOW,
): ApplicationStartRange {
  return {
    earliest: isRetirementDateOutOfRange(retirementDate, today, window)
      ? shiftByApplicationWindow(retirementDate, window, -1)
      : null,
    latest: addDays(retirementDate, -PROCESSING_PERIOD_DAYS),
  };
}

export function confirmationDate(retirementDate: IsoDate): IsoDate {
  return addDays(retirementDate, -CONFIRMATION_DAYS);
}

/** More than one application window away. */
export function isRetirementDateOutOfRange(
  retirementDate: IsoDate,
  today: IsoDate,
  window: ApplicationWindow = DEFAULT_APPLICATION_WINDOW,
): boolean {
  return retirementDate > applicationWindowEnd(today, window);
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
