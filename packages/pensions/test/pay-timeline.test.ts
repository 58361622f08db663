import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_HOLIDAY_REGIONS,
  firstPaymentDate,
  fromDayNumber,
  isoDate,
  isWorkingDay,
  lumpSumPaymentDate,
  nextPaymentDate,
  paymentDatesBetween,
  payTimeline,
  toDayNumber,
} from '../src';

const d = isoDate;
const ew = 'england-and-wales' as const;

describe('first pension payment', () => {
  it.each([
    // pay day 28 in April 2024 is a Sunday → Friday 26 April
    ['2024-03-15', 28, '2024-04-26'],
    // pay day 31 in February 2024 → 29 February (Thursday)
    ['2024-01-10', 31, '2024-02-29'],
    // Christmas Day 2025 is a Thursday → Wednesday 24 December
    ['2025-11-20', 25, '2025-12-24'],
    // 1 April 2024 is Easter Monday → back past the weekend and Good Friday to Thursday 28 March
    ['2024-03-05', 1, '2024-03-28'],
    // December effective date pays in January of the next year; 1 Jan 2025 → Tuesday 31 Dec 2024
    ['2024-12-10', 1, '2024-12-31'],
    // tax year starts 6 April 2025; pay day 5 May 2025 is the early May bank holiday → Friday 2 May
    ['2025-04-06', 5, '2025-05-02'],
  ])('effective %s, pay day %i → %s', (effective, payDay, expected) => {
    expect(firstPaymentDate(d(effective), payDay, ew)).toBe(expected);
  });

  it('follows the member’s region', () => {
    expect(firstPaymentDate(d('2024-03-05'), 1, 'scotland')).toBe('2024-04-01');
  });
});

describe('pensions in payment', () => {
  it.each([
    // pay day 28 December 2025 is a Sunday → Wednesday 24 December (25, 26 are bank holidays)
    ['2025-12-10', 28, '2025-12-24'],
    // on the pay day itself that payment has reached the bank: the next is January's
    ['2025-12-24', 28, '2026-01-28'],
    // the day after December's payment → January's: 28 Jan 2026 is a Wednesday
    ['2025-12-25', 28, '2026-01-28'],
    // Easter 2026: pay day 3 April is Good Friday → Thursday 2 April
    ['2026-03-30', 3, '2026-04-02'],
    // past this month's rolled-back date but before the nominal pay day
    ['2026-04-03', 3, '2026-05-01'],
  ])('on %s with pay day %i the next payment is %s', (today, payDay, expected) => {
    expect(nextPaymentDate(d(today), payDay, ew)).toBe(expected);
  });

  it('lists the pay dates since retirement, oldest first, up to a day', () => {
    expect(paymentDatesBetween(d('2025-10-15'), d('2026-01-28'), 28, ew)).toEqual([
      '2025-11-28',
      '2025-12-24',
      '2026-01-28',
    ]);
    expect(paymentDatesBetween(d('2025-10-15'), d('2025-11-27'), 28, ew)).toEqual([]);
  });
});

describe('lump sum payment', () => {
  it('without AVCs: N working days after the effective date', () => {
    expect(lumpSumPaymentDate(d('2024-03-27'), 5, false, ew)).toBe('2024-04-05');
  });

  it('with AVCs: N calendar days, rolled back to a working day', () => {
    // 20 Dec 2024 + 5 days = Christmas Day → Tuesday 24 December
    expect(lumpSumPaymentDate(d('2024-12-20'), 5, true, ew)).toBe('2024-12-24');
  });

  it('builds the whole timeline', () => {
    expect(
      payTimeline({
        effectiveDate: d('2024-03-27'),
        payDay: 28,
        lumpSumPaymentDays: 5,
        hasAvc: false,
        region: ew,
      }),
    ).toEqual({ firstPaymentDate: '2024-04-26', lumpSumPaymentDate: '2024-04-05' });
  });

  it('always pays on working days', () => {
    const day = fc
      .integer({ min: toDayNumber(d('1990-01-01')), max: toDayNumber(d('2070-12-31')) })
      .map(fromDayNumber);
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.constantFrom(...BANK_HOLIDAY_REGIONS),
        (effectiveDate, payDay, days, hasAvc, region) => {
          const t = payTimeline({ effectiveDate, payDay, lumpSumPaymentDays: days, hasAvc, region });
          expect(isWorkingDay(t.firstPaymentDate, region)).toBe(true);
          expect(isWorkingDay(t.lumpSumPaymentDate, region)).toBe(true);
        },
      ),
    );
  });
});
