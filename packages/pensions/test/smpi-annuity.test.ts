import { describe, expect, it } from 'vitest';
import {
  annuityFactor,
  annuityInterestRate,
  CalculationError,
  isoDate,
  mortalityRate,
  mortalityTable,
  roundTo,
  smpiAnnuity,
  tm1AnnuityInterestOn,
  tm1BasisOn,
  type AnnuityMortality,
} from '../src';

const unisex: AnnuityMortality = { table: 'ons-uk-2022-2024', unisex: true, annualImprovement: 0 };
const monthly = (interestRate: number, guaranteeYears: number) => ({
  interestRate,
  paymentsPerYear: 12,
  guaranteeYears,
});
/** Nobody dies before 67; everyone dies in their 68th year, evenly through it. */
const allDieAt67 = (age: number) => (age < 67 ? 0 : 1);
const at65 = { years: 65, months: 0, startYear: 2028 };

describe('the mortality table', () => {
  it('is the ONS national life table for the UK, 2022 to 2024, as published', () => {
    const table = mortalityTable('ons-uk-2022-2024');
    expect(table.fromAge).toBe(50);
    expect(table.male).toHaveLength(51); // ages 50 to 100
    expect(table.male[65 - 50]).toBe(0.011976);
    expect(table.female[65 - 50]).toBe(0.007943);
  });

  it('reproduces the life expectancy at 65 that ONS publishes (18.73 years for men, 21.16 for women)', () => {
    // e65 = Σ l(x) · (1 − q_x / 2) from 65, deaths spread evenly through each year of age.
    const expectation = (sex: 'M' | 'F') => {
      const mortality = { ...unisex, unisex: false };
      let l = 1;
      let years = 0;
      for (let age = 65; age <= 120; age++) {
        const q = mortalityRate(mortality, age, 2023, sex);
        years += l * (1 - q / 2);
        l *= 1 - q;
      }
      return roundTo(years, 2);
    };
    expect(expectation('M')).toBe(18.73);
    expect(expectation('F')).toBe(21.16);
  });

  it('is unisex: at 65 the average of men’s 0.011976 and women’s 0.007943, whatever the sex', () => {
    // (0.011976 + 0.007943) / 2 = 0.0099595
    expect(mortalityRate(unisex, 65, 2028, 'F')).toBeCloseTo(0.0099595, 10);
    expect(mortalityRate(unisex, 65, 2028, 'M')).toBeCloseTo(0.0099595, 10);
    // A basis by sex takes the member's own, and the average where the record does not say.
    const bySex = { ...unisex, unisex: false };
    expect(mortalityRate(bySex, 65, 2028, 'F')).toBe(0.007943);
    expect(mortalityRate(bySex, 65, 2028, 'U')).toBeCloseTo(0.0099595, 10);
  });

  it('applies improvements from the table’s base year, holds the age-100 rate above it and ends at 120', () => {
    // 1.5% a year for 2025 − 2023 = 2 years: 0.0099595 × 0.985² = 0.0099595 × 0.970225 = 0.00966296.
    const improving = { ...unisex, annualImprovement: 0.015 };
    expect(mortalityRate(improving, 65, 2025)).toBeCloseTo(0.0096629559, 10);
    expect(mortalityRate(improving, 65, 2020)).toBeCloseTo(0.0099595, 10);
    // Age 100: (0.402489 + 0.349105) / 2 = 0.375797, held to 119.
    expect(mortalityRate(unisex, 110, 2030)).toBeCloseTo(0.375797, 10);
    expect(mortalityRate(unisex, 120, 2030)).toBe(1);
    expect(() => mortalityRate(unisex, 49, 2030)).toThrow(CalculationError);
  });
});

describe('the annuity factor (monthly in advance, level, single life)', () => {
  it('Example A1 (by hand): no interest, all die in the year from 67, no guarantee', () => {
    // 24 monthly payments of 1/12 certain to 67 = 2; then month j of the year from 67 is paid to those
    // still alive, 1 − j/12 (j = 0…11): Σ = 12 − 66/12 = 6.5, / 12 = 0.541667. ä = 2.541667.
    expect(roundTo(annuityFactor(allDieAt67, at65, monthly(0, 0)), 4)).toBe(2.5417);
  });

  it('Example A2 (by hand): a 5-year guarantee pays all 60 months, whoever dies', () => {
    expect(roundTo(annuityFactor(allDieAt67, at65, monthly(0, 5)), 4)).toBe(5);
    // At 5% it is the 5-year annuity certain: (1 − v⁵) / d⁽¹²⁾ with v = 1/1.05,
    // v⁵ = 0.783526, d⁽¹²⁾ = 12 × (1 − 1.05^(−1/12)) = 12 × (1 − 0.995942) = 0.048691:
    // 0.216474 / 0.048691 = 4.4459.
    expect(roundTo(annuityFactor(allDieAt67, at65, monthly(0.05, 5)), 4)).toBe(4.4459);
  });

  it('Example A3: the ONS unisex table at 65 and 5% gives ä = 12.1615; £10,000 buys £789.38 a year', () => {
    const q = (age: number, year: number) => mortalityRate(unisex, age, year);
    // Summed month by month to age 120 (660 payments), the first 60 certain. Checked independently: the
    // yearly annuity-due from the same table is 12.5084 and Woolhouse's ä⁽¹²⁾ ≈ ä − 11/24 = 12.0501,
    // against 12.0444 summed month by month without the guarantee; the guarantee adds 0.1171.
    const factor = roundTo(annuityFactor(q, at65, monthly(0.05, 5)), 4);
    expect(factor).toBe(12.1615);
    expect(roundTo(annuityFactor(q, at65, monthly(0.05, 0)), 4)).toBe(12.0444);
    // £10,000 less the 4% expense allowance: 9,600 / 12.1615 = 789.376 → £789.38 a year.
    expect(roundTo((10_000 * 0.96) / factor, 2)).toBe(789.38);
    // Older is cheaper: 66 → 11.8706, 66 and 3 months → 11.7981.
    expect(roundTo(annuityFactor(q, { ...at65, years: 66 }, monthly(0.05, 5)), 4)).toBe(11.8706);
    expect(roundTo(annuityFactor(q, { years: 66, months: 3, startYear: 2028 }, monthly(0.05, 5)), 4)).toBe(
      11.7981,
    );
  });

  it('refuses payments that do not fall on whole months', () => {
    expect(() => annuityFactor(allDieAt67, at65, { ...monthly(0, 0), paymentsPerYear: 5 })).toThrow(
      CalculationError,
    );
  });
});

describe('the annuity interest rate', () => {
  it('is the gilt yield plus the margin, to the nearest 0.2%', () => {
    expect(annuityInterestRate(0.0494, 0, 0.002)).toBe(0.05); // 24.7 steps → 25
    expect(annuityInterestRate(0.0489, 0, 0.002)).toBe(0.048); // 24.45 → 24
    expect(annuityInterestRate(0.049, 0, 0.002)).toBe(0.05); // 24.5, half up → 25
    expect(annuityInterestRate(0.0494, 0.005, 0.002)).toBe(0.054); // 27.2 → 27
  });

  it('is dated configuration: the yield for illustrations from 6 April 2026, none before', () => {
    expect(tm1AnnuityInterestOn(isoDate('2026-11-29'))).toMatchObject({
      interest: {
        illustrationsFrom: '2026-04-06',
        referenceDate: '2026-02-15',
        giltYield: 0.0494,
        yieldAsAt: '2026-01-31',
      },
    });
    expect(tm1AnnuityInterestOn(isoDate('2026-04-05'))).toMatchObject({
      missing: { setting: 'annuityInterest', illustrationYear: '2025/26', illustrationsFrom: '2025-04-06' },
    });
  });

  it('is each illustration year’s own: 5 April 2027 uses 2026/27’s, 6 April 2027 has none (never 2026/27’s again)', () => {
    expect(tm1AnnuityInterestOn(isoDate('2027-04-05'))).toMatchObject({
      interest: { illustrationsFrom: '2026-04-06', giltYield: 0.0494 },
    });
    const next = tm1AnnuityInterestOn(isoDate('2027-04-06'));
    expect(next).toEqual({
      missing: {
        setting: 'annuityInterest',
        illustrationYear: '2027/28',
        illustrationsFrom: '2027-04-06',
        message:
          'No AS TM1 annuity interest rate is configured for the 2027/28 illustration year (illustrations dated 2027-04-06): add an annuityInterest entry with illustrationsFrom 2027-04-06 to packages/pensions/smpi/as-tm1.json',
      },
    });
  });

  it('gives the SMPI annuity at 65 under AS TM1 v5.1 today', () => {
    const today = isoDate('2026-11-29');
    const rate = tm1AnnuityInterestOn(today);
    if (!('interest' in rate)) throw new Error(rate.missing.message);
    const annuity = smpiAnnuity(
      tm1BasisOn(today),
      rate.interest,
      { years: 65, months: 0 },
      2028,
    );
    expect(annuity).toMatchObject({
      factor: 12.1615,
      interestRate: 0.05,
      giltYield: 0.0494,
      paymentsPerYear: 12,
      guaranteeYears: 5,
      expenseAllowance: 0.04,
      pensionPer10000Pence: 78_938,
    });
    expect(annuity.mortality).toContain('ONS National life tables, UK, 2022 to 2024');
  });
});
