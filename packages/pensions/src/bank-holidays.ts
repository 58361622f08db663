import {
  addDays,
  dateParts,
  dayOfWeek,
  fromDayNumber,
  fromParts,
  isoDate,
  lastDayOfMonth,
  toDayNumber,
  type IsoDate,
} from './dates';

export type BankHolidayRegion = 'england-and-wales' | 'scotland' | 'northern-ireland';
export const BANK_HOLIDAY_REGIONS: readonly BankHolidayRegion[] = [
  'england-and-wales',
  'scotland',
  'northern-ireland',
];

export interface BankHoliday {
  date: IsoDate;
  name: string;
}

/** Easter Sunday by the anonymous Gregorian computus (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return fromParts(year, Math.floor(n / 31), (n % 31) + 1);
}

function firstMonday(year: number, month: number): IsoDate {
  const first = fromParts(year, month, 1);
  return addDays(first, (8 - dayOfWeek(first)) % 7);
}

function lastMonday(year: number, month: number): IsoDate {
  const last = lastDayOfMonth(year, month);
  return addDays(last, -((dayOfWeek(last) + 6) % 7));
}

const ALL: readonly BankHolidayRegion[] = BANK_HOLIDAY_REGIONS;

/** Holidays moved from their usual day by proclamation, keyed by year and the usual holiday's name. */
const MOVED: Readonly<Record<string, IsoDate>> = {
  '1995:Early May bank holiday': isoDate('1995-05-08'), // VE Day 50th anniversary
  '2002:Spring bank holiday': isoDate('2002-06-04'), // Golden Jubilee
  '2012:Spring bank holiday': isoDate('2012-06-04'), // Diamond Jubilee
  '2020:Early May bank holiday': isoDate('2020-05-08'), // VE Day 75th anniversary
  '2022:Spring bank holiday': isoDate('2022-06-02'), // Platinum Jubilee
};

/** One-off holidays, each for the whole UK. */
const ONE_OFF: readonly BankHoliday[] = [
  { date: isoDate('1981-07-29'), name: 'Royal wedding' },
  { date: isoDate('1999-12-31'), name: 'Millennium celebrations' },
  { date: isoDate('2002-06-03'), name: 'Golden Jubilee bank holiday' },
  { date: isoDate('2011-04-29'), name: 'Royal wedding' },
  { date: isoDate('2012-06-05'), name: 'Diamond Jubilee bank holiday' },
  { date: isoDate('2022-06-03'), name: 'Platinum Jubilee bank holiday' },
  { date: isoDate('2022-09-19'), name: 'State Funeral of Queen Elizabeth II' },
  { date: isoDate('2023-05-08'), name: 'Coronation of King Charles III' },
];

interface FixedHoliday {
  month: number;
  day: number;
  name: string;
  regions: readonly BankHolidayRegion[];
  since?: number;
}

/** Fixed-date holidays: when one falls on a weekend the next free weekday is a substitute day. */
const FIXED: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: "New Year's Day", regions: ALL },
  { month: 1, day: 2, name: '2nd January', regions: ['scotland'] },
  { month: 3, day: 17, name: "St Patrick's Day", regions: ['northern-ireland'] },
  { month: 7, day: 12, name: 'Battle of the Boyne (Orangemen’s Day)', regions: ['northern-ireland'] },
  { month: 11, day: 30, name: "St Andrew's Day", regions: ['scotland'], since: 2007 },
  { month: 12, day: 25, name: 'Christmas Day', regions: ALL },
  { month: 12, day: 26, name: 'Boxing Day', regions: ALL },
];

function movableHolidays(year: number, region: BankHolidayRegion): BankHoliday[] {
  const easter = easterSunday(year);
  const holidays: BankHoliday[] = [{ date: addDays(easter, -2), name: 'Good Friday' }];
  if (region !== 'scotland') holidays.push({ date: addDays(easter, 1), name: 'Easter Monday' });
  if (year >= 1978) holidays.push({ date: firstMonday(year, 5), name: 'Early May bank holiday' });
  holidays.push({ date: lastMonday(year, 5), name: 'Spring bank holiday' });
  holidays.push({
    date: region === 'scotland' ? firstMonday(year, 8) : lastMonday(year, 8),
    name: 'Summer bank holiday',
  });
  return holidays.map((h) => ({ ...h, date: MOVED[`${year}:${h.name}`] ?? h.date }));
}

const isWeekend = (date: IsoDate) => {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
};

function computeBankHolidays(year: number, region: BankHolidayRegion): BankHoliday[] {
  const holidays = [
    ...movableHolidays(year, region),
    ...ONE_OFF.filter((h) => h.date.startsWith(`${year}-`)),
  ];
  const fixed = FIXED.filter(
    (f) => f.regions.includes(region) && (f.since === undefined || year >= f.since),
  ).map((f) => ({ date: fromParts(year, f.month, f.day), name: f.name }));
  const taken = new Set<string>([...holidays, ...fixed].filter((h) => !isWeekend(h.date)).map((h) => h.date));
  for (const holiday of fixed) {
    if (!isWeekend(holiday.date)) {
      holidays.push(holiday);
      continue;
    }
    let substitute = addDays(holiday.date, 1);
    while (isWeekend(substitute) || taken.has(substitute)) substitute = addDays(substitute, 1);
    taken.add(substitute);
    holidays.push({ date: substitute, name: `${holiday.name} (substitute day)` });
  }
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

interface YearEntry {
  list: readonly BankHoliday[];
}

const cache: Record<BankHolidayRegion, Map<number, YearEntry>> = {
  'england-and-wales': new Map(),
  scotland: new Map(),
  'northern-ireland': new Map(),
};

/** Holidays of every year computed so far, as day numbers, for quick working-day loops. */
const holidayDays: Record<BankHolidayRegion, Set<number>> = {
  'england-and-wales': new Set(),
  scotland: new Set(),
  'northern-ireland': new Set(),
};

function yearEntry(year: number, region: BankHolidayRegion): YearEntry {
  const byYear = cache[region];
  let entry = byYear.get(year);
  if (!entry) {
    const list = Object.freeze(computeBankHolidays(year, region).map((h) => Object.freeze(h)));
    for (const holiday of list) holidayDays[region].add(toDayNumber(holiday.date));
    entry = { list };
    byYear.set(year, entry);
  }
  return entry;
}

function ensureYears(from: number, to: number, region: BankHolidayRegion) {
  for (let year = from; year <= to; year++) yearEntry(year, region);
}

/**
 * Bank holidays in a region for a year, by the statutory pattern plus proclaimed one-offs and moves.
 * The pattern is the one in force since 1978 (early May); earlier years are approximate.
 */
export function bankHolidays(year: number, region: BankHolidayRegion): readonly BankHoliday[] {
  return yearEntry(year, region).list;
}

/** Day-number check; the caller has loaded the years concerned. */
function isWorkingDayNumber(day: number, region: BankHolidayRegion): boolean {
  const dow = (((day + 4) % 7) + 7) % 7;
  return dow !== 0 && dow !== 6 && !holidayDays[region].has(day);
}

export function isBankHoliday(date: IsoDate, region: BankHolidayRegion): boolean {
  const year = dateParts(date).year;
  ensureYears(year, year, region);
  return holidayDays[region].has(toDayNumber(date));
}

export function isWorkingDay(date: IsoDate, region: BankHolidayRegion): boolean {
  const year = dateParts(date).year;
  ensureYears(year, year, region);
  return isWorkingDayNumber(toDayNumber(date), region);
}

/** The date itself when it is a working day, otherwise the most recent working day before it. */
export function previousWorkingDay(date: IsoDate, region: BankHolidayRegion): IsoDate {
  const year = dateParts(date).year;
  ensureYears(year - 1, year, region);
  let day = toDayNumber(date);
  while (!isWorkingDayNumber(day, region)) day--;
  return fromDayNumber(day);
}

/** Counts `days` working days forward from a date (the date itself is not counted). */
export function addWorkingDays(date: IsoDate, days: number, region: BankHolidayRegion): IsoDate {
  const year = dateParts(date).year;
  ensureYears(year, year + 1 + Math.ceil(days / 200), region);
  let day = toDayNumber(date);
  for (let counted = 0; counted < days;) {
    day++;
    if (isWorkingDayNumber(day, region)) counted++;
  }
  return fromDayNumber(day);
}
