import { addDays, addMonths, dateParts, daysBetween, daysInMonth, type IsoDate } from './dates';

/**
 * Whole calendar months from `from` to `to`, counted the way birthdays are: the month is complete on the
 * same day number of a later month, or on that month's last day when the day does not exist there
 * (31 January → 28 February; 29 February → 28 February a year later). 0 when `to` is before `from`: clamped
 * on purpose, for ages and for counts such as months early or years of deferment, where none have passed.
 */
export function completedMonths(from: IsoDate, to: IsoDate): number {
  if (to <= from) return 0;
  const f = dateParts(from);
  const t = dateParts(to);
  let months = (t.year - f.year) * 12 + (t.month - f.month);
  if (Math.min(f.day, daysInMonth(t.year, t.month)) > t.day) months -= 1;
  return months;
}

export function completedYears(from: IsoDate, to: IsoDate): number {
  return Math.floor(completedMonths(from, to) / 12);
}

/** Age in completed years (the "int age"). */
export function ageOn(dateOfBirth: IsoDate, on: IsoDate): number {
  return completedYears(dateOfBirth, on);
}

export interface Period {
  years: number;
  months: number;
  weeks: number;
  days: number;
}

export const ZERO_PERIOD: Period = Object.freeze({ years: 0, months: 0, weeks: 0, days: 0 });

/** Thrown when a caller passes a period whose end is before its start. */
export class ReversedPeriodError extends RangeError {
  constructor(
    readonly from: IsoDate,
    readonly to: IsoDate,
  ) {
    super(`The period ends (${to}) before it starts (${from})`);
    this.name = 'ReversedPeriodError';
  }
}

/**
 * Whole years and months as in age counting, the remaining days split into weeks and days.
 * A reversed period (`to` before `from`) is an error, not zero: use `periodString` for a time remaining.
 */
export function periodBetween(from: IsoDate, to: IsoDate): Period {
  if (to < from) throw new ReversedPeriodError(from, to);
  if (to === from) return { ...ZERO_PERIOD };
  const months = completedMonths(from, to);
  const days = daysBetween(addMonths(from, months), to);
  return { years: Math.floor(months / 12), months: months % 12, weeks: Math.floor(days / 7), days: days % 7 };
}

export function addPeriod(from: IsoDate, period: Period): IsoDate {
  return addDays(addMonths(from, period.years * 12 + period.months), period.weeks * 7 + period.days);
}

export function formatPeriod(period: Period): string {
  return `${period.years}Y${period.months}M${period.weeks}W${period.days}D`;
}

const PERIOD_PATTERN = /^(\d+)Y(\d+)M(\d+)W(\d+)D$/;

export function parsePeriod(text: string): Period {
  const match = PERIOD_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a period string (nYnMnWnD): ${text}`);
  return {
    years: Number(match[1]),
    months: Number(match[2]),
    weeks: Number(match[3]),
    days: Number(match[4]),
  };
}

/**
 * The spec's `nYnMnWnD` time remaining from one date to another. Clamped on purpose (e.5): `0Y0M0W0D` once the
 * date has passed, and when either date is missing (a member without a target date).
 */
export function periodString(from: IsoDate | null | undefined, to: IsoDate | null | undefined): string {
  return from && to && from < to ? formatPeriod(periodBetween(from, to)) : formatPeriod(ZERO_PERIOD);
}

export interface ExactAge {
  years: number;
  months: number;
  /** Days after the last whole month. */
  days: number;
  /** years + months/12 + days/(days from the last birthday to the next). */
  exact: number;
}

export function exactAgeOn(dateOfBirth: IsoDate, on: IsoDate): ExactAge {
  const months = completedMonths(dateOfBirth, on);
  const years = Math.floor(months / 12);
  const monthsOver = months % 12;
  const days = daysBetween(addMonths(dateOfBirth, months), on);
  const birthdayYearLength = daysBetween(
    addMonths(dateOfBirth, years * 12),
    addMonths(dateOfBirth, (years + 1) * 12),
  );
  return { years, months: monthsOver, days, exact: years + monthsOver / 12 + days / birthdayYearLength };
}

/** `{y}Y{m}M`, e.g. `38Y1M`. */
export function ageString(dateOfBirth: IsoDate, on: IsoDate): string {
  const months = completedMonths(dateOfBirth, on);
  return `${Math.floor(months / 12)}Y${months % 12}M`;
}

export interface YearsMonths {
  years: number;
  months: number;
}

/** Calendar months between two dates' months, the days ignored: 20 May → 19 Mar next year is 10. */
export function calendarMonthsBetween(from: IsoDate, to: IsoDate): number {
  const f = dateParts(from);
  const t = dateParts(to);
  return (t.year - f.year) * 12 + (t.month - f.month);
}

/** Term to retirement (e.5): the calendar-month difference split into years and months; zero once passed (clamped on purpose). */
export function termToRetirement(today: IsoDate, retirementDate: IsoDate): YearsMonths {
  const months = Math.max(0, calendarMonthsBetween(today, retirementDate));
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** Valid when the date is today or later (UTC days). */
export function isNotInPast(date: IsoDate, today: IsoDate): boolean {
  return date >= today;
}

/** Whole years from joining the company to starting pensionable service; null if either is missing or the order is reversed. */
export function tenureYears(
  dateJoinedCompany: IsoDate | null | undefined,
  datePensionableServiceStarted: IsoDate | null | undefined,
): number | null {
  if (!dateJoinedCompany || !datePensionableServiceStarted) return null;
  if (datePensionableServiceStarted < dateJoinedCompany) return null;
  return completedYears(dateJoinedCompany, datePensionableServiceStarted);
}
