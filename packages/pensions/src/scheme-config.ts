import { z } from 'zod';
import { TRANSFER_ADVICE_THRESHOLD_PENCE } from './constants';
import type { RetirementDateRangeRules } from './retirement-dates';
import { ageSchema, bankHolidayRegionSchema, isoDateSchema, rateSchema } from './schema-primitives';

const positive = z.number().positive();

/** Rows must be in strictly ascending order of their key so tables can be interpolated. */
function ascending<T>(key: (row: T) => number, label: string) {
  return (rows: readonly T[], ctx: z.RefinementCtx) => {
    for (let i = 1; i < rows.length; i++) {
      if (key(rows[i]!) <= key(rows[i - 1]!))
        ctx.addIssue({ code: 'custom', message: `${label} must ascend`, path: [i] });
    }
  };
}

const ageFactorTable = z
  .array(z.object({ age: ageSchema, factor: positive }))
  .min(1)
  .superRefine(ascending((r) => r.age, 'ages'));

const ageRateTable = z
  .array(z.object({ age: ageSchema, rate: positive }))
  .min(1)
  .superRefine(ascending((r) => r.age, 'ages'));

/** Early-retirement reduction or late-retirement increase: a table by months, or a compound annual rate. */
const adjustmentSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('table'),
    factors: z
      .array(z.object({ months: z.number().int().min(0), factor: positive }))
      .min(1)
      .superRefine(ascending((r) => r.months, 'months')),
  }),
  z.object({ method: z.literal('compound'), annualRate: rateSchema }),
]);

const schemeCommon = {
  code: z.string().regex(/^[A-Z0-9]{2,10}$/),
  version: z.string().min(1),
  effectiveFrom: isoDateSchema,
  name: z.string().min(1),
  tenant: z.object({ name: z.string().min(1), businessGroup: z.string().length(3) }),
  ages: z.object({
    earliestRetirementAge: ageSchema,
    normalRetirementAge: ageSchema,
    latestRetirementAge: ageSchema.default(75),
    latestRetirementDate: isoDateSchema.nullable().default(null),
  }),
  retirementDatePicker: z.enum(['to-latest', 'application-window']).default('to-latest'),
  /** How long before the retirement date a member may apply: 6 months unless the scheme says otherwise. */
  applicationWindow: z
    .union([
      z.strictObject({ months: z.number().int().min(1).max(24) }),
      z.strictObject({ days: z.number().int().min(1).max(730) }),
    ])
    .default({ months: 6 }),
  /** The date a normal quote is worked out at (see effectiveRetirementDate). */
  effectiveDateRule: z.enum(['normal-or-today', 'within-application-window']).default('normal-or-today'),
  /** The date picker's own limits by age, on top of the scheme's retirement ages. */
  datePickerLimits: z
    .object({ fromAge: ageSchema.nullable().default(null), toAge: ageSchema.nullable().default(null) })
    .default({ fromAge: null, toAge: null }),
  /** The scheme issues guaranteed retirement quotes, so its picker opens from tomorrow. */
  guaranteedQuotes: z.boolean().default(false),
  payments: z.object({
    payDay: z.number().int().min(1).max(31),
    lumpSumPaymentDays: z.number().int().min(1).max(90),
    region: bankHolidayRegionSchema,
    /** The scheme's PAYE reference with HMRC (tax office number / reference), printed on payslips and P60s. */
    payeReference: z
      .string()
      .regex(/^\d{3}\/[A-Z0-9]{1,10}$/)
      .optional(),
  }),
};

const trancheSchema = z.object({
  code: z.string().min(1),
  label: z.string().min(1),
  /** Annual cap on CPI revaluation in deferment, as a percentage (5 means 5%). */
  revaluationCapPercent: z.number().min(0).max(100),
});

export const dbSchemeSchema = z
  .object({
    kind: z.literal('DB'),
    ...schemeCommon,
    tranches: z.array(trancheSchema).min(1),
    revaluation: z.object({
      /** CPI increase for future years of deferment. */
      assumedCpi: rateSchema,
      /** CPI increase for a year of deferment, keyed by the calendar year in which that year ends. */
      cpiByYear: z.record(z.string().regex(/^\d{4}$/), rateSchema).default({}),
    }),
    accrual: z.object({ trancheCode: z.string() }),
    earlyRetirement: adjustmentSchema,
    lateRetirement: adjustmentSchema,
    /** £ lump sum per £1 a year of pension given up, by age at retirement. */
    commutationFactors: ageFactorTable,
    /**
     * £ of AVC fund per £1 a year of extra pension, by age at retirement: what the AVC fund not taken as
     * tax-free cash buys. Without it the scheme quotes the extra pension when the member applies.
     */
    avcPensionFactors: ageFactorTable.optional(),
    /**
     * How the scheme lets a DB member take an AVC fund. `takeAsCashFirst` (the default): as tax-free cash
     * first, before any pension is given up, the rest buying extra pension. False: the fund buys extra
     * pension only, and tax-free cash comes from giving up main pension alone (then `avcPensionFactors`
     * is required, so the extra pension can be shown).
     */
    avc: z.object({ takeAsCashFirst: z.boolean().default(true) }).default({ takeAsCashFirst: true }),
    transfer: z.object({
      /** Cash equivalent per £1 a year of deferred pension, by age, for each tranche. */
      factorsByAge: z
        .array(z.object({ age: ageSchema, factors: z.record(z.string(), positive) }))
        .min(1)
        .superRefine(ascending((r) => r.age, 'ages')),
      partialTransfersAllowed: z.boolean().default(true),
      /**
       * Safeguarded (DB) benefits with a transfer value over this, in pence, need regulated financial
       * advice before they are transferred: the law's £30,000 unless the scheme asks for advice on less.
       */
      adviceThresholdPence: z
        .number()
        .int()
        .positive()
        .max(TRANSFER_ADVICE_THRESHOLD_PENCE)
        .default(TRANSFER_ADVICE_THRESHOLD_PENCE),
      /**
       * The charge for a statement of entitlement asked for within 12 months of the last one (the free one is
       * once in 12 months), in pence. Left out, the scheme issues no second statement in 12 months: one is
       * refused with the date the next free one is due. A charge of 0 is refused, as it would make every
       * statement free.
       */
      extraStatementChargePence: z
        .number()
        .int()
        .min(1, 'leave it out to refuse a second statement in 12 months; 0 would make them all free')
        .max(100_000)
        .optional(),
    }),
    /** The spouse's or partner's pension on the member's death, as a share of the member's pension. */
    survivorPensionFraction: z.number().min(0).max(1).default(0.5),
    /**
     * How the annual statement shows that pension for a member whose record shows no spouse or partner:
     * `possible`, as a pension for a spouse or partner they may have at their death; `omitted`, left out.
     */
    survivorPensionWithoutPartner: z.enum(['possible', 'omitted']).default('possible'),
  })
  .superRefine((scheme, ctx) => {
    const codes = new Set(scheme.tranches.map((t) => t.code));
    if (!codes.has(scheme.accrual.trancheCode)) {
      ctx.addIssue({ code: 'custom', message: 'accrual tranche is not a scheme tranche', path: ['accrual'] });
    }
    scheme.transfer.factorsByAge.forEach((row, i) => {
      for (const code of codes) {
        if (!(code in row.factors)) {
          ctx.addIssue({
            code: 'custom',
            message: `no transfer factor for ${code}`,
            path: ['transfer', 'factorsByAge', i],
          });
        }
      }
    });
    if (!scheme.avc.takeAsCashFirst && !scheme.avcPensionFactors) {
      ctx.addIssue({
        code: 'custom',
        message: 'a scheme whose AVC fund buys extra pension only needs avcPensionFactors',
        path: ['avc', 'takeAsCashFirst'],
      });
    }
    checkAges(scheme.ages, ctx);
  });

const fundSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  /** Expected annual growth before charges. */
  growth: rateSchema,
  /** Annual management charge. */
  charge: z.number().min(0).max(0.05),
});

const allocationSchema = z.record(z.string(), z.number().min(0).max(1));

const strategySchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  /** Allocations at points counted in years before the target date, furthest first; linear in between. */
  glidePath: z
    .array(z.object({ yearsToTarget: z.number().min(0), allocation: allocationSchema }))
    .min(1)
    .superRefine(ascending((r) => -r.yearsToTarget, 'yearsToTarget (descending)')),
});

/** Annuity rates by who is covered and whether the income rises, dated so they can be updated. */
const annuityRateTablesSchema = z
  .object({
    asAt: isoDateSchema,
    source: z.string().min(1),
    /** Yearly rise of an increasing annuity's income. */
    yearlyIncrease: rateSchema,
    tables: z
      .array(
        z.object({
          lives: z.enum(['single', 'joint']),
          escalation: z.enum(['level', 'increasing']),
          rates: ageRateTable,
        }),
      )
      .min(1),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.tables.forEach((table, i) => {
      const key = `${table.lives} ${table.escalation}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `two ${key} tables`, path: ['tables', i] });
      seen.add(key);
    });
  });

const spendingStrategySchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(['annuity', 'drawdown', 'ufpls']),
  withTaxFreeCash: z.boolean().default(false),
});

export const dcSchemeSchema = z
  .object({
    kind: z.literal('DC'),
    ...schemeCommon,
    defaultTargetRetirementAge: ageSchema,
    assumptions: z.object({ inflation: rateSchema, contributionEscalation: rateSchema.default(0) }),
    funds: z.array(fundSchema).min(1),
    strategies: z.array(strategySchema).min(1),
    defaultStrategy: z.string(),
    /** Level single-life annuity: annual income per £1 of pot, by age at purchase. */
    annuityRates: ageRateTable,
    /** Single or joint life, level or increasing, for exploring options; without it only the level single-life rates. */
    annuityRateTables: annuityRateTablesSchema.nullable().default(null),
    drawdown: z.object({
      /** Yearly growth in drawdown, after charges. */
      growth: rateSchema,
      defaultIncomeRate: z.number().positive().max(1),
      /** The yearly charges `growth` is after, stated to the member; null when not stated. */
      charges: z.number().min(0).max(0.05).nullable().default(null),
    }),
    spendingStrategies: z.array(spendingStrategySchema).min(1),
    /**
     * The scheme pays tax-free cash in two instalments when the member asks, the second this many months
     * after the retirement date; null: one payment only.
     */
    taxFreeCashInstalments: z
      .object({ secondAfterMonths: z.number().int().min(1).max(12) })
      .nullable()
      .default(null),
  })
  .superRefine((scheme, ctx) => {
    const funds = new Set(scheme.funds.map((f) => f.code));
    scheme.strategies.forEach((strategy, s) => {
      strategy.glidePath.forEach((point, p) => {
        const path = ['strategies', s, 'glidePath', p];
        const total = Object.values(point.allocation).reduce((a, b) => a + b, 0);
        if (Math.abs(total - 1) > 1e-9)
          ctx.addIssue({ code: 'custom', message: 'allocation must add up to 1', path });
        for (const code of Object.keys(point.allocation)) {
          if (!funds.has(code)) ctx.addIssue({ code: 'custom', message: `unknown fund ${code}`, path });
        }
      });
    });
    if (!scheme.strategies.some((s) => s.code === scheme.defaultStrategy)) {
      ctx.addIssue({
        code: 'custom',
        message: 'default strategy is not configured',
        path: ['defaultStrategy'],
      });
    }
    checkAges(scheme.ages, ctx);
  });

function checkAges(
  ages: { earliestRetirementAge: number; normalRetirementAge: number; latestRetirementAge: number },
  ctx: z.RefinementCtx,
) {
  if (!(
    ages.earliestRetirementAge <= ages.normalRetirementAge &&
    ages.normalRetirementAge <= ages.latestRetirementAge
  )) {
    ctx.addIssue({ code: 'custom', message: 'ages must satisfy ERA ≤ NRA ≤ LRA', path: ['ages'] });
  }
}

export const schemeConfigSchema = z.union([dbSchemeSchema, dcSchemeSchema]);

export type DbSchemeConfig = z.infer<typeof dbSchemeSchema>;
export type DcSchemeConfig = z.infer<typeof dcSchemeSchema>;
export type SchemeConfig = DbSchemeConfig | DcSchemeConfig;
export type SchemeConfigInput = z.input<typeof schemeConfigSchema>;
export type Fund = z.infer<typeof fundSchema>;
export type InvestmentStrategy = z.infer<typeof strategySchema>;
export type SpendingStrategy = z.infer<typeof spendingStrategySchema>;
export type AnnuityRateTables = z.infer<typeof annuityRateTablesSchema>;
export type RetirementAdjustment = z.infer<typeof adjustmentSchema>;

/** Validates raw configuration (e.g. a JSON file); throws a ZodError naming the bad fields. */
export function parseSchemeConfig(raw: unknown): SchemeConfig {
  return schemeConfigSchema.parse(raw);
}

/** The scheme's rules for the retirement dates a member may pick. */
export function retirementDateRangeRules(scheme: SchemeConfig): RetirementDateRangeRules {
  return {
    picker: scheme.retirementDatePicker,
    applicationWindow: scheme.applicationWindow,
    guaranteedQuotes: scheme.guaranteedQuotes,
    limits: scheme.datePickerLimits,
  };
}
