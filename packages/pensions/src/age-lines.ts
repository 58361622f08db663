import { addYears, type IsoDate } from './dates';
import { DEFAULT_LATEST_RETIREMENT_AGE } from './constants';

/**
 * Spec e.11: the ages to quote at. Starts at ERA when younger than ERA, at NRA when between ERA and NRA,
 * otherwise at next birthday's age; then consecutive ages, at most 5, never beyond 75.
 */
export function ageLines(
  currentAge: number,
  earliestRetirementAge: number,
  normalRetirementAge: number,
): number[] {
  const first =
    currentAge < earliestRetirementAge
      ? earliestRetirementAge
      : currentAge < normalRetirementAge
        ? normalRetirementAge
        : currentAge + 1;
  const lines: number[] = [];
  for (let age = first; age <= DEFAULT_LATEST_RETIREMENT_AGE && lines.length < 5; age++) lines.push(age);
  return lines;
}

export interface ProjectionAge {
  age: number;
  date: IsoDate;
  isTarget: boolean;
}

/**
 * DC projected-balance lines: the target age, then younger ages whose birthday is at least a year ahead,
 * at most 8 in all, ascending. None once the target date has passed.
 */
export function dcProjectionAges(
  dateOfBirth: IsoDate,
  targetRetirementAge: number,
  today: IsoDate,
): ProjectionAge[] {
  const targetDate = addYears(dateOfBirth, targetRetirementAge);
  if (targetDate <= today) return [];
  const yearAhead = addYears(today, 1);
  const lines: ProjectionAge[] = [{ age: targetRetirementAge, date: targetDate, isTarget: true }];
  for (let age = targetRetirementAge - 1; lines.length < 8; age--) {
    const date = addYears(dateOfBirth, age);
    if (date < yearAhead) break;
    lines.push({ age, date, isTarget: false });
  }
  return lines.reverse();
}
