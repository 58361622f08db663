import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateDcQuote,
  CalculationError,
  dcMemberSchema,
  drawdownMonths,
  getDcSchemeConfig,
  isoDate,
  maximumTaxFreeCash,
  monthlyNetRate,
  parseSchemeConfig,
  projectPot,
  type DcMemberInput,
  type DcSchemeConfig,
} from '../src';

const d = isoDate;
const mdc = getDcSchemeConfig('MDC');
const member = (input: DcMemberInput) => dcMemberSchema.parse(input);

/** MDC with one fund growing 1% less a 1% charge: no growth, so every figure can be checked by hand. */
const flat = parseSchemeConfig({
  ...structuredClone(mdc),
  funds: [{ code: 'FLAT', name: 'Flat Fund', growth: 0.01, charge: 0.01 }],
  strategies: [{ code: 'FLAT', name: 'Flat', glidePath: [{ yearsToTarget: 0, allocation: { FLAT: 1 } }] }],
  defaultStrategy: 'FLAT',
  drawdown: { growth: 0, defaultIncomeRate: 0.04 },
}) as DcSchemeConfig;

describe('DC projection', () => {
  it('turns annual growth less charges into a monthly rate', () => {
    // GLOBAL_EQUITY: (1 + 0.06 − 0.003)^(1/12) − 1
    expect(monthlyNetRate(mdc.funds[0]!)).toBeCloseTo(1.057 ** (1 / 12) - 1, 15);
  });

  it('grows month by month, rounding to the penny, contributions at month end', () => {
    // 4% net: r = 1.04^(1/12) − 1 = 0.00327374
    const r = 1.04 ** (1 / 12) - 1;
    const p = projectPot({
      potPence: 1_000_000,
      monthlyContributionPence: 10_000,
      contributionEscalation: 0,
      months: 2,
      monthsToTarget: 2,
      growth: () => r,
      captureAt: [1],
    });
    // 1,000,000 × 1.00327374 = 1,003,273.74 → 1,003,274 + 10,000 = 1,013,274
    expect(p.captured.get(1)).toEqual({ potPence: 1_013_274, contributionsPence: 10_000 });
    // 1,013,274 × 1.00327374 = 1,016,591.19 → 1,016,591 + 10,000 = 1,026,591
    expect(p).toMatchObject({ potPence: 1_026_591, contributionsPence: 20_000 });
  });

  it('steps contributions up once a year', () => {
    const p = projectPot({
      potPence: 0,
      monthlyContributionPence: 10_000,
      contributionEscalation: 0.03,
      months: 14,
      monthsToTarget: 14,
      growth: () => 0,
    });
    // 12 × 10,000 + 2 × 10,300
    expect(p.potPence).toBe(140_600);
  });
});

describe('DC quotes (worked examples, docs/calculations.md)', () => {
  it('example 6: no growth, two years to target', () => {
    const quote = calculateDcQuote(
      member({
        status: 'Active',
        dateOfBirth: '1963-01-01',
        benefits: { potPence: 10_000_000, monthlyContributionPence: 50_000, targetRetirementAge: 65 },
      }),
      flat,
      { today: d('2026-01-01') },
    );
    expect(quote.effectiveDate).toBe('2028-01-01');
    expect(quote.lifeStage).toBe('approachingTRD');
    // 10,000,000 + 24 × 50,000; today's money ÷ 1.025² = 1.050625 → 10,660,321.24
    expect(quote.projection).toMatchObject({
      months: 24,
      potPence: 11_200_000,
      contributionsPence: 1_200_000,
      potTodaysMoneyPence: 10_660_321,
    });
    // lines: 64th birthday exactly a year ahead, then the target; 10,600,000 ÷ 1.025 = 10,341,463.41
    expect(quote.projection.lines).toEqual([
      { age: 64, date: '2027-01-01', isTarget: false, potPence: 10_600_000, potTodaysMoneyPence: 10_341_463 },
      { age: 65, date: '2028-01-01', isTarget: true, potPence: 11_200_000, potTodaysMoneyPence: 10_660_321 },
    ]);
    expect(quote.taxFreeCash).toEqual({ maximumPence: 2_800_000, chosenPence: 2_800_000 });
    expect(quote.annuityRate).toBe(0.066);
    const byCode = Object.fromEntries(quote.options.map((o) => [o.code, o]));
    // (11,200,000 − 2,800,000) × 0.066 = 554,400; whole pot × 0.066 = 739,200
    expect(byCode.CASH_AND_ANNUITY).toMatchObject({ lumpSumPence: 2_800_000, annualIncomePence: 554_400 });
    expect(byCode.ANNUITY).toMatchObject({ lumpSumPence: 0, annualIncomePence: 739_200 });
    // drawdown 4% of 8,400,000 = 336,000 a year = 28,000 a month, no growth: 300 months, to age 90
    expect(byCode.CASH_AND_DRAWDOWN).toMatchObject({
      annualIncomePence: 336_000,
      lastsMonths: 300,
      lastsUntilAge: { years: 90, months: 0 },
    });
    expect(byCode.UFPLS).toMatchObject({
      lumpSumPence: 11_200_000,
      taxFreePence: 2_800_000,
      taxablePence: 8_400_000,
    });
  });

  it('example 7: MDC lifestyle, eight months from target (independently recomputed)', () => {
    const quote = calculateDcQuote(
      member({
        status: 'Active',
        dateOfBirth: '1961-09-15',
        benefits: {
          potPence: 18_640_000,
          monthlyContributionPence: 62_500,
          targetRetirementAge: 65,
          investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
        },
      }),
      mdc,
      { today: d('2026-01-15') },
    );
    expect(quote.lifeStage).toBe('closeToTRD');
    expect(quote.projection).toMatchObject({
      months: 8,
      potPence: 19_595_673,
      potTodaysMoneyPence: 19_275_735,
      contributionsPence: 500_000,
    });
    expect(quote.projection.lines).toHaveLength(1);
    expect(quote.taxFreeCash.maximumPence).toBe(4_898_918);
    const byCode = Object.fromEntries(quote.options.map((o) => [o.code, o]));
    expect(byCode.CASH_AND_ANNUITY!.annualIncomePence).toBe(969_986);
    expect(byCode.ANNUITY!.annualIncomePence).toBe(1_293_314);
    expect(byCode.CASH_AND_DRAWDOWN).toMatchObject({ annualIncomePence: 587_870, lastsMonths: 682 });
    expect(quote.payments.firstPaymentDate).toBe('2026-10-28');
  });

  it('example 8: far from target, projected 359 months', () => {
    const quote = calculateDcQuote(
      member({
        status: 'Active',
        dateOfBirth: '1990-12-15',
        benefits: { potPence: 2_315_000, monthlyContributionPence: 41_000, targetRetirementAge: 65 },
      }),
      mdc,
      { today: d('2026-01-15') },
    );
    expect(quote.lifeStage).toBe('farFromTRD');
    expect(quote.projection).toMatchObject({
      months: 359,
      potPence: 44_970_772,
      potTodaysMoneyPence: 21_483_648,
    });
    expect(quote.projection.lines.map((l) => l.age)).toEqual([58, 59, 60, 61, 62, 63, 64, 65]);
  });

  it('caps tax-free cash at the Lump Sum Allowance and checks a chosen amount', () => {
    expect(maximumTaxFreeCash(150_000_000, 26_827_500)).toBe(26_827_500);
    const m = member({ status: 'Deferred', dateOfBirth: '1963-01-01', benefits: { potPence: 150_000_000 } });
    const quote = calculateDcQuote(m, flat, { today: d('2026-01-01'), taxFreeCashPence: 1_000_000 });
    expect(quote.projection.contributionsPence).toBe(0); // deferred: no contributions
    expect(quote.taxFreeCash).toEqual({ maximumPence: 26_827_500, chosenPence: 1_000_000 });
    expect(quote.options.find((o) => o.kind === 'ufpls')).toMatchObject({
      taxFreePence: 26_827_500,
      taxablePence: 123_172_500,
    });
    expect(() => calculateDcQuote(m, flat, { today: d('2026-01-01'), taxFreeCashPence: 26_827_501 })).toThrow(
      CalculationError,
    );
  });

  it('uses the DC retirement date once the target has passed, and self-selected funds', () => {
    const quote = calculateDcQuote(
      member({
        status: 'Active',
        dateOfBirth: '1958-03-10',
        benefits: {
          potPence: 5_000_000,
          targetRetirementAge: 65,
          investment: { funds: [{ code: 'CASH', valuePence: 5_000_000 }] },
        },
      }),
      mdc,
      { today: d('2026-01-20') },
    );
    expect(quote.lifeStage).toBe('exceededTRD');
    expect(quote.effectiveDate).toBe('2026-07-20'); // today + 6 months
    expect(quote.strategyCode).toBeNull();
    expect(quote.projection.lines).toEqual([]);
  });
});

describe('drawdown', () => {
  it('runs down, or lasts when growth covers the income', () => {
    expect(drawdownMonths(1_200_000, 120_000, 0)).toBe(120);
    expect(drawdownMonths(1_200_000, 0, 0)).toBeNull();
    // 5% growth on £100,000 covers £4,000 a year for ever
    expect(drawdownMonths(10_000_000, 400_000, 0.05)).toBeNull();
  });

  it('never lasts longer for a higher income', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 100_000_000 }),
        fc.integer({ min: 1_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 0.08, noNaN: true }),
        (pot, income, extra, growth) => {
          const lower = drawdownMonths(pot, income, growth) ?? Infinity;
          const higher = drawdownMonths(pot, income + extra, growth) ?? Infinity;
          expect(higher).toBeLessThanOrEqual(lower);
        },
      ),
    );
  });
});
