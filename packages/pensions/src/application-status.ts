import { applicationWindowEnd, type ApplicationWindow } from './application-window';
import { addDays, type IsoDate } from './dates';
import { applicationStartRange, confirmationDate } from './retirement-dates';
import { RETIREMENT_JOURNEY_EXPIRY_DAYS } from './constants';
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

/** The member's online retirement journey, when one was started. */
export interface RetirementJourneyState {
  submitted: boolean;
  expired: boolean;
  /** The retirement date the journey holds. */
  retirementDate?: IsoDate | null;
  /** When the unsubmitted journey lapses (e.10). */
  expiresOn?: IsoDate | null;
}

/** A journey that is neither submitted nor expired: the date it holds stands in for the member's choice. */
export const isLiveJourney = (journey: RetirementJourneyState | null | undefined): boolean =>
  !!journey && !journey.submitted && !journey.expired;

export interface RetirementApplicationInput {
  status: MemberStatus;
  lifeStage: LifeStage;
  today: IsoDate;
  /** A date the member chose (or a live journey holds). Only such a date can be refused for the minimum pension age. */
  selectedRetirementDate?: IsoDate | null;
  /** The date offered when the member has not chosen one (see defaultRetirementDate); null when none can be offered. */
  defaultRetirementDate: IsoDate | null;
  /** The scheme's earliest retirement date for the member (never before their minimum pension date). */
  earliestRetirementDate: IsoDate;
  /** The first date on or after the selected date on which the member may take benefits (minimumPensionDate). */
  normalMinimumPensionDate?: IsoDate | null;
  applicationWindow?: ApplicationWindow;
  /** A paper retirement or transfer case is open with the administrator. */
  hasOpenPaperCase: boolean;
  journey?: RetirementJourneyState | null;
}

const APPLYING_STAGES: ReadonlySet<LifeStage> = new Set([
  LifeStage.EligibleToApplyForRetirement,
  LifeStage.EligibleToRetire,
  LifeStage.LateRetirement,
]);

/**
 * Spec e.3, rules applied in order. The minimum-pension-date rule applies to a date the member selected only,
 * and only to one on or after the earliest retirement date (a date the scheme allows that the law does not yet):
 * a date before the earliest retirement date follows the other rules but is never eligible to start. For the
 * default date, life stage and the application window decide.
 */
export function retirementApplicationStatus(input: RetirementApplicationInput): RetirementApplicationStatus {
  if (input.hasOpenPaperCase) return RetirementApplicationStatus.RetirementCase;
  if (input.lifeStage === LifeStage.Undefined) return RetirementApplicationStatus.NotEligibleToStart;
  if (isLiveJourney(input.journey)) return RetirementApplicationStatus.StartedRA;
  if (input.journey?.submitted) return RetirementApplicationStatus.SubmittedRA;
  const chosen = input.selectedRetirementDate;
  const nmpd = input.normalMinimumPensionDate;
  const erd = input.earliestRetirementDate;
  if (chosen && nmpd && erd <= chosen && chosen < nmpd)
    return RetirementApplicationStatus.MinimumRetirementDateOutOfRange;
  const date = chosen ?? input.defaultRetirementDate;
  if (date && input.status === 'Deferred' && APPLYING_STAGES.has(input.lifeStage)) {
    const windowEnd = applicationWindowEnd(input.today, input.applicationWindow);
    if (date > windowEnd) return RetirementApplicationStatus.RetirementDateOutOfRange;
    if (input.today <= date && erd <= date) return RetirementApplicationStatus.EligibleToStart;
  }
  return RetirementApplicationStatus.NotEligibleToStart;
}

export interface ApplicationDatesForSelectedDate {
  /** The first day an application may be started: one window before the date, only when the date is further away. */
  earliestStart: IsoDate | null;
  /** The last day an application may be started: 37 days before the date. */
  latestStart: IsoDate;
  /** When the administrator confirms the retirement: 14 days before the date. */
  confirmation: IsoDate;
  /** When the application lapses: the live journey's own expiry, else the one a journey started today would get. */
  expiry: IsoDate;
}

/** status-v2's "…ForSelectedDate" dates, all worked out from the one retirement date they are for. */
export function applicationDatesForSelectedDate(
  retirementDate: IsoDate,
  today: IsoDate,
  options: { applicationWindow?: ApplicationWindow; journey?: RetirementJourneyState | null } = {},
): ApplicationDatesForSelectedDate {
  const range = applicationStartRange(retirementDate, today, options.applicationWindow);
  const journeyExpiry = isLiveJourney(options.journey) ? options.journey?.expiresOn : null;
  return {
    earliestStart: range.earliest,
    latestStart: range.latest,
    confirmation: confirmationDate(retirementDate),
    expiry: journeyExpiry ?? retirementJourneyExpiry(retirementDate, today),
  };
}

/**
 * Spec e.10: when an unsubmitted retirement journey expires. A = today + daysToExpire; B = retirement date − 30 days.
 * B ≥ A → A; B on or before today → today + 7 days; otherwise B.
 */
export function retirementJourneyExpiry(
  retirementDate: IsoDate,
  today: IsoDate,
  daysToExpire = RETIREMENT_JOURNEY_EXPIRY_DAYS,
): IsoDate {
  const a = addDays(today, daysToExpire);
  const b = addDays(retirementDate, -30);
  if (b >= a) return a;
  if (b <= today) return addDays(today, 7);
  return b;
}

/**
 * Spec e.12: when an unsubmitted DC retirement application expires: 21 days before the retirement date
 * when that comes before today + daysToExpire, else today + daysToExpire. A date whose 21 days before is
 * today or already past keeps the application 7 days (as e.10 does), rather than expiring it at once.
 */
export function dcApplicationExpiry(
  retirementDate: IsoDate,
  today: IsoDate,
  daysToExpire = RETIREMENT_JOURNEY_EXPIRY_DAYS,
): IsoDate {
  const a = addDays(today, daysToExpire);
  const b = addDays(retirementDate, -21);
  if (b >= a) return a;
  if (b <= today) return addDays(today, 7);
  return b;
}
