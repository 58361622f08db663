import { addDays, addMonths, type IsoDate } from './dates';

/**
 * How long before the retirement date a member may apply: a number of calendar months (6 by default) or of
 * days (a scheme may use 90). Set per scheme in its configuration.
 */
export type ApplicationWindow = Readonly<{ months: number } | { days: number }>;

export const DEFAULT_APPLICATION_WINDOW: ApplicationWindow = Object.freeze({ months: 6 });

/** The date one application window after (direction 1) or before (direction −1) a date. */
export function shiftByApplicationWindow(
  date: IsoDate,
  window: ApplicationWindow,
  direction: 1 | -1 = 1,
): IsoDate {
  return 'months' in window
    ? addMonths(date, direction * window.months)
    : addDays(date, direction * window.days);
}

/** The last day a retirement date can be and still be inside the window that opens today. */
export function applicationWindowEnd(
  today: IsoDate,
  window: ApplicationWindow = DEFAULT_APPLICATION_WINDOW,
): IsoDate {
  return shiftByApplicationWindow(today, window);
}
