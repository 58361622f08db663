import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  dayOfWeek,
  daysBetween,
  fromDayNumber,
  isoDate,
  isIsoDate,
  toDayNumber,
  utcDay,
} from '../src';

const d = isoDate;

describe('IsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2100-02-29')).toBe(false); // century, not a leap year
    expect(isIsoDate('2000-02-29')).toBe(true); // divisible by 400
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-4-01')).toBe(false);
    expect(() => isoDate('2024-04-31')).toThrow(RangeError);
  });

  it('counts days from 1970-01-01 in UTC', () => {
    expect(toDayNumber(d('1970-01-01'))).toBe(0);
    expect(fromDayNumber(-1)).toBe('1969-12-31');
    expect(daysBetween(d('2024-02-28'), d('2024-03-01'))).toBe(2); // 29 Feb in between
    expect(daysBetween(d('2023-02-28'), d('2023-03-01'))).toBe(1);
  });

  it('knows the day of the week (1970-01-01 was a Thursday)', () => {
    expect(dayOfWeek(d('1970-01-01'))).toBe(4);
    expect(dayOfWeek(d('2024-01-01'))).toBe(1);
    expect(dayOfWeek(d('2024-03-31'))).toBe(0);
  });

  it('takes the UTC day of an instant, whatever the local zone', () => {
    expect(utcDay(new Date('2024-03-30T23:30:00-02:00'))).toBe('2024-03-31');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'], // month end clamps, leap year
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-12-15', 1, '2025-01-15'],
    ['2025-01-15', -1, '2024-12-15'],
    ['2024-08-31', 6, '2025-02-28'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(d(from), months)).toBe(expected);
  });

  it('moves 29 February to 28 February in common years', () => {
    expect(addYears(d('2024-02-29'), 1)).toBe('2025-02-28');
    expect(addYears(d('2024-02-29'), 4)).toBe('2028-02-29');
  });

  it('adds days across year ends', () => {
    expect(addDays(d('2024-12-25'), 7)).toBe('2025-01-01');
    expect(addDays(d('2024-03-01'), -1)).toBe('2024-02-29');
  });
});
