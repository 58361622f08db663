import { describe, expect, it } from 'vitest';
import {
  calculateDbStatement,
  calculateSmpi,
  CalculationError,
  dbMemberSchema,
  dcMemberSchema,
  getDbSchemeConfig,
  getDcSchemeConfig,
  isoDate,
  parseSchemeConfig,
  smpiFund,
  survivorPensionOf,
  tm1AnnuityInterestOn,
  tm1BasisOn,
  type DbMemberInput,
  type DcMemberInput,
  type DcSchemeConfig,
} from '../src';

const d = isoDate;
const mdb = getDbSchemeConfig('MDB');
const mdc = getDcSchemeConfig('MDC');
const dbMember = (input: DbMemberInput) => dbMemberSchema.parse(input);
const dcMember = (input: DcMemberInput) => dcMemberSchema.parse(input);
const tm1 = tm1BasisOn(d('2026-04-05'));
/** The gilt yield for illustrations from 6 April 2026 (4.94% → 5.0%), passed to illustrations dated before. */
const rate2026 = tm1AnnuityInterestOn(d('2026-04-06'));
if (!('interest' in rate2026)) throw new Error(rate2026.missing.message);
const yield2026 = rate2026.interest;

/** MDC with a single fund and the given charge, held alone: every month's rate is known. */
function oneFund(code: string, charge: number): DcSchemeConfig {
  return parseSchemeConfig({
    ...structuredClone(mdc),
    funds: [{ code, name: 'Only Fund', growth: 0.05, charge }],
    strategies: [
      { code: 'ONE', name: 'One fund', glidePath: [{ yearsToTarget: 0, allocation: { [code]: 1 } }] },
    ],
    defaultStrategy: 'ONE',
  }) as DcSchemeConfig;
}

describe('the AS TM1 basis', () => {
  it('is dated configuration: v5.1 from 6 April 2024, 2.5% inflation', () => {
    expect(tm1.version).toBe('AS TM1 v5.1');
    expect(tm1.effectiveFrom).toBe('2024-04-06');
    expect(tm1.inflation).toBe(0.025);
    expect(tm1.volatilityGroups.map((g) => g.accumulationRate)).toEqual([0.02, 0.04, 0.06, 0.07]);
  });

  it('puts each fund in its volatility group, the bounds belonging to the group above', () => {
    const basis = {
      ...tm1,
      funds: [
        { code: 'A', volatilityPercent: 4.99 },
        { code: 'B', volatilityPercent: 5 },
        { code: 'C', volatilityPercent: 14.99 },
        { code: 'D', volatilityPercent: 15 },
        { code: 'E', volatilityPercent: 12, statedRate: 0.045 },
        { code: 'F', volatilityPercent: 1, statedRate: 0.03 },
      ],
    };
    const fund = (code: string) => smpiFund(basis, { code, name: code, charge: 0 });
    expect(['A', 'B', 'C', 'D'].map((c) => [fund(c).volatilityGroup, fund(c).accumulationRate])).toEqual([
      [1, 0.02],
      [2, 0.04],
      [3, 0.06],
      [4, 0.07],
    ]);
    // A stated rate below the group's is used; one above it is not.
    expect(fund('E')).toMatchObject({
      volatilityGroup: 3,
      accumulationRate: 0.045,
      rateFrom: 'scheme-stated',
    });
    expect(fund('F')).toMatchObject({
      volatilityGroup: 1,
      accumulationRate: 0.02,
      rateFrom: 'volatility-group',
    });
    expect(() => fund('Z')).toThrow(CalculationError);
  });

  it('gives the demo funds their groups: equity 14.2% → 3 (6%), cash 0.4% → 1 (2%)', () => {
    expect(smpiFund(tm1, mdc.funds[0]!)).toMatchObject({
      code: 'GLOBAL_EQUITY',
      volatilityGroup: 3,
      accumulationRate: 0.06,
    });
    expect(smpiFund(tm1, mdc.funds[3]!)).toMatchObject({
      code: 'CASH',
      volatilityGroup: 1,
      accumulationRate: 0.02,
    });
  });
});

describe('SMPI', () => {
  it('Example S1: no growth, contributions rising 2.5% a year, deflated and annuitised (worked by hand)', () => {
    // The cash fund (volatility 0.4%, group 1, 2%) less a 2% charge: (1 + 0.02 − 0.02)^(1/12) − 1 = 0.
    // Born 5 Apr 1963, target 65 → 5 Apr 2028; statement 5 Apr 2026: 24 months.
    // £100,000 + 12 × £200 + 12 × (£200 × 1.025 = £205) = £100,000 + £2,400 + £2,460 = £104,860.
    // Today's money: 10,486,000 / 1.025² = 10,486,000 / 1.050625 = 9,980,725.8 → £99,807.26.
    // Age 65y 0m in 2028 at 5%: annuity factor 12.1615 (smpi-annuity.test.ts, Example A3); less the 4%
    // expense allowance: 9,980,726 × 0.96 / 12.1615 = 787,854.87 → £7,878.55 a year; 0.96 / 12.1615 = 0.0789376 → 0.078938.
    const smpi = calculateSmpi(
      dcMember({
        status: 'Active',
        dateOfBirth: '1963-04-05',
        benefits: { potPence: 10_000_000, monthlyContributionPence: 20_000, targetRetirementAge: 65 },
      }),
      oneFund('CASH', 0.02),
      d('2026-04-05'),
      tm1,
      yield2026,
    );
    expect(smpi).toMatchObject({
      retirementDate: '2028-04-05',
      months: 24,
      ageAtRetirement: { years: 65, months: 0 },
      contributionsPence: 486_000,
      projectedPotPence: 10_486_000,
      projectedPotTodaysMoneyPence: 9_980_726,
      annuityRate: 0.078938,
      annualPensionTodaysMoneyPence: 787_855,
    });
    expect(smpi.annuity).toMatchObject({
      factor: 12.1615,
      interestRate: 0.05,
      giltYield: 0.0494,
      yieldAsAt: '2026-01-31',
      referenceDate: '2026-02-15',
      guaranteeYears: 5,
      pensionPer10000Pence: 78_938,
    });
    expect(smpi.funds).toEqual([
      {
        code: 'CASH',
        name: 'Only Fund',
        volatilityPercent: 0.4,
        volatilityGroup: 1,
        accumulationRate: 0.02,
        rateFrom: 'volatility-group',
        charge: 0.02,
      },
    ]);
  });

  it('Example S2: a self-selected fund at 4% with no charge over 12 months (worked by hand)', () => {
    // Diversified growth, volatility 8.1% → group 2, 4%; no charge: r = 1.04^(1/12) − 1 = 0.00327374.
    // Deferred (no contributions), £100,000, 12 months: each month × (1 + r) rounded to the penny gives
    // £104,000.01 (£104,000 exactly but for the 12 roundings, one of which leaves a penny over).
    // Today's money: 10,400,001 / 1.025 = 10,146,342.4 → £101,463.42; at 65, factor 12.1615:
    // 10,146,342 × 0.96 / 12.1615 = 800,928.20 → £8,009.28 a year.
    const smpi = calculateSmpi(
      dcMember({
        status: 'Deferred',
        dateOfBirth: '1962-04-05',
        benefits: {
          potPence: 10_000_000,
          monthlyContributionPence: 50_000,
          targetRetirementAge: 65,
          investment: { funds: [{ code: 'DIVERSIFIED_GROWTH', valuePence: 10_000_000 }] },
        },
      }),
      oneFund('DIVERSIFIED_GROWTH', 0),
      d('2026-04-05'),
      tm1,
      yield2026,
    );
    expect(smpi.monthlyContributionPence).toBe(0);
    expect(smpi.contributionsPence).toBe(0);
    expect(smpi.strategyCode).toBeNull();
    expect(smpi.projectedPotPence).toBe(10_400_001);
    expect(smpi.projectedPotTodaysMoneyPence).toBe(10_146_342);
    expect(smpi.annualPensionTodaysMoneyPence).toBe(800_928);
  });

  it('Example S3: the annuity is priced at the age then, and stated with its basis', () => {
    // Target 66 on 5 Apr 2028: factor 11.8706 at 66 (smpi-annuity.test.ts, Example A3).
    const smpi = calculateSmpi(
      dcMember({
        status: 'Deferred',
        dateOfBirth: '1962-04-05',
        benefits: { potPence: 1_000_000, targetRetirementAge: 66 },
      }),
      oneFund('CASH', 0.02),
      d('2026-04-05'),
      tm1,
      yield2026,
    );
    expect(smpi.annuity.factor).toBe(11.8706);
    // 1,000,000 / 1.025² = 951,814.4 → 951,814; × 0.96 / 11.8706 = 76,975.17 → £769.75.
    expect(smpi.projectedPotTodaysMoneyPence).toBe(951_814);
    expect(smpi.annualPensionTodaysMoneyPence).toBe(76_975);
    const words = smpi.assumptions.join(' ');
    expect(words).toContain('A level pension for your life alone');
    expect(words).toContain(
      'The annuity’s interest rate is 5% a year: the gilt yield of 4.94% on 31 January 2026',
    );
    expect(words).toContain('ONS National life tables, UK, 2022 to 2024, men’s and women’s rates averaged');
    expect(words).toContain(
      'At age 66 the annuity factor is 11.8706: each £10,000 of pot buys a pension of £808.72 a year.',
    );
  });

  it('is not ready, naming the year, when its illustration year has no annuity interest rate', () => {
    const member = dcMember({
      status: 'Deferred',
      dateOfBirth: '1962-04-05',
      benefits: { potPence: 1_000_000 },
    });
    const scheme = oneFund('CASH', 0.02);
    // Before the first configured year, and from 6 April 2027 (2026/27's rate is not reused).
    expect(calculateSmpi(member, scheme, d('2026-04-05'))).toMatchObject({
      kind: 'SMPI not ready',
      statementDate: '2026-04-05',
      missing: { setting: 'annuityInterest', illustrationYear: '2025/26' },
    });
    expect(calculateSmpi(member, scheme, d('2027-04-05'))).toMatchObject({
      kind: 'SMPI',
      annuity: { giltYield: 0.0494, referenceDate: '2026-02-15' },
    });
    expect(calculateSmpi(member, scheme, d('2027-04-06'))).toMatchObject({
      kind: 'SMPI not ready',
      statementDate: '2027-04-06',
      missing: { setting: 'annuityInterest', illustrationYear: '2027/28', illustrationsFrom: '2027-04-06' },
    });
  });

  it('projects a lifestyle pot at TM1 rates, not the scheme’s own growth assumptions', () => {
    const member = dcMember({
      status: 'Active',
      dateOfBirth: '1991-06-01',
      benefits: { potPence: 2_315_000, monthlyContributionPence: 41_000 },
    });
    const smpi = calculateSmpi(member, mdc, d('2026-04-05'), tm1, yield2026);
    expect(smpi.strategyCode).toBe('LIFESTYLE_DRAWDOWN');
    expect(smpi.funds.map((f) => [f.code, f.accumulationRate])).toEqual([
      ['GLOBAL_EQUITY', 0.06],
      ['DIVERSIFIED_GROWTH', 0.04],
      ['CASH', 0.02],
    ]);
    // A basis a point lower in every group projects less.
    const lower = calculateSmpi(
      member,
      mdc,
      d('2026-04-05'),
      {
        ...tm1,
        volatilityGroups: tm1.volatilityGroups.map((g) => ({
          ...g,
          accumulationRate: g.accumulationRate - 0.01,
        })),
      },
      yield2026,
    );
    expect(lower.projectedPotPence).toBeLessThan(smpi.projectedPotPence);
    expect(smpi.projectedPotTodaysMoneyPence).toBeLessThan(smpi.projectedPotPence);
    expect(smpi.assumptions.join(' ')).toContain('AS TM1 v5.1');
  });

  it('illustrates at the statement date when the target has passed', () => {
    const smpi = calculateSmpi(
      dcMember({ status: 'Deferred', dateOfBirth: '1960-01-01', benefits: { potPence: 1_000_000 } }),
      oneFund('CASH', 0.02),
      d('2026-04-05'),
      tm1,
      yield2026,
    );
    expect(smpi.retirementDate).toBe('2026-04-05');
    expect(smpi.months).toBe(0);
    // 66y 3m: factor 11.7981 (smpi-annuity.test.ts, Example A3); 1,000,000 × 0.96 / 11.7981 = £813.69.
    expect(smpi.ageAtRetirement).toEqual({ years: 66, months: 3 });
    expect(smpi.annuity.factor).toBe(11.7981);
    expect(smpi.annualPensionTodaysMoneyPence).toBe(81_369);
  });
});

describe('the DB annual benefit statement', () => {
  it('Example D1: deferred, as docs Example 1, as at 5 April 2026 (worked by hand)', () => {
    // Born 15 Jun 1961, left 30 Sep 2019, PRE09 £6,000, POST09 £9,000. 30 Sep 2019 → 5 Apr 2026 is six
    // complete years (CPI for years ending 2020–2025): PRE09 × 1.181531 = 708,918.6 → £7,089.19,
    // POST09 × 1.119385 = 1,007,446.5 → £10,074.47; built up £17,163.66.
    // NRD 15 Jun 2026 is still six complete years: the same £17,163.66 a year; most cash
    // 20 × 1,716,366 × 12 / 56 → £73,558.54 leaving £11,033.79; spouse 50%: 858,183 → £8,581.83.
    const statement = calculateDbStatement(
      dbMember({
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
      d('2026-04-05'),
    );
    expect(statement).toMatchObject({
      deferredSince: '2019-09-30',
      accrued: [
        { code: 'PRE09', heldPence: 600_000, pensionPence: 708_919 },
        { code: 'POST09', heldPence: 900_000, pensionPence: 1_007_447 },
      ],
      accruedPensionPence: 1_716_366,
      normalRetirementDate: '2026-06-15',
      normalRetirementAge: 65,
      projectedPensionPence: 1_716_366,
      maximumLumpSumPence: 7_355_854,
      residualPensionPence: 1_103_379,
      avcFundPence: 0,
      survivorPensionPence: 858_183,
      survivorPensionPercent: 50,
    });
  });

  it('Example D2: active, as docs Example 5 (worked by hand)', () => {
    // Born 1 Dec 1985, POST09 £11,200 built up, salary £52,000, 1/60ths; statement 15 Jan 2026.
    // Built up: £11,200 (not revalued: it follows salary). 298 complete months to NRD 1 Dec 2050:
    // 5,200,000 × 298 / 12 / 60 = 2,152,222.2 → £21,522.22; £32,722.22 at 65; spouse 50% £16,361.11.
    const statement = calculateDbStatement(
      dbMember({
        status: 'Active',
        dateOfBirth: '1985-12-01',
        benefits: {
          tranches: [{ code: 'POST09', annualPensionPence: 1_120_000 }],
          finalPensionableSalaryPence: 5_200_000,
          accrualRate: '1/60',
        },
      }),
      mdb,
      d('2026-01-15'),
    );
    expect(statement.deferredSince).toBeNull();
    expect(statement.accruedPensionPence).toBe(1_120_000);
    expect(statement.projectedPensionPence).toBe(3_272_222);
    expect(statement.survivorPensionPence).toBe(1_636_111);
    expect(statement.assumptions[0]).toContain('service so far');
  });

  it('names the spouse’s or partner’s pension only where the record shows one (both worked by hand)', () => {
    // As Example D2: £32,722.22 at 65, so 50% is £16,361.11 either way; only the words differ.
    const active = dbMember({
      status: 'Active',
      dateOfBirth: '1985-12-01',
      benefits: {
        tranches: [{ code: 'POST09', annualPensionPence: 1_120_000 }],
        finalPensionableSalaryPence: 5_200_000,
        accrualRate: '1/60',
      },
    });
    const married = calculateDbStatement(active, mdb, d('2026-01-15'), { spouseOrPartnerOnRecord: true });
    expect(married).toMatchObject({ survivorPensionPence: 1_636_111, spouseOrPartnerOnRecord: true });
    expect(married.assumptions.at(-1)).toBe(
      'If you die after your pension starts, your spouse or partner gets 50% of your pension at normal retirement age.',
    );
    const single = calculateDbStatement(active, mdb, d('2026-01-15'), { spouseOrPartnerOnRecord: false });
    expect(single).toMatchObject({ survivorPensionPence: 1_636_111, spouseOrPartnerOnRecord: false });
    expect(single.assumptions.at(-1)).toContain('Our records show no spouse or partner for you.');
    expect(single.assumptions.at(-1)).toContain('a spouse or partner you may have then gets 50%');
    expect(single.assumptions.join(' ')).not.toContain('your spouse or partner gets');

    // A scheme whose rules leave it out where the record shows no spouse or partner.
    const omitting = { ...mdb, survivorPensionWithoutPartner: 'omitted' as const };
    const left = calculateDbStatement(active, omitting, d('2026-01-15'), { spouseOrPartnerOnRecord: false });
    expect(left).toMatchObject({ survivorPensionPence: null, survivorPensionPercent: null });
    expect(left.assumptions.at(-1)).toBe(
      'Our records show no spouse or partner for you, so this statement shows no spouse’s or partner’s pension. Tell us if you marry or have a partner.',
    );
    // ...but names it where the record shows one.
    expect(
      calculateDbStatement(active, omitting, d('2026-01-15'), { spouseOrPartnerOnRecord: true })
        .survivorPensionPence,
    ).toBe(1_636_111);
  });

  it('gives the spouse’s or partner’s pension by the scheme’s rule on the member’s dependants (survivorPensionOf)', () => {
    expect(survivorPensionOf(mdb, 3_272_222, true)).toEqual({ pence: 1_636_111, percent: 50 });
    expect(survivorPensionOf(mdb, 3_272_222, false)).toEqual({ pence: 1_636_111, percent: 50 });
    const omitting = { ...mdb, survivorPensionWithoutPartner: 'omitted' as const };
    expect(survivorPensionOf(omitting, 3_272_222, false)).toBeNull();
    expect(survivorPensionOf(omitting, 3_272_222, true)).toEqual({ pence: 1_636_111, percent: 50 });
    expect(survivorPensionOf({ ...mdb, survivorPensionFraction: 0 }, 3_272_222, true)).toBeNull();
  });

  it('has no statement for a pension in payment', () => {
    expect(() =>
      calculateDbStatement(
        dbMember({ status: 'Pensioner', dateOfBirth: '1958-01-01', benefits: { tranches: [] } }),
        mdb,
        d('2026-04-05'),
      ),
    ).toThrow(CalculationError);
  });
});
