import { addDays, addMonths, type IsoDate } from './dates';
import { APPLICATION_WINDOW_MONTHS } from './constants';
import { LifeStage, type MemberStatus } from './life-stage';

export const RetirementApplicationStatus = {
  NotEligibleToStart: 'NotEligibleToStart',
  EligibleToStart: 'EligibleToStart',
  StartedRA: 'StartedRA',
  ExpiredRA: 'ExpiredRA',
  SubmittedRA: 'SubmittedRA',
  RetirementCase: 'RetirementCase',
  TransferCase: 'TransferCase',
  RetirementDateOutOfRange: 'RetirementDateOutOfRange',
  Undefined: 'Undefined',
  MinimumRetirementDateOutOfRange: 'MinimumRetirementDateOutOfRange',
} as const;
export type RetirementApplicationStatus =
  (typeof RetirementApplicationStatus)[keyof typeof RetirementApplicationStatus];

export interface RetirementApplicationInput {
  status: MemberStatus;
  lifeStage: LifeStage;
  today: IsoDate;
  earliestRetirementDate: IsoDate;
  /** The date the member selected; defaults to the earliest retirement date. */
  selectedRetirementDate?: IsoDate | null;
  /** Normal minimum pension date, when it constrains the member. */
  normalMinimumPensionDate?: IsoDate | null;
  /** A paper retirement or transfer case is open with the administrator. */
  hasOpenPaperCase: boolean;
  /** The member's online retirement journey, if one was started. */
  journey?: { submitted: boolean; expired: boolean } | null;
}

const APPLYING_STAGES: ReadonlySet<LifeStage> = new Set([
  LifeStage.EligibleToApplyForRetirement,
  LifeStage.EligibleToRetire,
  LifeStage.LateRetirement,
]);

/** Spec e.3, rules applied in order. */
export function retirementApplicationStatus(input: RetirementApplicationInput): RetirementApplicationStatus {
  const selected = input.selectedRetirementDate ?? input.earliestRetirementDate;
  if (input.hasOpenPaperCase) return RetirementApplicationStatus.RetirementCase;
  if (input.lifeStage === LifeStage.Undefined) return RetirementApplicationStatus.NotEligibleToStart;
  if (input.journey && !input.journey.submitted && !input.journey.expired)
    return RetirementApplicationStatus.StartedRA;
  if (input.journey?.submitted) return RetirementApplicationStatus.SubmittedRA;
  const nmpd = input.normalMinimumPensionDate;
  if (nmpd && input.earliestRetirementDate <= selected && selected < nmpd) {
    return RetirementApplicationStatus.MinimumRetirementDateOutOfRange;
  }
  if (input.status === 'Deferred' && APPLYING_STAGES.has(input.lifeStage)) {
    const windowEnd = addMonths(input.today, APPLICATION_WINDOW_MONTHS);
    if (input.today <= selected && selected <= windowEnd) return RetirementApplicationStatus.EligibleToStart;
    if (selected > windowEnd) return RetirementApplicationStatus.RetirementDateOutOfRange;
  }
  return RetirementApplicationStatus.NotEligibleToStart;
}

/**
 * Spec e.10: when an unsubmitted retirement journey expires. A = today + daysToExpire; B = retirement date − 30 days.
 * B ≥ A → A; B on or before today → today + 7 days; otherwise B.
 */
export function retirementJourneyExpiry(retirementDate: IsoDate, today: IsoDate, daysToExpire = 90): IsoDate {
  const a = addDays(today, daysToExpire);
  const b = addDays(retirementDate, -30);
  if (b >= a) return a;
  if (b <= today) return addDays(today, 7);
  return b;
}
