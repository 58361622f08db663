import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  CalculationError,
  calculateDbQuote,
  dbLumpSumOption,
  dbMemberSchema,
  fromDayNumber,
  getDbSchemeConfig,
  isoDate,
  revaluation,
  revaluedTranches,
  toDayNumber,
  type DbMemberInput,
} from '../src';

const d = isoDate;
const mdb = getDbSchemeConfig('MDB');
const bdb = getDbSchemeConfig('BDB');
const member = (input: DbMemberInput) => dbMemberSchema.parse(input);

describe('revaluation in deferment', () => {
  it('compounds capped CPI over complete years only', () => {
    // 30 Sep 2019 → 15 Jun 2026: 6 complete years ending 2020 … 2025.
    // CPI 1.7%, 0.5%, 3.1%, 10.1%, 6.7%, 1.7%; capped at 5%: 1.017 × 1.005 × 1.031 × 1.05 × 1.05 × 1.017
    const r = revaluation(d('2019-09-30'), d('2026-06-15'), 5, mdb.revaluation);
    expect(r.years).toBe(6);
    expect(r.steps.map((s) => s.applied)).toEqual([0.017, 0.005, 0.031, 0.05, 0.05, 0.017]);
    expect(r.factor).toBe(1.181531);
  });

  it('floors negative CPI at zero and uses the assumption for future years', () => {
    const r = revaluation(d('2015-06-01'), d('2028-06-01'), 2.5, mdb.revaluation);
    expect(r.steps[0]).toEqual({ year: 2016, cpi: -0.001, applied: 0 });
    expect(r.steps.at(-1)).toEqual({ year: 2028, cpi: 0.025, applied: 0.025 });
  });
});

describe('a deferred pension revalued to a date', () => {
  it('revalues each tranche under its own cap, in the scheme order', () => {
    const held = [
      { code: 'POST09', annualPensionPence: 200_000 },
      { code: 'PRE09', annualPensionPence: 100_000 },
    ];
    // The years ending 2020 … 2025; PRE09 capped at 5% (1.181531, above), POST09 at 2.5%:
    // 1.017 × 1.005 × 1.025 × 1.025 × 1.025 × 1.017 = 1.119385.
    expect(revaluedTranches(mdb, held, d('2019-09-30'), d('2026-06-15'))).toEqual([
      {
        code: 'PRE09',
        label: 'Pension built up before 6 April 2009',
        heldPence: 100_000,
        revaluedPence: 118_153,
      },
      {
        code: 'POST09',
        label: 'Pension built up from 6 April 2009',
        heldPence: 200_000,
        revaluedPence: 223_877,
      },
    ]);
  });

  it('takes a cap the record sets for a tranche, and refuses a tranche the scheme does not have', () => {
    const capped = [{ code: 'PRE09', annualPensionPence: 100_000, revaluationCapPercent: 0 }];
    expect(revaluedTranches(mdb, capped, d('2019-09-30'), d('2026-06-15'))[0]!.revaluedPence).toBe(100_000);
    expect(() =>
      revaluedTranches(mdb, [{ code: 'GMP', annualPensionPence: 1 }], d('2019-09-30'), d('2026-06-15')),
    ).toThrow(CalculationError);
  });
});

describe('DB quotes (worked examples, docs/calculations.md)', () => {
  it('example 1: deferred member retiring at NRD', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Deferred',
        dateOfBirth: '1961-06-15',
        dateLeftScheme: '2019-09-30',
        benefits: {
          tranches: [
            { code: 'PRE09', annualPensionPence: 600_000 },
            { code: 'POST09', annualPensionPence: 900_000 },
          ],
        },
      }),
      mdb,
      { today: d('2026-01-10') },
    );
    expect(quote.effectiveDate).toBe('2026-06-15');
    expect(quote.adjustment).toEqual({ kind: 'none', months: 0, factor: 1 });
    // PRE09: 600,000 × 1.181531 = 708,918.6 → 708,919. POST09 (2.5% cap): 1.017 × 1.005 × 1.025³ × 1.017
    // = 1.119385; 900,000 × 1.119385 = 1,007,446.5 → 1,007,447 (half up)
    expect(quote.tranches.map((t) => [t.code, t.revaluationFactor, t.fullPensionPence])).toEqual([
      ['PRE09', 1.181531, 708_919],
      ['POST09', 1.119385, 1_007_447],
    ]);
    expect(quote.fullPensionPence).toBe(1_716_366);
    // CF 12 at 65; 20 × 1,716,366 × 12 / 56 = 7,355,854.29 → 7,355,854
    expect(quote.commutationFactor).toBe(12);
    expect(quote.lumpSum).toEqual({
      minimumPence: 0,
      maximumPence: 7_355_854,
      hmrcLimitPence: 7_355_854,
      limitedBy: 'hmrc-25-percent',
    });
    const max = quote.options.find((o) => o.kind === 'maximum-lump-sum')!;
    // 7,355,854 / 12 = 612,987.83 → 612,987 given up; 1,716,366 − 612,987 = 1,103,379
    expect(max).toMatchObject({ pensionGivenUpPence: 612_987, residualPensionPence: 1_103_379 });
    expect(max.tranches.reduce((s, t) => s + t.annualPensionPence, 0)).toBe(1_103_379);
    expect(quote.options[0]).toMatchObject({
      kind: 'full-pension',
      lumpSumPence: 0,
      residualPensionPence: 1_716_366,
    });
    // first payment 28 July 2026 (Tuesday); lump sum 10 working days after Monday 15 June
    expect(quote.payments).toEqual({ firstPaymentDate: '2026-07-28', lumpSumPaymentDate: '2026-06-29' });
    expect(quote.basis).toBe('meridian-pensions/1.0 MDB@2026.1');
  });

  it('example 2: early retirement at 60 with AVCs taken as cash first', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Deferred',
        dateOfBirth: '1966-03-31',
        dateLeftScheme: '2016-03-31',
        benefits: {
          tranches: [
            { code: 'PRE09', annualPensionPence: 420_000 },
            { code: 'POST09', annualPensionPence: 1_310_000 },
          ],
          avcFundPence: 3_845_000,
        },
      }),
      mdb,
      { today: d('2026-02-01'), retirementDate: d('2026-03-31') },
    );
    // 10 complete years to 31 Mar 2026. PRE09 factor 1.306475: 420,000 × 1.306475 = 548,719.5 → 548,720.
    // POST09 factor 1.216322: 1,310,000 × 1.216322 = 1,593,381.82 → 1,593,382.
    expect(quote.tranches.map((t) => t.revaluedPence)).toEqual([548_720, 1_593_382]);
    // 60 months early → factor 0.802: 440,073.44 → 440,073 and 1,277,892.36 → 1,277,892
    expect(quote.adjustment).toEqual({ kind: 'early', months: 60, factor: 0.802 });
    expect(quote.fullPensionPence).toBe(1_717_965);
    // CF 13.8 at 60; L = 20 × (1,717,965 × 13.8 + 3,845,000) / 61.4 = 8,974,891.53 → 8,974,891
    expect(quote.lumpSum.maximumPence).toBe(8_974_891);
    const max = quote.options.find((o) => o.kind === 'maximum-lump-sum')!;
    // £38,450 from AVCs; 5,129,891 / 13.8 = 371,731.23 → 371,731 given up
    expect(max).toMatchObject({
      fromAvcPence: 3_845_000,
      fromCommutationPence: 5_129_891,
      pensionGivenUpPence: 371_731,
      residualPensionPence: 1_346_234,
      avcRemainingPence: 0,
    });
    // full pension option still pays the AVC fund as cash
    expect(quote.options[0]).toMatchObject({
      kind: 'full-pension',
      lumpSumPence: 3_845_000,
      pensionGivenUpPence: 0,
    });
    // with AVCs the lump sum is 10 calendar days later: Friday 10 April 2026
    expect(quote.payments.lumpSumPaymentDate).toBe('2026-04-10');
  });

  it('example 3: Bluewater, compound early reduction, capped by the Lump Sum Allowance', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Deferred',
        dateOfBirth: '1969-08-20',
        dateLeftScheme: '2021-01-31',
        lumpSumAllowanceUsedPence: 20_000_000,
        benefits: {
          tranches: [
            { code: 'PRE09', annualPensionPence: 2_000_000 },
            { code: 'POST09', annualPensionPence: 4_000_000 },
          ],
        },
      }),
      bdb,
      { today: d('2026-03-01'), retirementDate: d('2026-09-20'), requestedLumpSumPence: 5_000_000 },
    );
    // 5 years 2022–2026; 35 months before NRD 20 Aug 2029 → 0.95^(35/12) = 0.86105 → 0.8610
    expect(quote.adjustment).toEqual({ kind: 'early', months: 35, factor: 0.861 });
    expect(quote.tranches.map((t) => [t.revaluationFactor, t.revaluedPence, t.fullPensionPence])).toEqual([
      [1.199929, 2_399_858, 2_066_278],
      [1.122578, 4_490_312, 3_866_159],
    ]);
    // age 57y1m: 17 − 2 × (2 1/12) / 5 = 16.16667 → 16.1667
    expect(quote.commutationFactor).toBe(16.1667);
    expect(quote.lumpSumAllowanceRemainingPence).toBe(6_827_500);
    expect(quote.lumpSum).toMatchObject({ maximumPence: 6_827_500, limitedBy: 'lump-sum-allowance' });
    const requested = quote.options.find((o) => o.kind === 'requested-lump-sum')!;
    // 5,000,000 / 16.1667 = 309,277.1 → 309,277
    expect(requested).toMatchObject({ pensionGivenUpPence: 309_277, residualPensionPence: 5_623_160 });
    expect(quote.payments).toEqual({ firstPaymentDate: '2026-10-15', lumpSumPaymentDate: '2026-09-29' });
  });

  it('example 4: late retirement increase after NRD', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Deferred',
        dateOfBirth: '1959-05-10',
        dateLeftScheme: '2010-05-10',
        benefits: {
          tranches: [
            { code: 'PRE09', annualPensionPence: 500_000 },
            { code: 'POST09', annualPensionPence: 300_000 },
          ],
        },
      }),
      mdb,
      { today: d('2026-01-05') },
    );
    expect(quote.effectiveDate).toBe('2026-01-05'); // NRD 10 May 2024 has passed
    // revalued for the 14 years to NRD only, then 19 complete months late: 1.05^(19/12) = 1.0803
    expect(quote.tranches.map((t) => [t.revaluationFactor, t.revaluedPence])).toEqual([
      [1.423091, 711_546],
      [1.299591, 389_877],
    ]);
    expect(quote.adjustment).toEqual({ kind: 'late', months: 19, factor: 1.0803 });
    expect(quote.fullPensionPence).toBe(768_683 + 421_184);
    // 66y7m: 12 − 1.6 × (1 7/12) / 5 = 11.4933
    expect(quote.commutationFactor).toBe(11.4933);
    expect(quote.lumpSum.maximumPence).toBe(5_020_383);
  });

  it('example 5: active member with future service to NRD', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Active',
        dateOfBirth: '1985-12-01',
        benefits: {
          tranches: [
            { code: 'PRE09', annualPensionPence: 0 },
            { code: 'POST09', annualPensionPence: 1_120_000 },
          ],
          finalPensionableSalaryPence: 5_200_000,
          accrualRate: '1/60',
        },
      }),
      mdb,
      { today: d('2026-01-15') },
    );
    // 298 complete months to 1 Dec 2050: 5,200,000 × 298 / 12 / 60 = 2,152,222.2 → 2,152,222
    expect(quote.tranches[1]).toMatchObject({
      revaluationFactor: 1,
      futureAccrualPence: 2_152_222,
      fullPensionPence: 3_272_222,
    });
    expect(quote.fullPensionPence).toBe(3_272_222);
    expect(quote.assumptions[0]).toMatch(/Future service/);
  });

  it('recalculates the lump sum for any amount in range', () => {
    const quote = calculateDbQuote(
      member({
        status: 'Deferred',
        dateOfBirth: '1961-06-15',
        dateLeftScheme: '2019-09-30',
        benefits: { tranches: [{ code: 'POST09', annualPensionPence: 1_200_000 }] },
      }),
      mdb,
      { today: d('2026-01-10') },
    );
    expect(dbLumpSumOption(quote, 1_200_000)).toMatchObject({ pensionGivenUpPence: 100_000 });
    expect(() => dbLumpSumOption(quote, quote.lumpSum.maximumPence + 1)).toThrow(CalculationError);
  });
});

describe('DB quote validation', () => {
  const deferred = member({
    status: 'Deferred',
    dateOfBirth: '1975-05-01',
    dateLeftScheme: '2015-01-01',
    protectedPensionAge: null,
    benefits: { tranches: [{ code: 'PRE09', annualPensionPence: 100_000 }] },
  });
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as CalculationError).code;
    }
    return 'none';
  };

  it('refuses dates outside the scheme and tax rules', () => {
    const today = d('2026-01-01');
    expect(code(() => calculateDbQuote(deferred, mdb, { today, retirementDate: d('2025-12-31') }))).toBe(
      'retirement_date_in_past',
    );
    expect(code(() => calculateDbQuote(deferred, mdb, { today, retirementDate: d('2050-05-02') }))).toBe(
      'retirement_date_after_latest',
    );
    // ERD is 1 May 2030 but born after 5 April 1973 the member must wait for 57 (1 May 2032)
    expect(code(() => calculateDbQuote(deferred, mdb, { today, retirementDate: d('2030-05-01') }))).toBe(
      'below_minimum_pension_age',
    );
    const protectedMember = { ...deferred, protectedPensionAge: 55 };
    // a protected age of 50 satisfies the tax rule at 54, but not the scheme's earliest age of 55
    expect(
      code(() =>
        calculateDbQuote({ ...deferred, protectedPensionAge: 50 }, mdb, {
          today,
          retirementDate: d('2030-04-30'),
        }),
      ),
    ).toBe('retirement_date_before_earliest');
    expect(
      calculateDbQuote(protectedMember, mdb, { today, retirementDate: d('2030-05-01') }).adjustment.months,
    ).toBe(120);
  });

  it('refuses unknown tranches and pensioners', () => {
    const odd = member({ ...deferred, benefits: { tranches: [{ code: 'GMP', annualPensionPence: 1 }] } });
    expect(code(() => calculateDbQuote(odd, mdb, { today: d('2026-01-01') }))).toBe('invalid_member');
    expect(
      code(() => calculateDbQuote({ ...deferred, status: 'Pensioner' }, mdb, { today: d('2026-01-01') })),
    ).toBe('invalid_member');
  });
});

describe('DB quote invariants', () => {
  const day = (from: string, to: string) =>
    fc.integer({ min: toDayNumber(d(from)), max: toDayNumber(d(to)) }).map(fromDayNumber);

  it('keeps every option within its caps and every pension non-negative', () => {
    fc.assert(
      fc.property(
        day('1952-01-01', '1990-12-31'),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 30_000_000 }),
        fc.constantFrom(mdb, bdb),
        fc.integer({ min: 0, max: 18 * 12 - 1 }),
        (dob, pre, post, avc, used, scheme, monthsAfterMinimum) => {
          const today = d('2026-01-01');
          const m = member({
            status: 'Deferred',
            dateOfBirth: dob,
            dateLeftScheme: '2012-04-01',
            lumpSumAllowanceUsedPence: used,
            benefits: {
              tranches: [
                { code: 'PRE09', annualPensionPence: pre },
                { code: 'POST09', annualPensionPence: post },
              ],
              avcFundPence: avc,
            },
          });
          // from the 57th birthday (minimum pension age for everyone here) up to the 75th
          const retirementDate = addMonths(dob, 57 * 12 + monthsAfterMinimum);
          fc.pre(retirementDate >= today && pre + post + avc > 0);
          const quote = calculateDbQuote(m, scheme, { today, retirementDate });
          expect(quote.lumpSum.maximumPence).toBeLessThanOrEqual(quote.lumpSumAllowanceRemainingPence);
          for (const option of quote.options) {
            expect(option.lumpSumPence).toBeLessThanOrEqual(quote.lumpSum.maximumPence);
            expect(option.residualPensionPence).toBeGreaterThanOrEqual(0);
            expect(option.tranches.every((t) => t.annualPensionPence >= 0)).toBe(true);
            expect(option.tranches.reduce((s, t) => s + t.annualPensionPence, 0)).toBe(
              option.residualPensionPence,
            );
          }
        },
      ),
    );
  });
});
