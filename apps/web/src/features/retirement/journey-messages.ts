import type { JourneyMessage } from '../journeys';

/**
 * A member's words for the retirement figures' refusals (the retirement application's start, the
 * planner, the quote picker, the DC choose page), which the app's wiring registers with the journey
 * engine's messages. `retirement_date_not_open` is not here: the service's own message says it.
 */
export const retirementJourneyMessages: Readonly<Record<string, JourneyMessage>> = {
  retirement_date_outside_window: 'Choose a date inside the range shown',
  retirement_date_in_past: 'The retirement date must be in the future',
  retirement_date_before_earliest: 'The date is before the earliest date you can retire',
  retirement_date_after_latest: 'The date is after the latest date you can retire',
  below_minimum_pension_age: 'You will be under the minimum pension age on that date',
  lump_sum_out_of_range: 'Enter an amount between the minimum and the maximum shown',
};
