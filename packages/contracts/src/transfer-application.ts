import { z } from 'zod';

/** A day as YYYY-MM-DD. */
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The transfer application's statuses, in the access key and on the hub (existing-portal e.7). */
export const transferApplicationStatuses = [
  'NotStartedTA',
  'StartedTA',
  'SubmitStarted',
  'SubmittedTA',
  'UnavailableTA',
  'OutsideTA',
] as const;
export type TransferApplicationStatus = (typeof transferApplicationStatuses)[number];

/**
 * What the transfer application locks when it starts: the member's latest guaranteed transfer quote
 * (its figures unchanged while it is guaranteed), and the date the scheme must pay by.
 */
export const transferJourneyLockSchema = z.object({
  quoteId: z.string(),
  /** The date the value is guaranteed from, and the last day it is guaranteed. */
  guaranteeDate: isoDateSchema,
  guaranteedUntil: isoDateSchema,
  /** Six months from the guarantee date: the scheme pays the transfer by then. */
  payBy: isoDateSchema,
  /** The guaranteed cash equivalent of the safeguarded (defined benefit) pension, in pence. */
  transferValuePence: z.number().int().nonnegative(),
  /** The defined benefit pension a year the value is for, in pence. */
  pensionPence: z.number().int().nonnegative(),
  /** Additional voluntary contributions, not guaranteed: transferred at their value on the day. */
  nonGuaranteedPence: z.number().int().nonnegative(),
  /** The member's age in whole years on the day the application started. */
  ageYears: z.number().int().nonnegative(),
  /**
   * The scheme's threshold for regulated advice on the value, in pence, from the quote (locked before
   * it was recorded, an application has none: the law's £30,000 applies).
   */
  adviceThresholdPence: z.number().int().positive().optional(),
  /**
   * Present when the quote's scheme allows partial transfers: what the partial calculator reads of
   * the quote (its scheme and each tranche's pension and value, pence), so the part the member
   * chooses is worked out on the locked figures. Absent, the application transfers the whole value.
   */
  partialTransferBasis: z
    .object({
      schemeCode: z.string(),
      tranches: z.array(
        z.object({
          code: z.string(),
          pensionPence: z.number().int().nonnegative(),
          transferValuePence: z.number().int().nonnegative(),
        }),
      ),
    })
    .optional(),
});
export type TransferJourneyLock = z.infer<typeof transferJourneyLockSchema>;

/** `GET v2/transfer-journeys/transfer-application`: the application, its figures and status. */
export const transferApplicationViewSchema = z.object({
  transferApplicationStatus: z.enum(transferApplicationStatuses),
  startDate: z.string().nullable(),
  submissionDate: z.string().nullable(),
  caseNumber: z.string().nullable(),
  totalGuaranteedTransferValue: z.number().nullable(),
  totalNonGuaranteedTransferValue: z.number().nullable(),
  guaranteeDate: isoDateSchema.nullable(),
  guaranteedUntil: isoDateSchema.nullable(),
  payBy: isoDateSchema.nullable(),
  /** The part of the guaranteed value the member chose to transfer (pence); null for the whole value. */
  partialTransferValue: z.number().nullable(),
  /** The pension a year (pence) the member keeps with that part transferred; null for the whole value. */
  residualPension: z.number().nullable(),
});

/** `GET v2/transfer-journeys/transfer-application-status`. */
export const transferApplicationStatusSchema = z.object({
  status: z.enum(transferApplicationStatuses),
});

/**
 * `POST v2/transfer-journeys/transfer-application-status`: the status the member moves their
 * application to. Only StartedTA is theirs to set (the others follow from what they do).
 */
export const transferApplicationStatusRequestSchema = z.object({
  status: z.enum(transferApplicationStatuses),
});

/** `POST v2/transfer-journeys/start`: the existing portal sent the pages; the first page starts it. */
export const transferJourneyStartRequestSchema = z
  .object({
    currentPageKey: z.string().max(60).optional(),
    nextPageKey: z.string().max(60).optional(),
    contentAccessKey: z.string().max(4000).optional(),
  })
  .optional();

/** `GET v2/transfer-journeys/pension-tranches?requestedTransferValue=` (pence): the pension kept. */
export const pensionTranchesQuerySchema = z.object({
  requestedTransferValue: z.coerce.number().int().min(1).max(100_000_000_000),
});
export const pensionTranchesResponseSchema = z.object({
  pensionTranchesResidualTotal: z.number().int(),
  /** The AVC fund, which moves at its value on the day (not guaranteed). */
  nonGuaranteed: z.number().int(),
});

/** `GET v2/transfer-journeys/transfer-values?requestedResidualPension=` (pence a year): the value to transfer. */
export const transferValuesQuerySchema = z.object({
  requestedResidualPension: z.coerce.number().int().min(0).max(100_000_000_000),
});
export const transferValuesResponseSchema = z.object({
  transferValuesFullTotal: z.number().int(),
  nonGuaranteed: z.number().int(),
  transferValuesPartialTotal: z.number().int(),
});

/** `GET v2/transfer-journeys/pension-wise`: the date of Pension Wise guidance the member gave, if any. */
export const transferPensionWiseSchema = z.object({ pensionWiseDate: isoDateSchema.nullable() });

/** `GET v2/transfer-journeys/flexible-benefits`: the pensions the member says they have taken money from. */
export const transferFlexibleBenefitsSchema = z.object({
  flexibleBenefits: z.array(z.object({ nameOfPlan: z.string(), amountPence: z.number().int().nullable() })),
});

/** `POST v2/transfer-journeys/pension-wise`: the day of the member's Pension Wise guidance. */
export const transferPensionWiseRequestSchema = z.object({ pensionWiseDate: isoDateSchema });

/** `GET`/`POST v2/transfer-journeys/financial-advise`: the day of the regulated advice (last 12 months). */
export const transferFinancialAdviceSchema = z.object({ financialAdviseDate: isoDateSchema.nullable() });
export const transferFinancialAdviceRequestSchema = z.object({ financialAdviseDate: isoDateSchema });

/** `POST v2/transfer-journeys/flexible-benefits`: the pensions taken from, each with the amount in pence. */
export const transferFlexibleBenefitsRequestSchema = z.object({
  flexibleBenefits: z
    .array(
      z.object({
        nameOfPlan: z.string().min(1).max(100),
        amountPence: z.number().int().min(1).max(999_999_999_99),
      }),
    )
    .min(1)
    .max(20),
});

/** Whose details a contact call gives: the member's financial adviser or the receiving scheme. */
export const transferContactTypeSchema = z.enum(['Ifa', 'ReceivingSchemes']);

/** `POST v2/transfer-journeys/contact` (existing portal d.11): each field at most 50 characters. */
export const transferContactRequestSchema = z.object({
  type: transferContactTypeSchema,
  name: z.string().max(50).optional(),
  advisorName: z.string().max(50).optional(),
  companyName: z.string().max(50).optional(),
  schemeName: z.string().max(50).optional(),
  email: z.string().max(50).optional(),
  phoneCode: z.string().max(5).optional(),
  phoneNumber: z.string().max(20).optional(),
});

/** `POST v2/transfer-journeys/contact/address`: the address of a contact already given. */
export const transferContactAddressRequestSchema = z.object({
  type: transferContactTypeSchema,
  line1: z.string().min(1).max(50),
  line2: z.string().max(50).optional(),
  line3: z.string().max(50).optional(),
  line4: z.string().max(50).optional(),
  line5: z.string().max(50).optional(),
  country: z.string().max(30).optional(),
  countryCode: z.string().max(3).optional(),
  postCode: z.string().max(8).optional(),
});
