import { describe, expect, it } from 'vitest';
import {
  ageLines,
  applicationStartRange,
  confirmationDate,
  dcProjectionAges,
  dcRetirementDate,
  earliestRetirementDateWithProcessing,
  effectiveRetirementDate,
  gmpAge,
  isoDate,
  isRetirementDateOutOfRange,
  mayTakeBenefitsOn,
  minimumPensionDate,
  nmpaBand,
  NMPA,
  normalMinimumPensionAge,
  retirementDateHelper,
  retirementDates,
  retirementDateWindow,
} from '../src';

const d = isoDate;

describe('retirement dates', () => {
  it('puts ERD, NRD and LRD on birthdays', () => {
    expect(retirementDates(d('1965-08-31'), { earliestRetirementAge: 55, normalRetirementAge: 65 })).toEqual({
      earliest: '2020-08-31',
      normal: '2030-08-31',
      latest: '2040-08-31',
    });
  });

  it('moves a 29 February birthday to 28 February', () => {
    expect(retirementDates(d('1964-02-29'), { earliestRetirementAge: 55, normalRetirementAge: 65 })).toEqual({
      earliest: '2019-02-28',
      normal: '2029-02-28',
      latest: '2039-02-28',
    });
  });

  it('takes a scheme latest retirement date or age when given', () => {
    const dob = d('1965-08-31');
    const base = { earliestRetirementAge: 55, normalRetirementAge: 65 };
    expect(retirementDates(dob, { ...base, latestRetirementAge: 70 }).latest).toBe('2035-08-31');
    expect(retirementDates(dob, { ...base, latestRetirementDate: d('2037-04-05') }).latest).toBe(
      '2037-04-05',
    );
  });

  it('uses the later of NRD and today as the effective date', () => {
    expect(effectiveRetirementDate(d('2030-08-31'), d('2024-01-01'))).toBe('2030-08-31');
    expect(effectiveRetirementDate(d('2020-08-31'), d('2024-01-01'))).toBe('2024-01-01');
  });

  it('sets the DC retirement date six months ahead, or at 75 from age 74½', () => {
    // born 10 Jan 1950: on 9 Jul 2024 74y 5m → today + 6 months; on 10 Jul 2024 74y 6m → 75th birthday
    expect(dcRetirementDate(d('1950-01-10'), d('2024-07-09'))).toBe('2025-01-09');
    expect(dcRetirementDate(d('1950-01-10'), d('2024-07-10'))).toBe('2025-01-10');
    expect(dcRetirementDate(d('1990-01-10'), d('2024-08-31'))).toBe('2025-02-28');
  });
});

describe('selectable retirement dates', () => {
  const today = d('2024-03-01');
  const dates = { earliest: d('2024-01-01'), normal: d('2024-06-30'), latest: d('2034-06-30') };

  it('pushes the earliest date to today + 37 days', () => {
    // 1 Mar + 37 days = 7 Apr (30 days to 31 Mar, 7 more)
    expect(earliestRetirementDateWithProcessing(dates.earliest, today)).toBe('2024-04-07');
    expect(earliestRetirementDateWithProcessing(d('2024-05-01'), today)).toBe('2024-05-01');
  });

  it('runs to the latest retirement date by default', () => {
    expect(retirementDateWindow(dates, today)).toEqual({ from: '2024-04-07', to: '2034-06-30', open: true });
  });

  it('runs to min(today + 6 months, NRD) in application-window mode', () => {
    expect(retirementDateWindow(dates, today, 'application-window')).toEqual({
      from: '2024-04-07',
      to: '2024-06-30',
      open: true,
    });
    const soon = { ...dates, normal: d('2024-04-01') };
    expect(retirementDateWindow(soon, today, 'application-window').open).toBe(false);
  });

  it('opens the application 6 months ahead and closes it 37 days before', () => {
    // effective 31 Jan 2025 is after 1 Sep 2024 (today + 6 months)
    expect(applicationStartRange(d('2025-01-31'), today)).toEqual({
      earliest: '2024-07-31',
      latest: '2024-12-25',
    });
    expect(applicationStartRange(d('2024-09-01'), today)).toEqual({ earliest: null, latest: '2024-07-26' });
    expect(isRetirementDateOutOfRange(d('2024-09-01'), today)).toBe(false);
    expect(isRetirementDateOutOfRange(d('2024-09-02'), today)).toBe(true);
    expect(confirmationDate(d('2025-01-31'))).toBe('2025-01-17');
  });

  it('suggests today + 1 year + 3 months + 6 days', () => {
    expect(retirementDateHelper(d('2024-01-15'))).toBe('2025-04-21');
    // 30 Nov 2024 + 15 months = 28 Feb 2026 (clamped), + 6 days = 6 Mar 2026
    expect(retirementDateHelper(d('2024-11-30'))).toBe('2026-03-06');
  });

  it('knows GMP ages', () => {
    expect(gmpAge('M')).toBe(65);
    expect(gmpAge('F')).toBe(60);
    expect(gmpAge('U')).toBeNull();
  });
});

describe('normal minimum pension age', () => {
  it('rises from 55 to 57 on 6 April 2028', () => {
    expect(normalMinimumPensionAge(d('2028-04-05'))).toBe(55);
    expect(normalMinimumPensionAge(d('2028-04-06'))).toBe(57);
  });

  it('bands members by date of birth', () => {
    expect(nmpaBand(d('1971-04-05'))).toBe(NMPA.Pre);
    expect(nmpaBand(d('1971-04-06'))).toBe(NMPA.Current);
    expect(nmpaBand(d('1973-04-05'))).toBe(NMPA.Current);
    expect(nmpaBand(d('1973-04-06'))).toBe(NMPA.Post);
  });

  it('finds the first date benefits may be taken', () => {
    // Current band: 55 on 15 Jan 2027, before the rise
    expect(minimumPensionDate(d('1972-01-15'), d('2024-01-01'))).toBe('2027-01-15');
    // …but after the rise the same member must wait for 57
    expect(minimumPensionDate(d('1972-01-15'), d('2028-05-01'))).toBe('2029-01-15');
    expect(mayTakeBenefitsOn(d('1972-01-15'), d('2028-04-05'))).toBe(true);
    expect(mayTakeBenefitsOn(d('1972-01-15'), d('2028-04-06'))).toBe(false);
    // the last day of the Current band reaches 55 on the last day before the rise
    expect(minimumPensionDate(d('1973-04-05'), d('2024-01-01'))).toBe('2028-04-05');
    expect(minimumPensionDate(d('1973-04-06'), d('2024-01-01'))).toBe('2030-04-06');
    expect(minimumPensionDate(d('1960-01-01'), d('2024-01-01'))).toBe('2024-01-01');
  });

  it('honours a protected pension age', () => {
    expect(minimumPensionDate(d('1980-03-01'), d('2024-01-01'), 50)).toBe('2030-03-01');
    expect(mayTakeBenefitsOn(d('1980-03-01'), d('2035-03-01'), 55)).toBe(true);
  });
});

describe('age lines (e.11)', () => {
  it.each([
    [40, [55, 56, 57, 58, 59]], // below ERA: start at ERA
    [57, [65, 66, 67, 68, 69]], // between ERA and NRA: start at NRA
    [66, [67, 68, 69, 70, 71]], // past NRA: next birthday
    [72, [73, 74, 75]], // stop at 75
    [75, []],
  ])('age %i quotes at %j', (age, expected) => {
    expect(ageLines(age, 55, 65)).toEqual(expected);
  });

  it('lists DC projection ages at least a year ahead, target last', () => {
    const far = dcProjectionAges(d('1990-05-10'), 65, d('2024-01-01'));
    expect(far.map((l) => l.age)).toEqual([58, 59, 60, 61, 62, 63, 64, 65]);
    expect(far.filter((l) => l.isTarget)).toEqual([{ age: 65, date: '2055-05-10', isTarget: true }]);
    // target 1 Jan 2026; 65th birthday 1 Jan 2025 is exactly a year ahead, 64th is not
    expect(dcProjectionAges(d('1960-01-01'), 66, d('2024-01-01')).map((l) => l.age)).toEqual([65, 66]);
    expect(dcProjectionAges(d('1960-05-10'), 65, d('2024-01-01')).map((l) => l.age)).toEqual([65]);
    expect(dcProjectionAges(d('1950-05-10'), 65, d('2024-01-01'))).toEqual([]);
  });
});
