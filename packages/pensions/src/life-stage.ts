import { addMonths, type IsoDate } from './dates';
import { DEFAULT_LATEST_RETIREMENT_AGE, OVER_LATEST_MARGIN_MONTHS } from './constants';
import { ageOn, exactAgeOn } from './periods';

export const LifeStage = {
  NotEligibleToRetire: 'NotEligibleToRetire',
  PreRetiree: 'PreRetiree',
  EligibleToRetire: 'EligibleToRetire',
  LateRetirement: 'LateRetirement',
  NewlyRetired: 'NewlyRetired',
  EstablishedRetiree: 'EstablishedRetiree',
  EligibleToApplyForRetirement: 'EligibleToApplyForRetirement',
  Undefined: 'Undefined',
  CloseToLatestRetirementAge: 'CloseToLatestRetirementAge',
  OverLatestRetirementAge: 'OverLatestRetirementAge',
} as const;
export type LifeStage = (typeof LifeStage)[keyof typeof LifeStage];

export type MemberStatus = 'ReadyToEnroll' | 'Active' | 'Deferred' | 'Pensioner' | 'Dependent' | 'Undefined';

export interface LifeStageInput {
  status: MemberStatus;
  dateOfBirth: IsoDate | null | undefined;
  today: IsoDate;
  earliestRetirementAge: number;
  normalRetirementAge: number;
  latestRetirementAge?: number | null;
  /** P: years before ERA when a member becomes a pre-retiree (from the request). */
  preRetirementAgePeriodInYears: number;
  /** N: months after retiring during which a pensioner is newly retired (from the request). */
  newlyRetiredRangeInMonths: number;
  /** The date a pensioner's pension started (the spec's ERD for pensioners). */
  dateRetired?: IsoDate | null;
}

/** Spec e.2. Ages are compared as whole years (ERA/NRA truncated) except where the spec uses exact age. */
export function lifeStage(input: LifeStageInput): LifeStage {
  const { today } = input;
  if (input.status === 'Pensioner') {
    if (!input.dateRetired) return LifeStage.Undefined;
    const newlyRetiredUntil = addMonths(input.dateRetired, input.newlyRetiredRangeInMonths);
    return today >= input.dateRetired && today < newlyRetiredUntil
      ? LifeStage.NewlyRetired
      : LifeStage.EstablishedRetiree;
  }
  if (!input.dateOfBirth) return LifeStage.Undefined;

  const era = Math.trunc(input.earliestRetirementAge);
  const nra = Math.trunc(input.normalRetirementAge);
  const lra = input.latestRetirementAge ?? DEFAULT_LATEST_RETIREMENT_AGE;
  const age = ageOn(input.dateOfBirth, today);
  const exact = exactAgeOn(input.dateOfBirth, today).exact;

  if (age < era - input.preRetirementAgePeriodInYears) return LifeStage.NotEligibleToRetire;
  if (exact < era - 0.5) return LifeStage.PreRetiree;
  if (exact < era) return LifeStage.EligibleToApplyForRetirement;
  if (age < nra) return LifeStage.EligibleToRetire;
  if (exact < lra - 0.5) return LifeStage.LateRetirement;
  if (exact < lra - OVER_LATEST_MARGIN_MONTHS / 12) return LifeStage.CloseToLatestRetirementAge;
  return LifeStage.OverLatestRetirementAge;
}

export type DcLifeStage = 'farFromTRD' | 'approachingTRD' | 'closeToTRD' | 'exceededTRD';

/** DC life stage by the target (or normal) retirement date. */
export function dcLifeStage(targetRetirementDate: IsoDate, today: IsoDate): DcLifeStage {
  if (targetRetirementDate <= today) return 'exceededTRD';
  if (targetRetirementDate <= addMonths(today, 12)) return 'closeToTRD';
  if (targetRetirementDate <= addMonths(today, 36)) return 'approachingTRD';
  return 'farFromTRD';
}
