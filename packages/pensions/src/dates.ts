/**
 * Calendar dates as UTC days. An `IsoDate` is a 'YYYY-MM-DD' string that has been checked to be a real
 * date; ISO strings of four-digit years sort in date order, so `<` and `>` compare them correctly.
 * All arithmetic goes through `Date.UTC`, never local time.
 */
declare const isoDateBrand: unique symbol;
export type IsoDate = string & { readonly [isoDateBrand]: true };

const MS_PER_DAY = 86_400_000;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_PATTERN.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/** Checks and brands a 'YYYY-MM-DD' string; throws a RangeError for anything else. */
export function isoDate(value: string): IsoDate {
  if (!isIsoDate(value)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${value}`);
  return value;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Builds a date from numbers; throws a RangeError when they are not a calendar day in years 0–9999. */
export function fromParts(year: number, month: number, day: number): IsoDate {
  if (
    !Number.isInteger(year) ||
    year < 0 ||
    year > 9999 ||
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !Number.isInteger(day) ||
    day < 1 ||
    day > daysInMonth(year, month)
  ) {
    throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  }
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}` as IsoDate;
}

const digit = (text: string, index: number) => text.charCodeAt(index) - 48;

export function dateParts(date: IsoDate): DateParts {
  return {
    year: digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3),
    month: digit(date, 5) * 10 + digit(date, 6),
    day: digit(date, 8) * 10 + digit(date, 9),
  };
}

/** Days since 1970-01-01. */
export function toDayNumber(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  const d = new Date(dayNumber * MS_PER_DAY);
  return fromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The UTC calendar day of an instant; for callers outside the engine that hold a clock reading. */
export function utcDay(instant: Date): IsoDate {
  return fromParts(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Adds calendar months; a day that does not exist in the target month becomes that month's last day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return fromParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Adds years; 29 February becomes 28 February in a common year. */
export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function lastDayOfMonth(year: number, month: number): IsoDate {
  return fromParts(year, month, daysInMonth(year, month));
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a <= b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a >= b ? a : b;
}
