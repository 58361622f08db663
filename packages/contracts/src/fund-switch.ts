import { z } from 'zod';
import { glidePathSchema } from './dc-pot';

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

const strategyPathSchema = glidePathSchema.unwrap();

/**
 * `GET members/current/fund-switch/preview`: what a switch being made would change, from the member's
 * target date and the scheme's strategies (`glidePathOf` in packages/pensions).
 */
export const fundSwitchPreviewSchema = z.object({
  /** The lifestyle strategy the pot follows now and its glide path; null for funds the member chose. */
  current: glidePathSchema,
  /** Each of the scheme's lifestyle strategies as it would take this pot to the member's target date. */
  strategies: z.array(strategyPathSchema),
  /**
   * What the member's open fund switch asks for so far: a lifestyle strategy and its glide path, or funds
   * and their percentages; null before they have chosen (or with no switch open).
   */
  chosen: z
    .discriminatedUnion('choice', [
      z.object({ choice: z.literal('lifestyle'), glidePath: strategyPathSchema }),
      z.object({
        choice: z.literal('self_select'),
        funds: z.array(z.object({ code: z.string(), name: z.string(), percent: z.number() })),
      }),
    ])
    .nullable(),
});
export type FundSwitchPreview = z.infer<typeof fundSwitchPreviewSchema>;
