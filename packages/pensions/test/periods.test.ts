import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPeriod,
  ageOn,
  ageString,
  exactAgeOn,
  formatPeriod,
  fromDayNumber,
  isNotInPast,
  isoDate,
  parsePeriod,
  periodBetween,
  ReversedPeriodError,
  periodString,
  tenureYears,
  termToRetirement,
  toDayNumber,
} from '../src';

const d = isoDate;

describe('ages', () => {
  it('counts completed years, turning on the birthday', () => {
    expect(ageOn(d('1980-06-15'), d('2024-06-14'))).toBe(43);
    expect(ageOn(d('1980-06-15'), d('2024-06-15'))).toBe(44);
  });

  it('has a 29 February birthday on 28 February in common years', () => {
    expect(ageOn(d('2000-02-29'), d('2001-02-27'))).toBe(0);
    expect(ageOn(d('2000-02-29'), d('2001-02-28'))).toBe(1);
    // 2004 is a leap year, so the fourth birthday is 29 February itself
    expect(ageOn(d('2000-02-29'), d('2004-02-28'))).toBe(3);
    expect(ageOn(d('2000-02-29'), d('2004-02-29'))).toBe(4);
  });

  it('works out exact age from the last birthday', () => {
    // 10 Jan 1986 → 20 Feb 2024: 38 years, 1 month (to 10 Feb), 10 days.
    // The birthday-year 10 Jan 2024 → 10 Jan 2025 has 366 days: 38 + 1/12 + 10/366.
    const age = exactAgeOn(d('1986-01-10'), d('2024-02-20'));
    expect(age).toMatchObject({ years: 38, months: 1, days: 10 });
    expect(age.exact).toBeCloseTo(38 + 1 / 12 + 10 / 366, 12);
    expect(ageString(d('1986-01-10'), d('2024-02-20'))).toBe('38Y1M');
  });

  it('is exactly a whole number on a birthday', () => {
    expect(exactAgeOn(d('1970-01-01'), d('2025-01-01')).exact).toBe(55);
    expect(exactAgeOn(d('1970-07-01'), d('2024-01-01')).exact).toBe(53.5);
  });
});

describe('periods nYnMnWnD', () => {
  it.each([
    // 31 Jan + 1 month = 29 Feb 2024; 29 Feb → 15 Mar = 15 days = 2 weeks 1 day
    ['2024-01-31', '2024-03-15', '0Y1M2W1D'],
    // 29 Feb 2020 + 47 months = 29 Jan 2024; → 28 Feb = 30 days = 4 weeks 2 days
    ['2020-02-29', '2024-02-28', '3Y11M4W2D'],
    ['2020-02-29', '2024-02-29', '4Y0M0W0D'],
    ['1986-01-10', '2024-02-20', '38Y1M1W3D'],
    ['2024-05-01', '2024-05-01', '0Y0M0W0D'],
    ['2024-05-02', '2024-05-01', '0Y0M0W0D'], // clamped at zero
  ])('%s → %s is %s', (from, to, expected) => {
    expect(periodString(d(from), d(to))).toBe(expected);
  });

  it('defaults to 0Y0M0W0D without a date of birth', () => {
    expect(periodString(null, d('2024-01-01'))).toBe('0Y0M0W0D');
  });

  it('parses period strings and rejects anything else', () => {
    expect(parsePeriod('12Y3M2W6D')).toEqual({ years: 12, months: 3, weeks: 2, days: 6 });
    expect(() => parsePeriod('12Y3M')).toThrow(RangeError);
    expect(() => parsePeriod('-1Y0M0W0D')).toThrow(RangeError);
  });

  const day = fc
    .integer({ min: toDayNumber(d('1900-01-01')), max: toDayNumber(d('2100-12-31')) })
    .map(fromDayNumber);

  it('round-trips: format → parse, and from + period = to', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const period = periodBetween(from, to);
        expect(parsePeriod(formatPeriod(period))).toEqual(period);
        expect(addPeriod(from, period)).toBe(to);
        expect(period.months).toBeLessThan(12);
        expect(period.days).toBeLessThan(7);
      }),
    );
  });
});

describe('term to retirement and date checks', () => {
  it('splits the calendar-month difference into years and months, zero once passed', () => {
    // 20 May 2024 → 19 Mar 2030: (2030 − 2024) × 12 + (3 − 5) = 70 calendar months, days ignored
    expect(termToRetirement(d('2024-05-20'), d('2030-03-19'))).toEqual({ years: 5, months: 10 });
    expect(termToRetirement(d('2024-05-20'), d('2030-03-20'))).toEqual({ years: 5, months: 10 });
    expect(termToRetirement(d('2024-05-20'), d('2030-03-21'))).toEqual({ years: 5, months: 10 });
    // 31 Jan → 1 Feb is a calendar month although a day apart
    expect(termToRetirement(d('2024-01-31'), d('2024-02-01'))).toEqual({ years: 0, months: 1 });
    expect(termToRetirement(d('2024-05-20'), d('2024-05-01'))).toEqual({ years: 0, months: 0 });
    expect(termToRetirement(d('2024-05-20'), d('2024-04-30'))).toEqual({ years: 0, months: 0 });
  });

  it('refuses a reversed period but clamps a time remaining', () => {
    expect(() => periodBetween(d('2024-05-20'), d('2024-05-19'))).toThrow(ReversedPeriodError);
    expect(periodBetween(d('2024-05-20'), d('2024-05-20'))).toEqual({
      years: 0,
      months: 0,
      weeks: 0,
      days: 0,
    });
    expect(periodString(d('2024-05-20'), d('2024-05-19'))).toBe('0Y0M0W0D');
    expect(periodString(d('2024-05-20'), null)).toBe('0Y0M0W0D');
  });

  it('treats today as not in the past', () => {
    expect(isNotInPast(d('2024-05-20'), d('2024-05-20'))).toBe(true);
    expect(isNotInPast(d('2024-05-19'), d('2024-05-20'))).toBe(false);
  });

  it('measures tenure in whole years, null when missing or negative', () => {
    expect(tenureYears(d('2000-09-01'), d('2005-08-31'))).toBe(4);
    expect(tenureYears(d('2000-09-01'), d('2005-09-01'))).toBe(5);
    expect(tenureYears(d('2005-09-01'), d('2000-09-01'))).toBeNull();
    expect(tenureYears(null, d('2000-09-01'))).toBeNull();
  });
});
