import { z } from 'zod';

const money = z.number().int();

/**
 * The lifestyle strategy a DC pot follows and when it moves the pot into steadier funds (`glidePathOf` in
 * packages/pensions); null when the member chose their own funds, which stay as they are.
 */
export const glidePathSchema = z
  .object({
    strategyCode: z.string(),
    /** The strategy's name in the scheme's configuration. */
    strategyName: z.string(),
    /**
     * The day the move starts: the target date less the strategy's furthest glide-path point (may be
     * past); null for a strategy that never moves.
     */
    startsOn: z.string().nullable(),
    /** The target retirement date, by which the pot holds `endsIn`. */
    targetDate: z.string(),
    /** The funds the pot ends in at the target date, largest share first (named from the tenant's funds). */
    endsIn: z.array(z.object({ code: z.string(), name: z.string(), percent: z.number() })),
  })
  .nullable();
export type GlidePath = z.infer<typeof glidePathSchema>;

/**
 * GET /members/current/dc-pot: a DC record's pot today, from the administrator's member data. Each
 * fund's value is its units × unit price rounded half up to the penny, and the pot is the sum of those
 * values, so the funds always add up to it. A record without fund details has `funds: []`.
 */
export const dcPotSchema = z.object({
  potPence: money,
  /** The latest of the funds' price dates; null without fund details. */
  valuedOn: z.string().nullable(),
  funds: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** The tenant's grouping of the fund (Growth, Defensive, ...); null when it lists none. */
      group: z.string().nullable(),
      /** Units held, to 4 decimal places. */
      units: z.number(),
      /** The price of one unit in pence, to 4 decimal places. */
      unitPricePence: z.number(),
      valuePence: money,
      pricedOn: z.string(),
      /** The fund's annual management charge in percent, from the scheme's fund list; null if unlisted. */
      annualChargePercent: z.number().nullable(),
    }),
  ),
  /** The lifestyle strategy the pot follows and when it starts moving into steadier funds. */
  glidePath: glidePathSchema,
  /** The pot's value over the last 5 years, oldest first, ending with today's value. */
  history: z.array(z.object({ on: z.string(), potPence: money })),
  /**
   * What moved the pot over the last 12 months: from the valuation on or before the day a year ago
   * (null for a younger pot) to today, what was paid in, what charges took, and the investment return
   * before charges (start + paid in + return − charges = end).
   */
  lastYear: z.object({
    from: z.string().nullable(),
    startPence: money.nullable(),
    to: z.string(),
    endPence: money,
    paidInPence: money,
    chargesPence: money,
    returnPence: money.nullable(),
  }),
  /** Contributions paid in the 12 months up to and including today: the totals and each one. */
  contributions: z.object({
    from: z.string(),
    to: z.string(),
    memberPence: money,
    employerPence: money,
    totalPence: money,
    /** Each contribution in those 12 months as the member data holds it, newest first. */
    payments: z.array(
      z.object({ paidOn: z.string(), memberPence: money, employerPence: money, totalPence: money }),
    ),
  }),
  /**
   * Every contribution the member data holds, paid up to and including today: the totals since the
   * member joined and each tax year's (6 April to 5 April), newest first, from the first contribution's
   * year to the latest's (a year with none included with noughts), adding up to the totals.
   */
  sinceJoining: z.object({
    /** The day the first contribution held was paid; null when none is held. */
    from: z.string().nullable(),
    to: z.string(),
    memberPence: money,
    employerPence: money,
    totalPence: money,
    byTaxYear: z.array(
      z.object({
        /** Named like 2026/27. */
        taxYear: z.string(),
        /** The tax year's first day, and its last or today if sooner. */
        from: z.string(),
        to: z.string(),
        /** How many contributions were paid in it. */
        count: z.number().int(),
        memberPence: money,
        employerPence: money,
        totalPence: money,
      }),
    ),
  }),
});
export type DcPot = z.infer<typeof dcPotSchema>;
