import { z } from 'zod';

/**
 * A fund switch the member has sent that the scheme has not applied yet (its case is neither completed
 * nor rejected): what they asked for, read from the submitted journey's answers.
 */
export const pendingFundSwitchSchema = z.object({
  caseNumber: z.string(),
  /** The day the switch was sent (YYYY-MM-DD). */
  requestedOn: z.string(),
  /** The case's status now, as My requests shows it. */
  status: z.string(),
  /** The lifestyle strategy, or funds the member chose with their percentages of the pot. */
  choice: z.enum(['lifestyle', 'self_select']),
  /** The lifestyle strategy asked for, by its name in the scheme; null for funds chosen (or none named). */
  strategy: z.object({ code: z.string(), name: z.string() }).nullable(),
  funds: z.array(z.object({ code: z.string(), name: z.string(), percent: z.number() })),
});
export type PendingFundSwitch = z.infer<typeof pendingFundSwitchSchema>;

/** `GET members/current/fund-switch`: the open fund switch, or null when none is waiting. */
export const fundSwitchStatusSchema = z.object({ pending: pendingFundSwitchSchema.nullable() });
export type FundSwitchStatus = z.infer<typeof fundSwitchStatusSchema>;
