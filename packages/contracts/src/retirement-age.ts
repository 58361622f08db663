/**
 * Retiring at an age instead of on a date: the age becomes a date the browser sends as any chosen date,
 * so the server checks it by the same window. Dates are ISO 'YYYY-MM-DD' strings of real days; day
 * arithmetic is done in UTC.
 */

export interface RetirementDateWindow {
  from: string;
  to: string;
}

export type RetirementAgeChoice =
  | { ok: true; date: string }
  | {
      ok: false;
      /** `whole-years`: not a whole number of years; `too-young` / `too-old`: outside the window. */
      reason: 'whole-years' | 'too-young' | 'too-old';
      /** The ages the window allows, for the reason shown to the member. */
      youngest: number;
      oldest: number;
    };

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The birthday at an age, as the calculation engine counts it (`retirement/options?age=`): someone born
 * on 29 February has it on 28 February in a common year.
 */
export function birthdayAtAge(dateOfBirth: string, age: number): string {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const targetYear = year + age;
  const lastDayOfMonth = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  return `${pad(targetYear, 4)}-${pad(month, 2)}-${pad(Math.min(day, lastDayOfMonth), 2)}`;
}

/** The member's age in whole years on a date (their birthday counts). */
export function ageOn(dateOfBirth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return birthdayAtAge(dateOfBirth, years) <= date ? years : years - 1;
}

/**
 * The retirement date for an age inside the window: the birthday at that age, or the window's first day
 * when the member is already that age then. An age the member is not at any day of the window is
 * refused with the youngest and oldest ages it allows.
 */
export function retirementDateAtAge(
  dateOfBirth: string,
  window: RetirementDateWindow,
  age: number,
): RetirementAgeChoice {
  const youngest = ageOn(dateOfBirth, window.from);
  const oldest = ageOn(dateOfBirth, window.to);
  if (!Number.isInteger(age)) return { ok: false, reason: 'whole-years', youngest, oldest };
  if (age < youngest) return { ok: false, reason: 'too-young', youngest, oldest };
  if (age > oldest) return { ok: false, reason: 'too-old', youngest, oldest };
  const birthday = birthdayAtAge(dateOfBirth, age);
  return { ok: true, date: birthday < window.from ? window.from : birthday };
}
