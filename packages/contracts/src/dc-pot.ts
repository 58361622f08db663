import { z } from 'zod';

const money = z.number().int();

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
    }),
  ),
  /** Contributions paid in the 12 months up to and including today. */
  contributions: z.object({
    from: z.string(),
    to: z.string(),
    memberPence: money,
    employerPence: money,
    totalPence: money,
  }),
});
export type DcPot = z.infer<typeof dcPotSchema>;
