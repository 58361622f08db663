import { z } from 'zod';
import { dcOptionChoiceSchema, dcOptionCodeSchema } from './dc-options';

/**
 * The DC retirement application (a journey whose `startsFrom` is `dc-quote-selection`): what its start
 * locks in from the member's quote selection, as the journey keeps it. Money is integer pence.
 */

const money = z.number().int();

export const dcApplicationChoiceSchema = z.object({
  retirementDate: z.string(),
  /** The option and the choices it was worked out with (tax-free cash, income, annuity terms). */
  choice: dcOptionChoiceSchema,
  optionCode: dcOptionCodeSchema,
  optionLabel: z.string(),
  /** The pot projected to the retirement date. */
  potPence: money,
  taxFreeCashPence: money,
  taxableCashPence: money,
  yearlyIncomePence: money,
  /** The pot that goes into drawdown (0 when the option draws no income from an invested pot). */
  drawdownPotPence: money,
  /** The pot that buys an annuity (0 when none). */
  annuityPotPence: money,
  potLeftInvestedPence: money,
  /** The option flexibly accesses the pot: the Money Purchase Annual Allowance then applies. */
  mpaaApplies: z.boolean(),
  mpaaPence: money,
  /** The most tax-free cash when it was locked (a quarter of the pot or the allowance left). */
  maximumTaxFreeCashPence: money,
  /** How the tax-free cash is paid: one payment, or two instalments. */
  payments: z.array(z.object({ paidOn: z.string(), amountPence: money })),
  calculatedOn: z.string(),
});
export type DcApplicationChoice = z.infer<typeof dcApplicationChoiceSchema>;
