import type { IsoDate } from './dates';
import { ageLines } from './age-lines';
import {
  applicationDatesForSelectedDate,
  isLiveJourney,
  retirementApplicationStatus,
  type ApplicationDatesForSelectedDate,
  type RetirementApplicationStatus,
  type RetirementJourneyState,
} from './application-status';
import { dcLifeStage, lifeStage, type DcLifeStage, type LifeStage, type MemberStatus } from './life-stage';
import { minimumPensionDate, nmpaBand, type NmpaBand } from './minimum-pension-age';
import { ageOn, ageString, exactAgeOn, periodString, termToRetirement, type YearsMonths } from './periods';
import {
  ageInMonthsAsYears,
  availableRetirementDateRange,
  dateAtAge,
  dcRetirementDate,
  defaultRetirementDate,
  effectiveRetirementDate,
  gmpAge,
  isRetirementDateOutOfRange,
  retirementDateHelper,
  retirementDates,
  type DateWindow,
  type RetirementDates,
} from './retirement-dates';
import { retirementDateRangeRules, type SchemeConfig } from './scheme-config';

export interface SummaryMember {
  status: MemberStatus;
  dateOfBirth: IsoDate;
  gender?: 'M' | 'F' | 'U' | null;
  dateRetired?: IsoDate | null;
  protectedPensionAge?: number | null;
  /** DC members' own target age, when they chose one. */
  targetRetirementAge?: number | null;
}

export interface RetirementSummaryRequest {
  today: IsoDate;
  /** P in the life-stage rules. */
  preRetirementAgePeriodInYears: number;
  /** N in the life-stage rules. */
  newlyRetiredRangeInMonths: number;
  /** A date the member chose; without one the default date is assessed. */
  selectedRetirementDate?: IsoDate | null;
  hasOpenPaperCase?: boolean;
  journey?: RetirementJourneyState | null;
}

export interface RetirementDatesAges {
  schemeCode: string;
  /** `earliest` is the age on the earliest date the member may retire (57 for an age-55 scheme after the NMPA rise). */
  ages: { earliest: number; normal: number; latest: number; gmp: number | null; target: number | null };
  dates: RetirementDates & { target: IsoDate | null };
  /** For DC schemes: the date new DC calculations use. */
  dcRetirementDate: IsoDate | null;
  effectiveDate: IsoDate;
  age: number;
  exactAge: number;
  /** `{y}Y{m}M` */
  currentAge: string;
  /** `{y}Y{m}M{w}W{d}D` */
  currentAgeIso: string;
  timeToNormalRetirement: string;
  /** `0Y0M0W0D` for a member without a target date. */
  timeToTargetRetirement: string;
  termToRetirement: YearsMonths;
  lifeStage: LifeStage;
  dcLifeStage: DcLifeStage | null;
  retirementApplicationStatus: RetirementApplicationStatus;
  /** Whether a retirement date can be offered at all (not to pensioners, nor when the range is closed). */
  retirementDateAvailable: boolean;
  /** The dates the member may choose from. */
  window: DateWindow;
  /** The date offered before the member chooses one; null when none can be. */
  defaultRetirementDate: IsoDate | null;
  /** The date the status and application dates are for: the chosen date, else the default, else the effective date. */
  assessedRetirementDate: IsoDate;
  applicationDates: ApplicationDatesForSelectedDate;
  outOfRange: boolean;
  minimumPensionDate: IsoDate;
  nmpaBand: NmpaBand;
  suggestedRetirementDate: IsoDate;
  ageLines: number[];
}

const NOT_RETIRING: ReadonlySet<MemberStatus> = new Set(['Pensioner', 'Dependent']);

/** Everything the portal shows about when a member can retire, in one call. */
export function retirementDatesAges(
  member: SummaryMember,
  scheme: SchemeConfig,
  request: RetirementSummaryRequest,
): RetirementDatesAges {
  const { today } = request;
  const dob = member.dateOfBirth;
  const protectedAge = member.protectedPensionAge;
  const dates = retirementDates(dob, scheme.ages, protectedAge);
  const earliestAge = ageInMonthsAsYears(dob, dates.earliest);
  const effectiveDate = effectiveRetirementDate(
    dates,
    today,
    scheme.effectiveDateRule,
    scheme.applicationWindow,
  );
  const targetAge =
    scheme.kind === 'DC' ? (member.targetRetirementAge ?? scheme.defaultTargetRetirementAge) : null;
  const targetDate = targetAge === null ? null : dateAtAge(dob, targetAge);
  const age = ageOn(dob, today);
  const stage = lifeStage({
    status: member.status,
    dateOfBirth: dob,
    today,
    earliestRetirementAge: earliestAge,
    normalRetirementAge: scheme.ages.normalRetirementAge,
    latestRetirementAge: scheme.ages.latestRetirementAge,
    preRetirementAgePeriodInYears: request.preRetirementAgePeriodInYears,
    newlyRetiredRangeInMonths: request.newlyRetiredRangeInMonths,
    dateRetired: member.dateRetired,
  });
  const window = availableRetirementDateRange(member, dates, today, retirementDateRangeRules(scheme));
  const journey = request.journey ?? null;
  const journeyDate = isLiveJourney(journey) ? (journey?.retirementDate ?? null) : null;
  const chosen = request.selectedRetirementDate ?? journeyDate;
  const available = !NOT_RETIRING.has(member.status) && window.open;
  const defaultDate = available
    ? defaultRetirementDate({ effectiveDate, range: window, today, liveJourneyRetirementDate: journeyDate })
    : null;
  const assessed = chosen ?? defaultDate ?? effectiveDate;
  return {
    schemeCode: scheme.code,
    ages: {
      earliest: earliestAge,
      normal: scheme.ages.normalRetirementAge,
      latest: scheme.ages.latestRetirementAge,
      gmp: gmpAge(member.gender),
      target: targetAge,
    },
    dates: { ...dates, target: targetDate },
    dcRetirementDate: scheme.kind === 'DC' ? dcRetirementDate(dob, today) : null,
    effectiveDate,
    age,
    exactAge: exactAgeOn(dob, today).exact,
    currentAge: ageString(dob, today),
    currentAgeIso: periodString(dob, today),
    timeToNormalRetirement: periodString(today, dates.normal),
    timeToTargetRetirement: periodString(today, targetDate),
    termToRetirement: termToRetirement(today, targetDate ?? dates.normal),
    lifeStage: stage,
    dcLifeStage: targetDate === null ? null : dcLifeStage(targetDate, today),
    retirementApplicationStatus: retirementApplicationStatus({
      status: member.status,
      lifeStage: stage,
      today,
      selectedRetirementDate: chosen,
      defaultRetirementDate: defaultDate,
      earliestRetirementDate: dates.earliest,
      // the first day on or after the chosen date that benefits may be taken: later than it only when it is too soon
      normalMinimumPensionDate: chosen ? minimumPensionDate(dob, chosen, protectedAge) : null,
      applicationWindow: scheme.applicationWindow,
      hasOpenPaperCase: request.hasOpenPaperCase ?? false,
      journey,
    }),
    retirementDateAvailable: available && defaultDate !== null,
    window,
    defaultRetirementDate: defaultDate,
    assessedRetirementDate: assessed,
    applicationDates: applicationDatesForSelectedDate(assessed, today, {
      applicationWindow: scheme.applicationWindow,
      journey,
    }),
    outOfRange: isRetirementDateOutOfRange(assessed, today, scheme.applicationWindow),
    minimumPensionDate: minimumPensionDate(dob, today, protectedAge),
    nmpaBand: nmpaBand(dob),
    suggestedRetirementDate: retirementDateHelper(today),
    ageLines: ageLines(age, earliestAge, scheme.ages.normalRetirementAge),
  };
}
