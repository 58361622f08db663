import { describe, expect, it } from 'vitest';
import {
  calculateDbQuote,
  dbMemberSchema,
  dbServiceRecord,
  earliestRetirement,
  getDbSchemeConfig,
  isoDate,
  planningAges,
  planningRange,
  retirementDates,
  type DbMemberInput,
} from '../src';

const d = isoDate;
const mdb = getDbSchemeConfig('MDB');
const today = d('2026-06-01');

/** Like the demo's db.active: 40, still paying in, £11,200 a year built up, £52,000 salary, 1/60ths. */
const active = (extra: Partial<DbMemberInput['benefits']> = {}) =>
  dbMemberSchema.parse({
    status: 'Active',
    dateOfBirth: '1986-01-15',
    benefits: {
      tranches: [{ code: 'POST09', annualPensionPence: 1_120_000 }],
      finalPensionableSalaryPence: 5_200_000,
      accrualRate: '1/60',
      ...extra,
    },
  });

describe('the dates a member can plan for', () => {
  const dates = retirementDates(d('1986-01-15'), mdb.ages);

  it('runs from the minimum pension age to the latest retirement age, with no application window', () => {
    // MDB's earliest age is 55 (15 Jan 2041), but that is after 6 April 2028, when the normal minimum pension
    // age is 57: the earliest is the 57th birthday, 15 Jan 2043. The latest is the 75th, 15 Jan 2061.
    expect(planningRange(dates, today)).toEqual({ from: '2043-01-15', to: '2061-01-15', open: true });
    expect(earliestRetirement(d('1986-01-15'), mdb.ages, dates)).toEqual({
      reason: 'minimum-pension-age',
      normalMinimumPensionAge: 57,
    });
  });

  it('offers each birthday from 57 to 75', () => {
    const ages = planningAges(d('1986-01-15'), planningRange(dates, today));
    expect(ages.map((entry) => entry.age)).toEqual([
      57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75,
    ]);
    expect(ages[3]).toEqual({ age: 60, date: '2046-01-15' });
  });

  it('starts tomorrow for a member already past the earliest date, and skips a birthday already gone', () => {
    // Born 10 March 1966: 60 on 10 March 2026, before today; the range starts on 2 June 2026.
    const older = retirementDates(d('1966-03-10'), mdb.ages);
    const range = planningRange(older, today);
    expect(range).toEqual({ from: '2026-06-02', to: '2041-03-10', open: true });
    expect(planningAges(d('1966-03-10'), range)[0]).toEqual({ age: 61, date: '2027-03-10' });
  });

  it('is closed once the latest retirement date has passed', () => {
    const range = planningRange(retirementDates(d('1950-01-01'), mdb.ages), today);
    expect(range.open).toBe(false);
    expect(planningAges(d('1950-01-01'), range)).toEqual([]);
  });

  it('names a protected pension age that lets the member go before the law’s age', () => {
    // Born 1 May 1975 with a protected age of 55: 55 on 1 May 2030, after the rise to 57.
    const protectedDates = retirementDates(d('1975-05-01'), mdb.ages, 55);
    expect(protectedDates.earliest).toBe('2030-05-01');
    expect(earliestRetirement(d('1975-05-01'), mdb.ages, protectedDates, 55).reason).toBe(
      'protected-pension-age',
    );
    // Born 1 May 1970, 55 on 1 May 2025: before the rise, so the scheme's own age sets it.
    const before = retirementDates(d('1970-05-01'), mdb.ages);
    expect(earliestRetirement(d('1970-05-01'), mdb.ages, before)).toEqual({
      reason: 'scheme',
      normalMinimumPensionAge: 55,
    });
  });
});

describe('the salary history a DB record holds', () => {
  it('keeps each salary with the date it applied from, oldest first, and refuses them out of order', () => {
    const history = [
      { from: '2024-04-01', pensionableSalaryPence: 4_900_000 },
      { from: '2025-04-01', pensionableSalaryPence: 5_200_000 },
    ];
    expect(active({ salaryHistory: history }).benefits.salaryHistory).toEqual(history);
    const refused = dbMemberSchema.safeParse({
      status: 'Active',
      dateOfBirth: '1986-01-15',
      benefits: { salaryHistory: [...history].reverse() },
    });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['benefits', 'salaryHistory', 1, 'from'],
      message: 'Each salary must start after the one before it (2025-04-01)',
    });
  });
});

describe('the service and salary a DB pension is built from', () => {
  it('counts service to today while paying in, dates each salary to the next, and gives the accrual a year', () => {
    const record = dbServiceRecord(
      {
        status: 'Active',
        dateJoinedScheme: d('2010-01-15'),
        datePensionableServiceStarted: d('2010-01-15'),
        benefits: active({
          salaryHistory: [
            { from: '2024-04-01', pensionableSalaryPence: 4_900_000 },
            { from: '2025-04-01', pensionableSalaryPence: 5_200_000 },
          ],
        }).benefits,
      },
      today,
    );
    // 15 Jan 2010 → 1 Jun 2026: 16 years 4 months complete.
    expect(record.pensionableService).toEqual({ years: 16, months: 4 });
    expect(record.pensionableServiceTo).toBeNull();
    expect(record.salaryHistory).toEqual([
      { from: '2024-04-01', to: '2025-03-31', pensionableSalaryPence: 4_900_000 },
      { from: '2025-04-01', to: null, pensionableSalaryPence: 5_200_000 },
    ]);
    // 1/60 of £52,000 = £866.666… → £866.67 a year of pension for each year of service.
    expect(record.accrual).toEqual({ rate: '1/60', salaryPence: 5_200_000, pensionPerYearOfServicePence: 86_667 });
  });

  it('stops at the leaving date for a deferred member, whose last salary ends there', () => {
    const record = dbServiceRecord(
      {
        status: 'Deferred',
        dateJoinedScheme: d('1998-09-01'),
        datePensionableServiceStarted: d('1999-09-01'),
        dateLeftScheme: d('2023-02-28'),
        benefits: dbMemberSchema.parse({
          status: 'Deferred',
          dateOfBirth: '1974-04-20',
          benefits: { salaryHistory: [{ from: '2022-04-01', pensionableSalaryPence: 6_800_000 }] },
        }).benefits,
      },
      today,
    );
    // Pensionable service from 1 Sep 1999 (a year after joining) to 28 Feb 2023: 23 years 5 months.
    expect(record).toMatchObject({
      dateJoinedScheme: '1998-09-01',
      pensionableServiceFrom: '1999-09-01',
      pensionableServiceTo: '2023-02-28',
      pensionableService: { years: 23, months: 5 },
      accrual: null,
    });
    expect(record.salaryHistory[0]!.to).toBe('2023-02-28');
  });
});

describe('modelled figures for an active member, worked by hand', () => {
  it('at 60: future service to 60, reduced for 5 years early', () => {
    const quote = calculateDbQuote(active(), mdb, { today, retirementDate: d('2046-01-15') });
    // Future service: 1 Jun 2026 → 15 Jan 2046 = 235 complete months.
    // £52,000 × 235 / 12 / 60 = £16,972.2222 → £16,972.22; with £11,200 built up: £28,172.22.
    expect(quote.tranches[0]).toMatchObject({ heldPence: 1_120_000, futureAccrualPence: 1_697_222 });
    expect(quote.futureService).toEqual({
      from: '2026-06-01',
      to: '2046-01-15',
      months: 235,
      salaryPence: 5_200_000,
      accrualRate: '1/60',
      pensionPence: 1_697_222,
    });
    // 60 months before the normal retirement date (15 Jan 2051): the table's 60-month factor, 0.802.
    expect(quote.adjustment).toEqual({ kind: 'early', months: 60, factor: 0.802 });
    // £28,172.22 × 0.802 = £22,594.12 (22,594.1204).
    expect(quote.fullPensionPence).toBe(2_259_412);
    // Commutation factor at 60: 13.8. Most cash = 20 × P × CF / (3 × CF + 20)
    //   = 20 × £22,594.12 × 13.8 / 61.4 = £101,563.145… → £101,563.14 (rounded down).
    // Pension given up = £101,563.14 / 13.8 = £7,359.647… → £7,359.64; pension left £15,234.48.
    expect(quote.commutationFactor).toBe(13.8);
    const most = quote.options.find((option) => option.kind === 'maximum-lump-sum')!;
    expect(most).toMatchObject({
      lumpSumPence: 10_156_314,
      pensionGivenUpPence: 735_964,
      residualPensionPence: 1_523_448,
    });
  });

  it('at 67: service stops at 65, increased for 2 years late', () => {
    const quote = calculateDbQuote(active(), mdb, { today, retirementDate: d('2053-01-15') });
    // Future service stops at the normal retirement date: 1 Jun 2026 → 15 Jan 2051 = 295 months.
    // £52,000 × 295 / 720 = £21,305.5555 → £21,305.56; with £11,200: £32,505.56.
    expect(quote.tranches[0]!.futureAccrualPence).toBe(2_130_556);
    expect(quote.futureService).toMatchObject({ to: '2051-01-15', months: 295 });
    // 24 months late, 5% a year compound: 1.05² = 1.1025. £32,505.56 × 1.1025 = £35,837.379… → £35,837.38.
    expect(quote.adjustment).toEqual({ kind: 'late', months: 24, factor: 1.1025 });
    expect(quote.fullPensionPence).toBe(3_583_738);
    // Commutation factor at 67, between 12 (65) and 10.4 (70): 12 − 2/5 × 1.6 = 11.36.
    // Most cash = 20 × £35,837.38 × 11.36 / 54.08 = £150,559.40… → £150,559.40;
    // pension given up £150,559.40 / 11.36 = £13,253.46…; pension left £35,837.38 − £13,253.46 = £22,583.92.
    expect(quote.commutationFactor).toBe(11.36);
    expect(quote.options.find((option) => option.kind === 'maximum-lump-sum')).toMatchObject({
      lumpSumPence: 15_055_940,
      pensionGivenUpPence: 1_325_346,
      residualPensionPence: 2_258_392,
    });
  });

  it('takes an AVC fund as tax-free cash first, so less pension is given up', () => {
    const quote = calculateDbQuote(active({ avcFundPence: 3_845_000 }), mdb, {
      today,
      retirementDate: d('2046-01-15'),
    });
    // P = £22,594.12 as above, A = £38,450; 3A ≤ 20P, so most cash = 20 × (P × CF + A) / (3 × CF + 20)
    //   = 20 × (£22,594.12 × 13.8 + £38,450) / 61.4 = 20 × £350,248.856 / 61.4 = £114,087.575… → £114,087.57.
    // From the AVC fund £38,450; by giving up pension £75,637.57, which is £75,637.57 / 13.8 = £5,480.98 a year.
    expect(quote.options.find((option) => option.kind === 'maximum-lump-sum')).toMatchObject({
      lumpSumPence: 11_408_757,
      fromAvcPence: 3_845_000,
      fromCommutationPence: 7_563_757,
      pensionGivenUpPence: 548_098,
      residualPensionPence: 1_711_314,
    });
    // Without cash of their own choosing, the AVC fund is still taken as cash before any pension is given up.
    expect(quote.options.find((option) => option.kind === 'full-pension')).toMatchObject({
      lumpSumPence: 3_845_000,
      fromAvcPence: 3_845_000,
      pensionGivenUpPence: 0,
      residualPensionPence: 2_259_412,
    });
  });
});
