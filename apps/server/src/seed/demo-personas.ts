/** The demo identities fixed by the product brief (section 8). Ages are relative to the seeding day. */
export const DEMO_PASSWORD = 'MeridianDemo!2026';

export interface DemoRecord {
  businessGroup: string;
  referenceNumber: string;
  schemeCode: string;
  category: string;
  status: 'Active' | 'Deferred' | 'Pensioner';
  /** Age on the seeding day as [years, months]. */
  age: [number, number];
  benefits: Record<string, unknown>;
  /** Months since retirement, for pensioners. */
  retiredMonthsAgo?: number;
  /** Months since leaving the scheme, for deferred members. */
  leftMonthsAgo?: number;
  /** Months since joining the scheme, for a record begun later than at 24 (the usual three years' wait). */
  joinedMonthsAgo?: number;
  /** A DB record's pensionable salaries, each from a number of months before the seeding day, oldest first. */
  salaryHistory?: Array<{ monthsAgo: number; pensionableSalaryPence: number }>;
  /** Months since the member was issued a guaranteed transfer quote (worked out by the engine on that day). */
  transferQuoteIssuedMonthsAgo?: number;
  /**
   * Days since the member started applying online to transfer the guaranteed quote above (its lock as the
   * start takes it, at the first page): an application still open whose guarantee may since have ended.
   */
  transferApplicationStartedDaysAgo?: number;
  /** Days since the member asked for a statement of entitlement on /transfer (issued as the route does: demo-transfer.ts). */
  transferStatementAskedDaysAgo?: number;
  /** A DC pot's funds and the monthly contributions that went in (seeded with dates: demo-dc.ts). */
  dc?: DemoDcPot;
}

export interface DemoDcPot {
  /** Each fund's value in pence (together the pot) and unit price in pence; units are worked out from them. */
  funds: Array<{ code: string; valuePence: number; unitPricePence: number }>;
  /** Each month's contribution by the member and the employer (together `monthlyContributionPence`). */
  memberMonthlyPence: number;
  employerMonthlyPence: number;
}

export interface DemoPersona {
  username: string;
  /** False for a member with no portal account yet, who can try registration. */
  registered?: boolean;
  tenantHost: string;
  description: string;
  title: string;
  forenames: string;
  surname: string;
  gender: 'M' | 'F';
  insuranceNumber: string;
  records: DemoRecord[];
}

export const demoSchemes = [
  { code: 'MDB', businessGroup: 'MER', name: 'Meridian Final Salary Section', type: 'DB' as const },
  { code: 'MDC', businessGroup: 'MER', name: 'Meridian Retirement Savings Section', type: 'DC' as const },
  { code: 'BDB', businessGroup: 'BLU', name: 'Bluewater Defined Benefit Plan', type: 'DB' as const },
  {
    code: 'BDC',
    businessGroup: 'BLU',
    name: 'Bluewater Retirement Plan: Savings Section',
    type: 'DC' as const,
  },
];

const pre2009AndPost2009 = (pre: number, post: number) => [
  { code: 'PRE09', annualPensionPence: pre, revaluationCapPercent: 5 },
  { code: 'POST09', annualPensionPence: post, revaluationCapPercent: 2.5 },
];

export const demoPersonas: DemoPersona[] = [
  {
    username: 'db.deferred',
    tenantHost: 'localhost',
    description: 'DB deferred, inside the retirement window (about 60, NRA 65, ERA 55)',
    title: 'Mrs',
    forenames: 'Margaret',
    surname: 'Hughes',
    gender: 'F',
    insuranceNumber: 'AB123456C',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000001',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Deferred',
        age: [60, 2],
        leftMonthsAgo: 84,
        benefits: { tranches: pre2009AndPost2009(612_000, 948_000), finalPensionableSalaryPence: 4_150_000 },
      },
    ],
  },
  {
    username: 'db.retiring',
    tenantHost: 'localhost',
    description: 'DB deferred, inside the retirement window, applying for their pension (about 62, NRA 65)',
    title: 'Mr',
    forenames: 'Peter',
    surname: 'Evans',
    gender: 'M',
    insuranceNumber: 'CE654321A',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000010',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Deferred',
        age: [62, 6],
        leftMonthsAgo: 60,
        benefits: {
          tranches: pre2009AndPost2009(540_000, 1_020_000),
          finalPensionableSalaryPence: 3_890_000,
        },
      },
    ],
  },
  {
    username: 'db.active',
    tenantHost: 'localhost',
    description: 'DB active, far from retirement (about 40)',
    title: 'Mr',
    forenames: 'Daniel',
    surname: 'Okafor',
    gender: 'M',
    insuranceNumber: 'CE234567D',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000002',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Active',
        age: [40, 5],
        benefits: {
          tranches: pre2009AndPost2009(0, 1_120_000),
          finalPensionableSalaryPence: 5_200_000,
          accrualRate: '1/60',
        },
        salaryHistory: [
          { monthsAgo: 50, pensionableSalaryPence: 4_620_000 },
          { monthsAgo: 38, pensionableSalaryPence: 4_780_000 },
          { monthsAgo: 26, pensionableSalaryPence: 4_950_000 },
          { monthsAgo: 14, pensionableSalaryPence: 5_100_000 },
          { monthsAgo: 2, pensionableSalaryPence: 5_200_000 },
        ],
        transferStatementAskedDaysAgo: 10,
      },
    ],
  },
  {
    username: 'db.avc',
    tenantHost: 'localhost',
    description: 'DB deferred with AVCs and a guaranteed transfer quote (about 52)',
    title: 'Ms',
    forenames: 'Priya',
    surname: 'Sharma',
    gender: 'F',
    insuranceNumber: 'JK345678A',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000003',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Deferred',
        age: [52, 7],
        leftMonthsAgo: 40,
        benefits: {
          tranches: pre2009AndPost2009(420_000, 1_310_000),
          finalPensionableSalaryPence: 6_800_000,
          avcFundPence: 3_845_000,
        },
        salaryHistory: [
          { monthsAgo: 76, pensionableSalaryPence: 6_250_000 },
          { monthsAgo: 64, pensionableSalaryPence: 6_480_000 },
          { monthsAgo: 52, pensionableSalaryPence: 6_800_000 },
        ],
        transferQuoteIssuedMonthsAgo: 1,
      },
    ],
  },
  {
    username: 'db.lapsed',
    tenantHost: 'localhost',
    description:
      'DB deferred applying to transfer, whose guarantee ended before the application was sent (about 55)',
    title: 'Mr',
    forenames: 'Graham',
    surname: 'Fletcher',
    gender: 'M',
    insuranceNumber: 'JK556677B',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000011',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Deferred',
        age: [55, 2],
        leftMonthsAgo: 30,
        benefits: {
          tranches: pre2009AndPost2009(380_000, 1_150_000),
          finalPensionableSalaryPence: 5_900_000,
        },
        salaryHistory: [
          { monthsAgo: 66, pensionableSalaryPence: 5_500_000 },
          { monthsAgo: 54, pensionableSalaryPence: 5_720_000 },
          { monthsAgo: 42, pensionableSalaryPence: 5_900_000 },
        ],
        // Guaranteed for 3 months from 4 months ago; the application was started inside the guarantee.
        transferQuoteIssuedMonthsAgo: 4,
        transferApplicationStartedDaysAgo: 60,
      },
    ],
  },
  {
    username: 'db.pensioner',
    tenantHost: 'localhost',
    description: 'Pensioner retired 20 months ago, with payslips, a P60 and an increase',
    title: 'Mr',
    forenames: 'Graham',
    surname: 'Fletcher',
    gender: 'M',
    insuranceNumber: 'LM456789B',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000004',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Pensioner',
        age: [65, 3],
        retiredMonthsAgo: 20,
        benefits: { pensionInPaymentPence: 1_875_000, lumpSumPaidPence: 8_900_000 },
      },
    ],
  },
  {
    username: 'dc.near',
    tenantHost: 'localhost',
    description: 'DC, target retirement in eight months (about 64)',
    title: 'Mrs',
    forenames: 'Helen',
    surname: 'Brooks',
    gender: 'F',
    insuranceNumber: 'NP567890C',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000005',
        schemeCode: 'MDC',
        category: 'DCS',
        status: 'Active',
        age: [64, 4],
        benefits: {
          potPence: 18_640_000,
          monthlyContributionPence: 62_500,
          targetRetirementAge: 65,
          investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
        },
        // Eight months from target, the lifestyle strategy has moved most of the pot out of equities.
        dc: {
          funds: [
            { code: 'GLOBAL_EQUITY', valuePence: 1_248_119, unitPricePence: 287.4312 },
            { code: 'DIVERSIFIED_GROWTH', valuePence: 13_352_911, unitPricePence: 164.0958 },
            { code: 'CASH', valuePence: 4_038_970, unitPricePence: 101.2744 },
          ],
          memberMonthlyPence: 25_000,
          employerMonthlyPence: 37_500,
        },
      },
    ],
  },
  {
    username: 'dc.far',
    tenantHost: 'localhost',
    description: 'DC, far from target (about 35)',
    title: 'Mr',
    forenames: 'Tomasz',
    surname: 'Nowak',
    gender: 'M',
    insuranceNumber: 'PR678901D',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000006',
        schemeCode: 'MDC',
        category: 'DCS',
        status: 'Active',
        age: [35, 1],
        benefits: {
          potPence: 2_315_000,
          monthlyContributionPence: 41_000,
          targetRetirementAge: 65,
          investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
        },
        dc: {
          funds: [{ code: 'GLOBAL_EQUITY', valuePence: 2_315_000, unitPricePence: 287.4312 }],
          memberMonthlyPence: 16_400,
          employerMonthlyPence: 24_600,
        },
      },
    ],
  },
  {
    username: 'linked',
    tenantHost: 'localhost',
    description: 'Linked DB and DC records',
    title: 'Dr',
    forenames: 'Alex',
    surname: 'Morgan',
    gender: 'F',
    insuranceNumber: 'SW789012A',
    records: [
      {
        businessGroup: 'MER',
        referenceNumber: '1000007',
        schemeCode: 'MDB',
        category: 'GEN',
        status: 'Deferred',
        age: [57, 9],
        leftMonthsAgo: 120,
        benefits: { tranches: pre2009AndPost2009(388_000, 214_000), finalPensionableSalaryPence: 3_600_000 },
      },
      {
        businessGroup: 'MER',
        referenceNumber: '1000008',
        schemeCode: 'MDC',
        category: 'DCS',
        status: 'Active',
        age: [57, 9],
        // Moved to the DC section when they left the final salary section.
        joinedMonthsAgo: 120,
        benefits: {
          potPence: 9_720_000,
          monthlyContributionPence: 55_000,
          targetRetirementAge: 65,
          investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
        },
        dc: {
          funds: [
            { code: 'GLOBAL_EQUITY', valuePence: 5_951_873, unitPricePence: 287.4312 },
            { code: 'DIVERSIFIED_GROWTH', valuePence: 3_768_127, unitPricePence: 164.0958 },
          ],
          memberMonthlyPence: 22_000,
          employerMonthlyPence: 33_000,
        },
      },
    ],
  },
  {
    username: 'second.member',
    tenantHost: 'bluewater.localhost',
    description: 'Member of the second tenant',
    title: 'Mr',
    forenames: 'Iain',
    surname: 'MacLeod',
    gender: 'M',
    insuranceNumber: 'TY890123B',
    records: [
      {
        businessGroup: 'BLU',
        referenceNumber: '2000001',
        schemeCode: 'BDB',
        category: 'STD',
        status: 'Deferred',
        age: [58, 0],
        leftMonthsAgo: 60,
        benefits: { tranches: pre2009AndPost2009(530_000, 690_000), finalPensionableSalaryPence: 3_950_000 },
      },
    ],
  },
  {
    username: 'bw.saver',
    tenantHost: 'bluewater.localhost',
    description: 'Second tenant, DC, target retirement in ten months (about 63)',
    title: 'Ms',
    forenames: 'Fiona',
    surname: 'Campbell',
    gender: 'F',
    insuranceNumber: 'JT345678C',
    records: [
      {
        businessGroup: 'BLU',
        referenceNumber: '2000002',
        schemeCode: 'BDC',
        category: 'DCS',
        status: 'Active',
        age: [63, 2],
        benefits: {
          potPence: 9_850_000,
          monthlyContributionPence: 50_000,
          targetRetirementAge: 64,
          investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
        },
        dc: {
          funds: [
            { code: 'BW_EQUITY_TRACKER', valuePence: 492_500, unitPricePence: 192.331 },
            { code: 'BW_BALANCED', valuePence: 6_895_000, unitPricePence: 118.0452 },
            { code: 'BW_CASH', valuePence: 2_462_500, unitPricePence: 100.8731 },
          ],
          memberMonthlyPence: 20_000,
          employerMonthlyPence: 30_000,
        },
      },
    ],
  },
  {
    username: 'bw.pensioner',
    tenantHost: 'bluewater.localhost',
    description: 'Second tenant, pensioner retired 14 months ago, with payslips, a P60 and an increase',
    title: 'Mrs',
    forenames: 'Morag',
    surname: 'Sinclair',
    gender: 'F',
    insuranceNumber: 'WP901234A',
    records: [
      {
        businessGroup: 'BLU',
        referenceNumber: '2000003',
        schemeCode: 'BDB',
        category: 'STD',
        status: 'Pensioner',
        age: [66, 7],
        retiredMonthsAgo: 14,
        benefits: { pensionInPaymentPence: 1_236_000, lumpSumPaidPence: 5_400_000 },
      },
    ],
  },
  {
    username: 'bw.reported',
    tenantHost: 'bluewater.localhost',
    description:
      'Second tenant, DB deferred (about 61), whose death a relative reported the day before the seed day: the report waits unmatched in Bluewater’s console (demo-record-work.ts)',
    title: 'Mr',
    forenames: 'Donald',
    surname: 'Stewart',
    gender: 'M',
    insuranceNumber: 'KL567890D',
    records: [
      {
        businessGroup: 'BLU',
        referenceNumber: '2000004',
        schemeCode: 'BDB',
        category: 'STD',
        status: 'Deferred',
        age: [61, 4],
        leftMonthsAgo: 96,
        benefits: { tranches: pre2009AndPost2009(410_000, 520_000), finalPensionableSalaryPence: 3_100_000 },
      },
    ],
  },
];

/** A member record with no portal account, so registration can be tried: reference 1000009, NI QQ123456B. */
export const unregisteredDemoMember: DemoPersona = {
  username: 'sam.patel',
  registered: false,
  tenantHost: 'localhost',
  description: 'Not registered yet: DB deferred (about 48)',
  title: 'Mr',
  forenames: 'Sam',
  surname: 'Patel',
  gender: 'M',
  insuranceNumber: 'QQ123456B',
  records: [
    {
      businessGroup: 'MER',
      referenceNumber: '1000009',
      schemeCode: 'MDB',
      category: 'GEN',
      status: 'Deferred',
      age: [48, 6],
      leftMonthsAgo: 30,
      benefits: { tranches: pre2009AndPost2009(150_000, 820_000), finalPensionableSalaryPence: 3_300_000 },
    },
  ],
};
