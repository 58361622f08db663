import { addYears, isoDate, maxDate, type IsoDate } from './dates';
import { completedYears } from './periods';

/** The normal minimum pension age rises from 55 to 57 on this date (Finance Act 2022). */
export const NMPA_RISE_DATE = isoDate('2028-04-06');

/** The normal minimum pension age in force on a date. */
export function normalMinimumPensionAge(on: IsoDate): 55 | 57 {
  return on < NMPA_RISE_DATE ? 55 : 57;
}

export const NMPA = { Pre: 'NMPA.Pre', Current: 'NMPA.Current', Post: 'NMPA.Post' } as const;
export type NmpaBand = (typeof NMPA)[keyof typeof NMPA];

/**
 * Pre: born before 6 April 1971, 57 before the rise. Current: reaches 55 before the rise but not 57, so 55
 * applies only to dates before 6 April 2028. Post: born on or after 6 April 1973, reaches 55 after 5 April 2028,
 * so 57 applies.
 */
export function nmpaBand(dateOfBirth: IsoDate): NmpaBand {
  if (dateOfBirth < '1971-04-06') return NMPA.Pre;
  if (dateOfBirth <= '1973-04-05') return NMPA.Current;
  return NMPA.Post;
}

/** Whether a member may take benefits on a date: at or above a protected pension age, or the NMPA then in force. */
export function mayTakeBenefitsOn(
  dateOfBirth: IsoDate,
  on: IsoDate,
  protectedPensionAge?: number | null,
): boolean {
  if (protectedPensionAge != null && on >= addYears(dateOfBirth, protectedPensionAge)) return true;
  return on >= addYears(dateOfBirth, normalMinimumPensionAge(on));
}

/**
 * The normal minimum pension date (NMPD): the first date on or after `from` on which the member may take
 * benefits. For the Current band this is the 55th birthday while that is before the rise, otherwise the 57th.
 */
export function minimumPensionDate(
  dateOfBirth: IsoDate,
  from: IsoDate,
  protectedPensionAge?: number | null,
): IsoDate {
  const candidates = [addYears(dateOfBirth, 55), addYears(dateOfBirth, 57)];
  if (protectedPensionAge != null) candidates.unshift(addYears(dateOfBirth, protectedPensionAge));
  for (const candidate of candidates.sort()) {
    const date = maxDate(candidate, from);
    if (mayTakeBenefitsOn(dateOfBirth, date, protectedPensionAge)) return date;
  }
  return maxDate(addYears(dateOfBirth, 57), from);
}

/**
 * The whole ages a DC member may choose as their target retirement age: from the first birthday on
 * which they may take benefits (the minimum pension age, or a protected one) that is still to come, to
 * the scheme's latest retirement age.
 */
export function targetAgeRange(
  dateOfBirth: IsoDate,
  today: IsoDate,
  latestRetirementAge: number,
  protectedPensionAge?: number | null,
): { min: number; max: number } {
  let min = Math.floor(completedYears(dateOfBirth, today)) + 1;
  while (!mayTakeBenefitsOn(dateOfBirth, addYears(dateOfBirth, min), protectedPensionAge)) min += 1;
  return { min, max: Math.floor(latestRetirementAge) };
}
