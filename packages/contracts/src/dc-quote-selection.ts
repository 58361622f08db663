import { z } from 'zod';
import { safeDate } from './input-policy';
import {
  DC_OPTIONS_MAX_PENCE,
  dcOptionChoiceSchema,
  dcOptionFiguresSchema,
  dcTaxBasisSchema,
} from './dc-options';

/**
 * Quote selection for a DC member: one option chosen from explore at its date, its tax-free cash changed
 * within the limits, the tax-free cash paid in two instalments where the scheme allows, the option's
 * figures worked out again, a summary PDF and a formal quote request (a case). Money is integer pence.
 */

const pence = z.number().int().min(0).max(DC_OPTIONS_MAX_PENCE);

/** What the member may choose between for the selection: the server's answer, and the browser's check. */
export interface DcQuoteSelectionLimits {
  /** The most tax-free cash (a quarter of the pot, or what is left of the Lump Sum Allowance). */
  maximumTaxFreeCashPence: number;
  /** The scheme pays tax-free cash in two instalments. */
  instalmentsAllowed: boolean;
}

const pounds = (value: number) =>
  `£${Math.floor(value / 100).toLocaleString('en-GB')}.${String(value % 100).padStart(2, '0')}`;

/** The selection: the option (with the choices explore answered for it), the date, and the second instalment. */
export const dcQuoteSelectionRequestSchema = z.strictObject({
  /** The date the option is worked out at (the explore page's date). */
  retirementDate: safeDate(),
  choice: dcOptionChoiceSchema,
  /** The second instalment of the tax-free cash; the first is the rest. Absent: one payment. */
  secondInstalmentPence: pence.min(1).optional(),
});

/**
 * The selection checked against what the member may choose: tax-free cash over the most, instalments the
 * scheme does not pay, a second instalment not less than the tax-free cash. Each refusal names its code in
 * `params.code` (the server's 400 code). The browser checks the form with the same schema and the limits
 * the server answered.
 */
export const dcQuoteSelectionSchema = (limits: DcQuoteSelectionLimits) =>
  dcQuoteSelectionRequestSchema.superRefine((selection, ctx) => {
    const refuse = (code: string, message: string, path: string[]) =>
      ctx.addIssue({ code: 'custom', message, path, params: { code } });
    const taxFree = selection.choice.taxFreeCashPence;
    if (taxFree !== undefined && taxFree > limits.maximumTaxFreeCashPence)
      refuse(
        'tax_free_cash_above_maximum',
        `Tax-free cash must be ${pounds(limits.maximumTaxFreeCashPence)} or less`,
        ['choice', 'taxFreeCashPence'],
      );
    const second = selection.secondInstalmentPence;
    if (second === undefined) return;
    if (!limits.instalmentsAllowed)
      refuse('instalments_not_allowed', 'Your scheme pays tax-free cash in one payment', [
        'secondInstalmentPence',
      ]);
    else if (taxFree !== undefined && second >= taxFree)
      refuse(
        'instalment_too_large',
        'The second instalment must be less than your tax-free cash, so that the first is more than £0',
        ['secondInstalmentPence'],
      );
  });
export type DcQuoteSelection = z.infer<typeof dcQuoteSelectionRequestSchema>;

/** The code a selection's refusal carries (`params.code`), else the schema's own. */
export const selectionIssueCode = (issue: z.core.$ZodIssue): string =>
  (issue.code === 'custom' && typeof issue.params?.code === 'string' && issue.params.code) ||
  'invalid_selection';

const money = z.number().int();

/** POST /retirement/dc/quote-selection: the chosen option's figures worked out again with the selection. */
export const dcQuoteSelectionResponseSchema = z.object({
  calculatedOn: z.string(),
  retirementDate: z.string(),
  potPence: money,
  taxFreeCash: z.object({
    minimumPence: money,
    maximumPence: money,
    limitedBy: z.enum(['quarter-of-pot', 'lump-sum-allowance']),
  }),
  instalments: z.object({
    /** The scheme's configuration (`taxFreeCashInstalments`): whether a second instalment may be taken. */
    allowed: z.boolean(),
    /** When the second instalment would be paid (months after the retirement date); null when not allowed. */
    secondPaidOn: z.string().nullable(),
  }),
  /** The tax-free cash as it would be paid: one payment, or two. */
  payments: z.array(z.object({ paidOn: z.string(), amountPence: money })),
  option: dcOptionFiguresSchema,
  mpaaPence: money,
  tax: dcTaxBasisSchema,
});
export type DcQuoteSelectionResponse = z.infer<typeof dcQuoteSelectionResponseSchema>;

/** POST /retirement/dc/quote-selection/formal-quote: the case opened. */
export const dcFormalQuoteResponseSchema = z.object({
  caseNumber: z.string(),
  submissionDate: z.string(),
});
export type DcFormalQuoteResponse = z.infer<typeof dcFormalQuoteResponseSchema>;
