import type { Value, ValueFormat } from '@meridian/contracts';

/** What a missing or unreadable value shows. */
export const missing = '-';

/**
 * Built on first use: a renderer's first Intl formatter loads the locale's data, 55 to 150 ms on the
 * VMs this is measured on (four times that under Lighthouse's mobile throttling).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** From £10,000 up, pence are noise: a pot, a transfer value or a yearly pension reads in whole pounds. */
const wholePoundsFromPence = 1_000_000;
const londonTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function toDate(value: unknown): Date | undefined {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())
  )
    return undefined;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Money, given in pence (a number or a numeric string), the way a scheme shows it:
 * - `display` (the default): amounts of £10,000 or more rounded to the nearest pound (`£18,750`,
 *   `£268,275`); smaller amounts to the penny, always with two decimals (`£1,459.70`, `£5.00`), so a
 *   payment's gross, tax and net add up on the page;
 * - `exact`: always to the penny, for amounts the member acts on exactly: a limit for an amount they
 *   type, and what they chose in an application;
 * - `whole`: always to the nearest pound, for a chart's scale (`£0`, `£2,500`), and for every amount of
 *   a line where one is rounded (`linePrecision`).
 * This is the only money formatter of the web app (docs/content.md, "Money").
 */
export function formatCurrency(pence: unknown, precision: 'display' | 'exact' | 'whole' = 'display'): string {
  const amount = toNumber(pence);
  if (amount === undefined) return missing;
  const penny = Math.round(amount);
  const sign = penny < 0 ? '-' : '';
  if (precision === 'whole' || (precision === 'display' && Math.abs(penny) >= wholePoundsFromPence))
    return `${sign}£${decimal(Math.abs(Math.round(penny / 100)), 0)}`;
  const size = BigInt(Math.abs(penny));
  return `${sign}£${grouped(String(size / 100n))}.${String(size % 100n).padStart(2, '0')}`;
}

/** A yearly amount: `£1,234.56 a year`, with the tenant's words for "a year". */
export function formatCurrencyPerYear(
  pence: unknown,
  words: UnitWords = defaultUnitWords,
  precision: 'display' | 'exact' | 'whole' = 'display',
): string {
  const amount = formatCurrency(pence, precision);
  return amount === missing ? missing : `${amount} ${words.perYear}`;
}

/**
 * The precision for amounts read together in one line (a sentence, a list item, a summary row), so
 * they never mix whole pounds and pence (`£39,084 and £5,862.64 a year`): whole pounds for all of them
 * when `display` rounds any (one is £10,000 or more), else to the penny for all. Amounts the member
 * acts on exactly keep `exact` instead.
 */
export function linePrecision(amounts: readonly unknown[]): 'display' | 'whole' {
  return amounts.some((pence) => {
    const amount = toNumber(pence);
    return amount !== undefined && Math.abs(Math.round(amount)) >= wholePoundsFromPence;
  })
    ? 'whole'
    : 'display';
}

/** Digits with their thousands separated by commas: `1234567` as `1,234,567`. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A number rounded to at most `places` decimals, half away from zero, with thousands separated:
 * `1,234.5`. Worked out here rather than by Intl, whose first use in a page is a long task (above).
 */
function decimal(value: number, places: number): string {
  const size = Math.abs(value);
  const scale = 10 ** places;
  // Moving the point in the number's shortest spelling rounds 1.005 up, as it reads, where
  // 1.005 * 100 would give 100.49999.
  const spelled = String(size);
  const scaled = spelled.includes('e')
    ? Math.round(size * scale)
    : Math.round(Number(`${spelled}e${places}`));
  if (scaled === 0) return '0';
  const sign = value < 0 ? '-' : '';
  if (!Number.isSafeInteger(scaled)) return `${sign}${grouped(BigInt(Math.round(size)).toString())}`;
  const whole = grouped(String(Math.floor(scaled / scale)));
  const fraction = String(scaled % scale)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A number to at most two decimals, thousands separated: `1,234.5`. */
export function formatNumber(value: unknown): string {
  const number = toNumber(value);
  return number === undefined ? missing : decimal(number, 2);
}

/** An ISO date as `03 Jan 1964`, read in UTC. */
export function formatDate(value: unknown): string {
  const date = toDate(value);
  if (!date) return missing;
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${day} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `HH:mm`: a time of day as given, or the UK time of an ISO date-time. */
export function formatTime(value: unknown): string {
  if (typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value.trim()))
    return value.trim().slice(0, 5);
  const date = typeof value === 'string' && value.includes('T') ? toDate(value) : undefined;
  return date ? londonTime().format(date) : missing;
}

/** Six digits as `40-47-84`, whatever the separators given. */
export function formatSortCode(value: unknown): string {
  const digits =
    typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[\s-]/g, '') : '';
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : missing;
}

const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in B, KB, MB, GB or TB, base 1000 (spec), to one decimal place. */
export function formatFileSize(bytes: unknown): string {
  let size = toNumber(bytes);
  if (size === undefined || size < 0) return missing;
  let unit = 0;
  while (unit < sizeUnits.length - 1 && Math.round(size * 10) / 10 >= 1000) {
    size /= 1000;
    unit += 1;
  }
  return `${decimal(size, 1)} ${sizeUnits[unit]}`;
}

/** The words of periods and yearly amounts; a tenant may word them with labels (`unitWordsFrom`). */
export interface UnitWords {
  year: string;
  years: string;
  month: string;
  months: string;
  week: string;
  weeks: string;
  day: string;
  days: string;
  perYear: string;
}

export const defaultUnitWords: UnitWords = {
  year: 'year',
  years: 'years',
  month: 'month',
  months: 'months',
  week: 'week',
  weeks: 'weeks',
  day: 'day',
  days: 'days',
  perYear: 'a year',
};

/**
 * The unit words from the tenant's labels `unit_year`, `unit_years`, … `unit_days` and `unit_per_year`
 * (`label` answers by lower-case key); a missing label keeps the default word.
 */
export function unitWordsFrom(label: (key: string) => string | undefined): UnitWords {
  const word = (name: keyof UnitWords, key: string) => label(key) ?? defaultUnitWords[name];
  return {
    year: word('year', 'unit_year'),
    years: word('years', 'unit_years'),
    month: word('month', 'unit_month'),
    months: word('months', 'unit_months'),
    week: word('week', 'unit_week'),
    weeks: word('weeks', 'unit_weeks'),
    day: word('day', 'unit_day'),
    days: word('days', 'unit_days'),
    perYear: word('perYear', 'unit_per_year'),
  };
}

const periodUnits = [
  ['year', 'years'],
  ['month', 'months'],
  ['week', 'weeks'],
  ['day', 'days'],
] as const;

/** An ISO-like period such as `0Y11M0W5D` as its two largest non-zero units: `11 months, 5 days`. */
export function formatPeriod(value: unknown, words: UnitWords = defaultUnitWords): string {
  const match =
    typeof value === 'string' ? /^P?(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/.exec(value.trim()) : null;
  if (!match) return missing;
  const parts = periodUnits
    .map(([one, many], index) => {
      const count = Number(match[index + 1] ?? 0);
      return count === 0 ? '' : `${count} ${count === 1 ? words[one] : words[many]}`;
    })
    .filter(Boolean)
    .slice(0, 2);
  return parts.length ? parts.join(', ') : missing;
}

const formatters: Record<
  Exclude<ValueFormat, 'text' | 'label' | 'fileList'>,
  (value: unknown, words: UnitWords) => string
> = {
  number: formatNumber,
  currency: (value) => formatCurrency(value),
  currencyPerYear: formatCurrencyPerYear,
  date: formatDate,
  time: formatTime,
  period: formatPeriod,
  sortCode: formatSortCode,
  fileSize: formatFileSize,
};

/**
 * A value as text in its format. `label` values are label keys, looked up with `label`; file lists are
 * not text and read as missing here (the blocks that allow them render them as links).
 */
export function formatValue(
  value: Value,
  format: ValueFormat = 'text',
  label: (key: string) => string = (key) => key,
  words: UnitWords = defaultUnitWords,
): string {
  if (value === null || Array.isArray(value) || (typeof value === 'string' && value.trim() === ''))
    return missing;
  if (format === 'text' || format === 'fileList') return String(value);
  if (format === 'label') return label(String(value));
  return formatters[format](value, words);
}
