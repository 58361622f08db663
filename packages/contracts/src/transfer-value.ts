import { z } from 'zod';

/**
 * Transfer value (issue 39): the member's cash equivalent transfer value, the statement of entitlement
 * (one free in 12 months, else the scheme's charge), the partial transfer calculator both ways and the
 * transfer pack. Money is integer pence; dates are 'YYYY-MM-DD'.
 */

/** The most an amount typed into the calculator may be (£100m), so a bad amount is a 400, not a sum. */
export const TRANSFER_MAX_PENCE = 10_000_000_000;
const pence = z.number().int().min(0);
const isoDay = z.string();

export const transferTrancheSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** Pension a year at the guarantee date. */
  pensionPence: pence,
  /** Cash equivalent per £1 a year at the member's age. */
  factor: z.number(),
  transferValuePence: pence,
});

/** A transfer value the member may rely on until `guaranteedUntil`, or today's figure when none is guaranteed. */
export const transferFigureSchema = z.object({
  /** True for a statement of entitlement issued to the member and still within its guarantee. */
  guaranteed: z.boolean(),
  /** When the statement was issued; null for today's figure. */
  issuedOn: isoDay.nullable(),
  guaranteeDate: isoDay,
  /** Last day of the guarantee (three months from the guarantee date). */
  guaranteedUntil: isoDay,
  /** Days of the guarantee left, today and the last day included; null for today's figure. */
  daysLeft: z.number().int().min(0).nullable(),
  /** The statutory right to a transfer ends a year before normal retirement date. */
  statutoryRight: z.boolean(),
  pensionPence: pence,
  transferValuePence: pence,
  tranches: z.array(transferTrancheSchema),
});

export const transferPositionSchema = z.object({
  calculatedOn: isoDay,
  /** The guaranteed value, else a figure worked out today that is not guaranteed. */
  value: transferFigureSchema,
  /** Parts never guaranteed, shown apart: the AVC fund, whose value moves with its investments. */
  nonGuaranteed: z.object({ avcFundPence: pence }),
  statement: z.object({
    /** A statement asked for today is free. */
    freeNow: z.boolean(),
    /** The first day a free one can be asked for again; null when one is free now. */
    nextFreeOn: isoDay.nullable(),
    /** The scheme's charge for a statement within 12 months of the last one; null when it issues none. */
    extraStatementChargePence: pence.nullable(),
    /** What a statement asked for today costs: 0 when free; null when one cannot be had until `nextFreeOn`. */
    chargeNowPence: pence.nullable(),
  }),
  partialTransfersAllowed: z.boolean(),
  /** Safeguarded benefits with a transfer value over this need regulated advice (the scheme's rules). */
  adviceThresholdPence: pence,
  /** "Leave your benefits where they are": what the member keeps by not transferring. */
  keep: z
    .object({
      normalRetirementDate: isoDay,
      /** Pension a year from normal retirement date, before any tax-free cash. */
      pensionAtNormalRetirementPence: pence,
      /**
       * The spouse's or partner's pension on the member's death after retirement: null where the scheme pays
       * none, or none for a member whose record shows no spouse or partner (its `survivorPensionWithoutPartner`).
       */
      survivorPensionPence: pence.nullable(),
      survivorPensionPercent: z.number().nullable(),
      /** The record shows a spouse or partner; if not, the pension is for one the member may have at their death. */
      spouseOrPartnerOnRecord: z.boolean(),
      /** How each tranche grows until it is paid (CPI, capped). */
      increases: z.array(z.object({ label: z.string(), capPercent: z.number() })),
    })
    .nullable(),
});
export type TransferPosition = z.infer<typeof transferPositionSchema>;

/** POST statement: a second within 12 months is charged, so the member must accept the charge. */
export const transferStatementRequestSchema = z.strictObject({
  acceptCharge: z.boolean().optional(),
});
export type TransferStatementRequest = z.infer<typeof transferStatementRequestSchema>;

export const transferStatementResponseSchema = z.object({
  caseNumber: z.string(),
  issuedOn: isoDay,
  guaranteedUntil: isoDay,
  transferValuePence: pence,
  /** The charge the member accepted; 0 for the free statement. */
  chargePence: pence,
  /** The transfer pack filed in the member's documents. */
  document: z.object({ id: z.string(), name: z.string() }),
});
export type TransferStatementResponse = z.infer<typeof transferStatementResponseSchema>;

const amount = (label: string) =>
  z
    .number({ error: `Enter ${label} in pounds and pence` })
    .int({ error: `Enter ${label} in pounds and pence` })
    .min(0, { error: `${label[0]!.toUpperCase()}${label.slice(1)} must be £0 or more` })
    .max(TRANSFER_MAX_PENCE, { error: `${label[0]!.toUpperCase()}${label.slice(1)} is too large` });

/** The partial transfer calculator: transfer this much (→ the pension kept), or keep this pension (→ the value). */
export const partialTransferRequestSchema = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('transfer-value'), transferValuePence: amount('the amount to transfer') }),
  z.strictObject({ by: z.literal('residual-pension'), residualPensionPence: amount('the pension to keep') }),
]);
export type PartialTransferRequest = z.infer<typeof partialTransferRequestSchema>;

export const partialTransferResponseSchema = z.object({
  /** Worked out on the guaranteed value, or on today's figure when none is guaranteed. */
  guaranteed: z.boolean(),
  fullTransferValuePence: pence,
  fullPensionPence: pence,
  transferValuePence: pence,
  residualPensionPence: pence,
  tranches: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      transferValuePence: pence,
      transferredPensionPence: pence,
      residualPensionPence: pence,
    }),
  ),
  /** The AVC fund is not part of the calculation: it is transferred or kept as a whole, at its value then. */
  nonGuaranteed: z.object({ avcFundPence: pence }),
});
export type PartialTransferResponse = z.infer<typeof partialTransferResponseSchema>;

/** A figure in a download's address: whole pence, digits only (an empty or signed value is refused, not read as 0). */
const queryPence = z
  .string()
  .regex(/^\d{1,12}$/, { error: 'Give the amount in whole pence' })
  .pipe(z.coerce.number<string>().max(TRANSFER_MAX_PENCE, { error: 'The amount is too large' }));

/**
 * `GET transfer-journeys/download/partial-transfer-pdf`: the calculator's figures as a PDF, from one of the
 * two figures it takes (pence): the value to transfer, or the pension to keep a year. The existing portal's
 * `contentAccessKey` is accepted and not needed (the record is the signed-in member's).
 */
export const partialTransferPdfQuerySchema = z.object({
  contentAccessKey: z.string().max(4000).optional(),
  requestedTransferValue: queryPence.optional(),
  requestedResidualPension: queryPence.optional(),
});
export type PartialTransferPdfQuery = z.infer<typeof partialTransferPdfQuerySchema>;

/** The key of the tenant's globals message that warns of pension scams, on the transfer value page and in the pack. */
export const SCAM_WARNING_MESSAGE = 'scam_warning';

/**
 * The content token (`[[token:transfer_advice_threshold]]`) that reads the scheme's advice threshold (`£30,000`),
 * so the advice rule in a tenant's words (the scam warning, the application's pages) says the member's scheme's figure.
 */
export const ADVICE_THRESHOLD_TOKEN = 'transfer_advice_threshold';
