import { addDays, maxDate, type IsoDate } from './dates';
import { mayTakeBenefitsOn, normalMinimumPensionAge } from './minimum-pension-age';
import { dateAtAge, type RetirementAges, type RetirementDates } from './retirement-dates';

/** The dates a member not yet retired may model their pension at. */
export interface PlanningRange {
  from: IsoDate;
  to: IsoDate;
  /** False when no day is left to model (the latest retirement date has passed). */
  open: boolean;
}

/**
 * Planning is not applying: any date from the earliest the rules allow (never before tomorrow) to the latest
 * retirement date, however far off, with no application window and no processing period.
 */
export function planningRange(dates: RetirementDates, today: IsoDate): PlanningRange {
  const from = maxDate(dates.earliest, addDays(today, 1));
  return { from, to: dates.latest, open: from <= dates.latest };
}

/** Each whole age whose birthday falls inside the range, with that birthday (29 February as 28 February). */
export function planningAges(dateOfBirth: IsoDate, range: PlanningRange): { age: number; date: IsoDate }[] {
  const ages: { age: number; date: IsoDate }[] = [];
  if (!range.open) return ages;
  const first = Number(range.from.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - 1;
  for (let age = Math.max(0, first); ; age += 1) {
    const date = dateAtAge(dateOfBirth, age);
    if (date > range.to) return ages;
    if (date >= range.from) ages.push({ age, date });
  }
}

/**
 * What sets the earliest retirement date: the scheme's own earliest age ('scheme'), the normal minimum
 * pension age the law sets (55, rising to 57 on 6 April 2028) when that comes later, or a protected pension
 * age that lets the member go sooner than the law's age would.
 */
export type EarliestRetirementReason = 'scheme' | 'minimum-pension-age' | 'protected-pension-age';

export interface EarliestRetirement {
  reason: EarliestRetirementReason;
  /** The normal minimum pension age in force on the earliest date. */
  normalMinimumPensionAge: 55 | 57;
}

export function earliestRetirement(
  dateOfBirth: IsoDate,
  ages: Pick<RetirementAges, 'earliestRetirementAge'>,
  dates: Pick<RetirementDates, 'earliest'>,
  protectedPensionAge?: number | null,
): EarliestRetirement {
  const nmpa = normalMinimumPensionAge(dates.earliest);
  if (dates.earliest > dateAtAge(dateOfBirth, ages.earliestRetirementAge))
    return { reason: 'minimum-pension-age', normalMinimumPensionAge: nmpa };
  const protectedApplies =
    protectedPensionAge != null && !mayTakeBenefitsOn(dateOfBirth, dates.earliest, null);
  return { reason: protectedApplies ? 'protected-pension-age' : 'scheme', normalMinimumPensionAge: nmpa };
}
