import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  againstLivingStandards,
  annuityRateFor,
  CalculationError,
  compareDcOptions,
  dcExploreContext,
  dcOptionFigures,
  exploreDcOptions,
  getDcSchemeConfig,
  incomeTaxBasisFor,
  incomeTaxPence,
  isoDate,
  parseSchemeConfig,
  type DcExploreBasis,
  type DcSchemeConfig,
} from '../src';

/**
 * Golden figures worked by hand. The member is 65 on 15 January 2027 with a pot of £186,400 and the whole
 * Lump Sum Allowance (£268,275) left; scheme MDC (annuity per £1 at 65: single level 0.066, joint level
 * 0.058, single increasing 0.045, joint increasing 0.038; drawdown 3.5% a year after charges, default income
 * 4% of the pot drawn from). Tax: 2026/27 rest of UK (HMRC): allowance £12,570, 20% to £37,700 of taxable
 * income, 40% to £125,140, 45% above; the allowance goes £1 per £2 over £100,000.
 */
const mdc = getDcSchemeConfig('MDC');
const rates = incomeTaxBasisFor(isoDate('2027-01-15')).rates;
const basis = (over: Partial<DcExploreBasis> = {}): DcExploreBasis => ({
  scheme: mdc,
  dateOfBirth: isoDate('1962-01-15'),
  retirementDate: isoDate('2027-01-15'),
  ageAtRetirement: { years: 65, months: 0 },
  potPence: 18_640_000,
  lumpSumAllowanceRemainingPence: 26_827_500,
  tax: { rates, regime: 'rest-of-uk', otherIncomePence: 0 },
  ...over,
});
const option = (code: Parameters<typeof dcOptionFigures>[1]['code'], choice = {}, over = {}) =>
  dcOptionFigures(basis(over), { code, ...choice });

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof CalculationError ? error.code : String(error);
  }
  return null;
};

describe('DC options: golden figures', () => {
  it('the most tax-free cash is a quarter of £186,400 = £46,600, within the allowance', () => {
    expect(dcExploreContext(basis()).taxFreeCash).toEqual({
      maximumPence: 4_660_000,
      lumpSumAllowanceRemainingPence: 26_827_500,
      limitedBy: 'quarter-of-pot',
    });
  });

  it('with only £30,000 of allowance left, tax-free cash stops at £30,000', () => {
    const context = dcExploreContext(basis({ lumpSumAllowanceRemainingPence: 3_000_000 }));
    expect(context.taxFreeCash).toMatchObject({ maximumPence: 3_000_000, limitedBy: 'lump-sum-allowance' });
    expect(
      refusal(() =>
        option(
          'cash-and-drawdown',
          { taxFreeCashPence: 3_000_001 },
          { lumpSumAllowanceRemainingPence: 3_000_000 },
        ),
      ),
    ).toBe('lump_sum_out_of_range');
  });

  it('(a) all as cash: £46,600 tax-free, £139,800 taxed in one year: 7,540 + 34,976 + 6,597 = £49,113', () => {
    expect(option('all-cash')).toMatchObject({
      eligible: true,
      taxFreeCashPence: 4_660_000,
      taxableCashPence: 13_980_000,
      cashTaxPence: 4_911_300,
      cashAfterTaxPence: 13_728_700,
      yearlyIncomePence: 0,
      potLeftInvestedPence: 0,
      lumpSumAllowanceUsedPence: 4_660_000,
      mpaaApplies: true,
    });
  });

  it('(b) cash + drawdown at £20,000 a year: tax (20,000 − 12,570) × 20% = £1,486, £18,514 after tax', () => {
    const figures = option('cash-and-drawdown', { drawdownIncomePence: 2_000_000 });
    expect(figures).toMatchObject({
      taxFreeCashPence: 4_660_000,
      taxableCashPence: 0,
      yearlyIncomePence: 2_000_000,
      yearlyIncomeTaxPence: 148_600,
      yearlyIncomeAfterTaxPence: 1_851_400,
      mpaaApplies: true,
      choice: { code: 'cash-and-drawdown', taxFreeCashPence: 4_660_000, drawdownIncomePence: 2_000_000 },
    });
    expect(figures.drawdown).toMatchObject({
      potPence: 13_980_000,
      growthAfterCharges: 0.035,
      charges: 0.004,
    });
  });

  it('(b) £12,000 a year from £139,800 at 3.5% lasts 178 months, to 79 years 10 months', () => {
    // W = £1,000 a month, r = 1.035^(1/12) − 1 = 0.0028709; steady level S = W(1 + r)/r = £349,316;
    // months = floor(ln((S − W)/(S − £139,800)) / ln(1 + r)) + 1 = floor(ln(348,316/209,516)/0.0028668) + 1
    //        = floor(177.3) + 1 = 178.
    const { drawdown } = option('cash-and-drawdown', { drawdownIncomePence: 1_200_000 });
    expect(drawdown).toMatchObject({ lastsMonths: 178, lastsUntilAge: { years: 79, months: 10 } });
    const series = drawdown!.potByAge;
    expect(series[0]).toEqual({ age: 65, date: '2027-01-15', potPence: 13_980_000 });
    // A year on: (139,800 − 12,000) grown a year ≈ 132,273 less a little for the income paid through the year.
    expect(series[1]!.potPence).toBe(13_246_670);
    expect(series.at(-1)).toEqual({ age: 80, date: '2042-01-15', potPence: 0 });
    expect(series.at(-2)!.age).toBe(79);
  });

  it('(b) the default income is 4% of the pot drawn from: 4% × £139,800 = £5,592, untaxed under the allowance', () => {
    expect(option('cash-and-drawdown')).toMatchObject({
      yearlyIncomePence: 559_200,
      yearlyIncomeTaxPence: 0,
      yearlyIncomeAfterTaxPence: 559_200,
    });
  });

  it('(c) cash + single-life level annuity: £139,800 × 0.066 = £9,226.80 a year, no MPAA', () => {
    expect(option('cash-and-annuity')).toMatchObject({
      taxFreeCashPence: 4_660_000,
      yearlyIncomePence: 922_680,
      yearlyIncomeAfterTaxPence: 922_680,
      mpaaApplies: false,
      annuity: {
        potPence: 13_980_000,
        lives: 'single',
        escalation: 'level',
        rate: 0.066,
        yearlyIncrease: null,
      },
    });
  });

  it('(c) joint-life increasing with £20,000 cash: £166,400 × 0.038 = £6,323.20, rising 3% a year', () => {
    expect(
      option('cash-and-annuity', {
        taxFreeCashPence: 2_000_000,
        annuityLives: 'joint',
        annuityEscalation: 'increasing',
      }),
    ).toMatchObject({
      taxFreeCashPence: 2_000_000,
      yearlyIncomePence: 632_320,
      annuity: { rate: 0.038, yearlyIncrease: 0.03, ratesAsAt: '2026-01-01' },
    });
  });

  it('(c) a rate between table ages is interpolated: 67 years 6 months single level = 0.066 + ½ × 0.010 = 0.071', () => {
    expect(annuityRateFor(mdc, 'single', 'level', { years: 67, months: 6 }).rate).toBe(0.071);
  });

  it('(d) £40,000 now: £10,000 tax-free, £30,000 taxed (30,000 − 12,570) × 20% = £3,486; £146,400 stays invested', () => {
    expect(option('cash-now-rest-invested', { cashNowPence: 4_000_000 })).toMatchObject({
      taxFreeCashPence: 1_000_000,
      taxableCashPence: 3_000_000,
      cashTaxPence: 348_600,
      cashAfterTaxPence: 3_651_400,
      potLeftInvestedPence: 14_640_000,
      lumpSumAllowanceUsedPence: 1_000_000,
      mpaaApplies: true,
    });
  });

  it('(d) cash now must leave something invested', () => {
    expect(refusal(() => option('cash-now-rest-invested', { cashNowPence: 18_640_000 }))).toBe(
      'cash_now_out_of_range',
    );
    expect(refusal(() => option('cash-now-rest-invested', { cashNowPence: 0 }))).toBe(
      'cash_now_out_of_range',
    );
  });

  it('(e) leave it all invested: nothing now, £186,400 invested, no MPAA', () => {
    expect(option('leave-invested')).toMatchObject({
      taxFreeCashPence: 0,
      cashAfterTaxPence: 0,
      yearlyIncomePence: 0,
      potLeftInvestedPence: 18_640_000,
      mpaaApplies: false,
    });
  });

  it('(f) half annuity, half drawdown: £69,900 × 0.066 = £4,613.40 plus 4% × £69,900 = £2,796 = £7,409.40', () => {
    const figures = option('annuity-and-drawdown');
    expect(figures).toMatchObject({
      taxFreeCashPence: 4_660_000,
      yearlyIncomePence: 740_940,
      yearlyIncomeTaxPence: 0,
      mpaaApplies: true,
      annuity: { potPence: 6_990_000, yearlyIncomePence: 461_340 },
      drawdown: { potPence: 6_990_000, yearlyIncomePence: 279_600 },
      choice: { annuityPercent: 50, annuityLives: 'single', annuityEscalation: 'level' },
    });
  });

  it('(f) on top of a £12,547.60 State Pension: (12,547.60 + 7,409.40 − 12,570) × 20% = £1,477.40', () => {
    const figures = option(
      'annuity-and-drawdown',
      {},
      { tax: { rates, regime: 'rest-of-uk', otherIncomePence: 1_254_760 } },
    );
    expect(figures).toMatchObject({ yearlyIncomeTaxPence: 147_740, yearlyIncomeAfterTaxPence: 593_200 });
  });

  it('Scottish rates: £20,000 of drawdown income pays 3,967 × 19% + 3,463 × 20% = £1,446.33', () => {
    const figures = option(
      'cash-and-drawdown',
      { drawdownIncomePence: 2_000_000 },
      { tax: { rates, regime: 'scotland', otherIncomePence: 0 } },
    );
    expect(figures.yearlyIncomeTaxPence).toBe(144_633);
  });

  it('a pot of £9,000 offers the small-pot lump sum: £2,250 tax-free, £6,750 taxable, no MPAA, no allowance used', () => {
    const small = option('small-pot', {}, { potPence: 900_000 });
    expect(small).toMatchObject({
      eligible: true,
      taxFreeCashPence: 225_000,
      taxableCashPence: 675_000,
      cashTaxPence: 0,
      cashAfterTaxPence: 900_000,
      lumpSumAllowanceUsedPence: 0,
      mpaaApplies: false,
    });
    expect(dcExploreContext(basis({ potPence: 900_000 })).smallPot).toBe(true);
    // With a £12,547.60 State Pension: (12,547.60 + 6,750 − 12,570) × 20% = £1,345.52.
    expect(
      option(
        'small-pot',
        {},
        { potPence: 900_000, tax: { rates, regime: 'rest-of-uk', otherIncomePence: 1_254_760 } },
      ).cashTaxPence,
    ).toBe(134_552);
  });

  it('a pot over £10,000 lists the small-pot lump sum as not open, and compare refuses it', () => {
    expect(option('small-pot')).toMatchObject({ eligible: false, taxFreeCashPence: 0 });
    expect(option('small-pot').notEligibleReason).toMatch(/£10,000 or less/);
    expect(refusal(() => compareDcOptions(basis(), [{ code: 'small-pot' }, { code: 'all-cash' }]))).toBe(
      'option_not_eligible',
    );
  });

  it('explore answers every option; the sums are exact in pence', () => {
    const all = exploreDcOptions(basis(), { taxFreeCashPence: 3_333_333 });
    expect(all.map((o) => o.code)).toEqual([
      'all-cash',
      'small-pot',
      'cash-and-drawdown',
      'cash-and-annuity',
      'cash-now-rest-invested',
      'leave-invested',
      'annuity-and-drawdown',
    ]);
    const mix = all.find((o) => o.code === 'annuity-and-drawdown')!;
    expect(mix.taxFreeCashPence + mix.annuity!.potPence + mix.drawdown!.potPence).toBe(18_640_000);
    for (const o of all) {
      expect(Number.isInteger(o.yearlyIncomeAfterTaxPence)).toBe(true);
      expect(o.yearlyIncomePence - o.yearlyIncomeTaxPence).toBe(o.yearlyIncomeAfterTaxPence);
    }
  });

  it('a scheme without joint or increasing rates offers only the single-life level annuity', () => {
    const plain = parseSchemeConfig({ ...structuredClone(mdc), annuityRateTables: null }) as DcSchemeConfig;
    expect(annuityRateFor(plain, 'single', 'level', { years: 65, months: 0 }).rate).toBe(0.066);
    expect(refusal(() => annuityRateFor(plain, 'joint', 'level', { years: 65, months: 0 }))).toBe(
      'option_not_eligible',
    );
  });
});

describe('against the PLSA Retirement Living Standards (2024/25)', () => {
  const standards = {
    year: '2024/25',
    source: 'PLSA',
    levels: [
      { level: 'minimum' as const, singlePence: 1_340_000, couplePence: 2_160_000 },
      { level: 'moderate' as const, singlePence: 3_170_000, couplePence: 4_390_000 },
      { level: 'comfortable' as const, singlePence: 4_390_000, couplePence: 6_060_000 },
    ],
  };

  it('£31,700 after tax reaches moderate for one person, only minimum for a couple', () => {
    expect(againstLivingStandards(3_170_000, standards, 'single').reaches).toBe('moderate');
    const couple = againstLivingStandards(3_170_000, standards, 'couple');
    expect(couple.reaches).toBe('minimum');
    expect(couple.againstStandards).toEqual([
      { level: 'minimum', standardPence: 2_160_000, differencePence: 1_010_000 },
      { level: 'moderate', standardPence: 4_390_000, differencePence: -1_220_000 },
      { level: 'comfortable', standardPence: 6_060_000, differencePence: -2_890_000 },
    ]);
  });

  it('a penny under the minimum reaches none', () => {
    expect(againstLivingStandards(1_339_999, standards, 'single').reaches).toBeNull();
  });
});

describe('DC options: invariants', () => {
  const choices = fc.record({
    taxFreeCashShare: fc.double({ min: 0, max: 1, noNaN: true }),
    drawdownIncomePence: fc.integer({ min: 0, max: 20_000_000 }),
    annuityPercent: fc.integer({ min: 1, max: 99 }),
    otherIncomePence: fc.integer({ min: 0, max: 30_000_000 }),
    regime: fc.constantFrom('rest-of-uk' as const, 'scotland' as const),
    potPence: fc.integer({ min: 0, max: 500_000_000 }),
    lsaLeft: fc.integer({ min: 0, max: 26_827_500 }),
    months: fc.integer({ min: 0, max: 11 }),
  });

  it('every default answers; figures are whole pence and add up exactly', () => {
    fc.assert(
      fc.property(choices, (c) => {
        const b = basis({
          potPence: c.potPence,
          lumpSumAllowanceRemainingPence: c.lsaLeft,
          ageAtRetirement: { years: 60, months: c.months },
          tax: { rates, regime: c.regime, otherIncomePence: c.otherIncomePence },
        });
        const max = dcExploreContext(b).taxFreeCash.maximumPence;
        const all = exploreDcOptions(b, {
          taxFreeCashPence: Math.floor(max * c.taxFreeCashShare),
          drawdownIncomePence: c.drawdownIncomePence,
          annuityPercent: c.annuityPercent,
        });
        for (const o of all) {
          for (const value of [
            o.taxFreeCashPence,
            o.taxableCashPence,
            o.cashTaxPence,
            o.yearlyIncomeTaxPence,
          ])
            expect(Number.isInteger(value) && value >= 0).toBe(true);
          expect(o.taxFreeCashPence).toBeLessThanOrEqual(Math.max(max, Math.floor(c.potPence / 4)));
          expect(o.yearlyIncomePence - o.yearlyIncomeTaxPence).toBe(o.yearlyIncomeAfterTaxPence);
          expect(o.cashTaxPence).toBeLessThanOrEqual(o.taxableCashPence);
          if (!o.eligible) continue;
          const used =
            o.taxFreeCashPence +
            o.taxableCashPence +
            o.potLeftInvestedPence +
            (o.annuity?.potPence ?? 0) +
            (o.drawdown?.potPence ?? 0);
          expect(used).toBe(c.potPence);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tax never falls as income rises and never takes more than the top rate of the rise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('rest-of-uk' as const, 'scotland' as const),
        (income, rise, regime) => {
          const before = incomeTaxPence(income, rates, regime);
          const after = incomeTaxPence(income + rise, rates, regime);
          expect(after).toBeGreaterThanOrEqual(before);
          // The taper makes the marginal rate up to 1.5 × the band rate (60% or 63%), plus a penny of rounding.
          expect(after - before).toBeLessThanOrEqual(Math.ceil(rise * 0.72) + 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
