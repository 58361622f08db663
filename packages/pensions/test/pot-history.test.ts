import { describe, expect, it } from 'vitest';
import { isoDate, potHistory, potYear, type PotCharge, type PotValuation } from '../src';

const day = isoDate;
const valuation = (on: string, potPence: number): PotValuation => ({ on: day(on), potPence });
const charge = (on: string, pence: number): PotCharge => ({ on: day(on), pence, description: 'Fund charge' });

describe('the pot’s history', () => {
  it('keeps the last five years up to today, oldest first, with today’s value last and one point a day', () => {
    const history = potHistory(
      [
        valuation('2026-10-31', 1_000_000),
        valuation('2021-11-27', 100_000), // a day over five years before: left out
        valuation('2021-11-28', 120_000),
        valuation('2026-11-27', 1_010_000), // replaced by today's figure for the same day
        valuation('2026-12-31', 2_000_000), // after today: left out
      ],
      valuation('2026-11-27', 1_012_345),
      day('2026-11-28'),
    );
    expect(history).toEqual([
      valuation('2021-11-28', 120_000),
      valuation('2026-10-31', 1_000_000),
      valuation('2026-11-27', 1_012_345),
    ]);
  });
});

describe('the pot’s last 12 months', () => {
  // Worked by hand: £10,000.00 on 30 Nov 2025 (the first valuation on or after 27 Nov 2025, a year
  // before the end); £250 paid in on the 28th of Dec to Oct, 11 × £250 = £2,750 (28 Nov 2025 is before
  // the start and 28 Nov 2026 after the end); charges of £4.00 on the 28th of Dec to Oct, £44; and
  // £11,500.00 on 27 Nov 2026. The return before charges is 11,500 − 10,000 − 2,750 + 44 = −£1,206.00,
  // and 10,000 + 2,750 − 1,206 − 44 = 11,500.
  const valuations = [
    valuation('2025-10-31', 9_500_00),
    valuation('2025-11-26', 9_800_00),
    valuation('2025-11-30', 10_000_00),
    valuation('2025-12-31', 10_300_00),
  ];
  const monthly = (dayOfMonth: number) =>
    Array.from({ length: 13 }, (_, index) =>
      new Date(Date.UTC(2025, 10 + index, dayOfMonth)).toISOString().slice(0, 10),
    );
  const contributions = monthly(28).map((paidOn) => ({
    paidOn: day(paidOn),
    memberPence: 100_00,
    employerPence: 150_00,
  }));
  const charges = monthly(28)
    .slice(1, 12)
    .map((on) => charge(on, 4_00));

  it('starts from the first valuation on or after the day a year ago and counts what came after it', () => {
    const year = potYear(valuations, valuation('2026-11-27', 11_500_00), contributions, charges);
    expect(year.start).toEqual(valuation('2025-11-30', 10_000_00));
    expect(year.paidInPence).toBe(2_750_00);
    expect(year.chargesPence).toBe(44_00);
    expect(year.returnPence).toBe(-1_206_00);
    expect(year.start!.potPence + year.paidInPence + year.returnPence! - year.chargesPence).toBe(11_500_00);
  });

  it('has no start and no return without a valuation in the year, and still counts what went in', () => {
    const young = potYear([], valuation('2026-11-27', 2_100_00), contributions.slice(4), []);
    expect(young.start).toBeNull();
    expect(young.returnPence).toBeNull();
    // 28 Mar 2026 to 28 Nov 2026, of which 28 Mar to 28 Oct are on or before the end: 8 × £250.
    expect(young.paidInPence).toBe(2_000_00);
    expect(young.chargesPence).toBe(0);
  });
});
