import { z } from 'zod';
import { ageSchema, genderSchema, isoDateSchema, memberStatusSchema, penceSchema } from './schema-primitives';
import { contributionSchema, holdingValuePence, unitHoldingSchema } from './fund-holdings';
import { potChargeSchema, potValuationSchema } from './pot-history';

/** A slice of deferred or accrued pension with its own revaluation and transfer terms. */
export const trancheBenefitSchema = z.object({
  code: z.string().min(1),
  annualPensionPence: penceSchema,
  /** Overrides the scheme's cap for this tranche (percent). */
  revaluationCapPercent: z.number().min(0).max(100).optional(),
});

/** A pensionable salary and the date it applied from. */
export const pensionableSalarySchema = z.object({ from: isoDateSchema, pensionableSalaryPence: penceSchema });

/** The `benefits` record the administrator holds for a DB member; unknown keys are kept. */
export const dbBenefitsSchema = z
  .looseObject({
    tranches: z.array(trancheBenefitSchema).default([]),
    /** The date the tranche amounts are at: the leaving date for deferred members, today for active ones by default. */
    pensionAsAt: isoDateSchema.optional(),
    finalPensionableSalaryPence: penceSchema.optional(),
    /** '1/60' style accrual fraction for active members' future service. */
    accrualRate: z
      .string()
      .regex(/^1\/[1-9]\d*$/)
      .optional(),
    avcFundPence: penceSchema.default(0),
    /** Each pensionable salary with the date it applied from, oldest first. */
    salaryHistory: z.array(pensionableSalarySchema).optional(),
  })
  .superRefine((benefits, ctx) => {
    benefits.salaryHistory?.forEach((entry, index, history) => {
      if (index > 0 && entry.from <= history[index - 1]!.from)
        ctx.addIssue({
          code: 'custom',
          path: ['salaryHistory', index, 'from'],
          message: `Each salary must start after the one before it (${history[index - 1]!.from})`,
        });
    });
  });

const fundHoldingSchema = z.object({ code: z.string().min(1), valuePence: penceSchema });

export const dcBenefitsSchema = z
  .looseObject({
    potPence: penceSchema,
    /** Employee plus employer contributions each month while active. */
    monthlyContributionPence: penceSchema.default(0),
    targetRetirementAge: ageSchema.optional(),
    /** A lifestyle strategy, or self-selected funds (whose values then make up the pot). */
    investment: z
      .union([
        z.object({ strategy: z.string().min(1) }),
        z.object({ funds: z.array(fundHoldingSchema).min(1) }),
      ])
      .optional(),
    /** The units held in each fund; their values (units × price, to the penny) add up to the pot. */
    holdings: z.array(unitHoldingSchema).min(1).optional(),
    /** Contributions paid in, each split into the member's and the employer's. */
    contributions: z.array(contributionSchema).optional(),
    /** The pot's past values (month ends, say): its history. */
    valuations: z.array(potValuationSchema).optional(),
    /** Charges taken from the pot. */
    charges: z.array(potChargeSchema).optional(),
  })
  .superRefine((benefits, ctx) => {
    if (!benefits.holdings) return;
    const codes = benefits.holdings.map((holding) => holding.code);
    const repeated = codes.find((code, index) => codes.indexOf(code) !== index);
    if (repeated) ctx.addIssue({ code: 'custom', path: ['holdings'], message: `${repeated} is held twice` });
    const total = benefits.holdings.reduce(
      (sum, holding) => sum + holdingValuePence(holding.units, holding.unitPricePence),
      0,
    );
    if (total !== benefits.potPence) {
      ctx.addIssue({
        code: 'custom',
        path: ['holdings'],
        message: `The funds are worth ${total}p (units × price, to the penny), not the pot's ${benefits.potPence}p`,
      });
    }
  });

const memberCore = {
  status: memberStatusSchema,
  dateOfBirth: isoDateSchema,
  gender: genderSchema.nullish(),
  dateLeftScheme: isoDateSchema.nullish(),
  dateRetired: isoDateSchema.nullish(),
  protectedPensionAge: ageSchema.nullish(),
  /** Lump Sum Allowance already used by earlier tax-free cash. */
  lumpSumAllowanceUsedPence: penceSchema.default(0),
};

export const dbMemberSchema = z.object({ ...memberCore, benefits: dbBenefitsSchema });
export const dcMemberSchema = z.object({ ...memberCore, benefits: dcBenefitsSchema });

export type TrancheBenefit = z.infer<typeof trancheBenefitSchema>;
export type PensionableSalary = z.infer<typeof pensionableSalarySchema>;
export type DbBenefits = z.infer<typeof dbBenefitsSchema>;
export type DcBenefits = z.infer<typeof dcBenefitsSchema>;
export type DbMember = z.infer<typeof dbMemberSchema>;
export type DcMember = z.infer<typeof dcMemberSchema>;
/** What callers may pass before defaults are applied (e.g. a database row). */
export type DbMemberInput = z.input<typeof dbMemberSchema>;
export type DcMemberInput = z.input<typeof dcMemberSchema>;
