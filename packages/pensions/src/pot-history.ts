import { z } from 'zod';
import { addMonths, type IsoDate } from './dates';
import type { Contribution } from './fund-holdings';
import { isoDateSchema, penceSchema } from './schema-primitives';

/** The pot's value on a day, as the administrator valued it (usually each month end). */
export const potValuationSchema = z.object({ on: isoDateSchema, potPence: penceSchema });

/** A charge taken from the pot (the funds' annual management charge, taken monthly, say). */
export const potChargeSchema = z.object({
  on: isoDateSchema,
  pence: penceSchema,
  description: z.string().min(1).max(80),
});

export type PotValuation = z.infer<typeof potValuationSchema>;
export type PotCharge = z.infer<typeof potChargeSchema>;

/** How long a history the member is shown. */
export const POT_HISTORY_YEARS = 5;

/**
 * The pot's valuations over the last `POT_HISTORY_YEARS` years up to `today`, oldest first, with
 * today's value (`potPence` valued on `valuedOn`) as the last point; a later valuation of the same day
 * replaces an earlier one.
 */
export function potHistory(
  valuations: readonly PotValuation[],
  current: PotValuation | null,
  today: IsoDate,
): PotValuation[] {
  const from = addMonths(today, -12 * POT_HISTORY_YEARS);
  const byDay = new Map<string, number>();
  for (const point of [...valuations, ...(current ? [current] : [])])
    if (point.on >= from && point.on <= today) byDay.set(point.on, point.potPence);
  return [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([on, potPence]) => ({ on: on as IsoDate, potPence }));
}

/** What moved the pot over (at most) the last 12 months: what went in, what was taken, what markets did. */
export interface PotYear {
  /** The earliest valuation on or after the day 12 months before the end; null when there is none. */
  start: PotValuation | null;
  end: PotValuation;
  paidInPence: number;
  chargesPence: number;
  /**
   * The investment return before charges: the change in value less what was paid in, plus what the
   * charges took (so that start + paid in + return − charges = end). Null without a start.
   */
  returnPence: number | null;
}

/**
 * The pot's last 12 months, from its earliest valuation on or after the day a year before `end.on`
 * (so never more than a year) to `end`: contributions and charges dated after the start and up to
 * the end are counted; without a start, those of the whole year.
 */
export function potYear(
  valuations: readonly PotValuation[],
  end: PotValuation,
  contributions: readonly Contribution[],
  charges: readonly PotCharge[],
): PotYear {
  const yearAgo = addMonths(end.on, -12);
  const start = valuations
    .filter((point) => point.on >= yearAgo && point.on < end.on)
    .reduce<PotValuation | null>(
      (earliest, point) => (earliest && earliest.on <= point.on ? earliest : point),
      null,
    );
  const after = start ? start.on : yearAgo;
  const within = (day: IsoDate) => day > after && day <= end.on;
  const paidInPence = contributions
    .filter((contribution) => within(contribution.paidOn))
    .reduce((sum, contribution) => sum + contribution.memberPence + contribution.employerPence, 0);
  const chargesPence = charges
    .filter((charge) => within(charge.on))
    .reduce((sum, charge) => sum + charge.pence, 0);
  return {
    start,
    end,
    paidInPence,
    chargesPence,
    returnPence: start ? end.potPence - start.potPence - paidInPence + chargesPence : null,
  };
}
