import type { IsoDate } from './dates';
import { ageLines } from './age-lines';
import { retirementApplicationStatus, type RetirementApplicationStatus } from './application-status';
import { dcLifeStage, lifeStage, type DcLifeStage, type LifeStage, type MemberStatus } from './life-stage';
import { minimumPensionDate, nmpaBand, type NmpaBand } from './minimum-pension-age';
import { ageOn, ageString, exactAgeOn, periodString, termToRetirement, type YearsMonths } from './periods';
import {
  applicationStartRange,
  confirmationDate,
  dateAtAge,
  dcRetirementDate,
  effectiveRetirementDate,
  isRetirementDateOutOfRange,
  retirementDateHelper,
  retirementDates,
  retirementDateWindow,
  gmpAge,
  type ApplicationStartRange,
  type DateWindow,
  type RetirementDates,
} from './retirement-dates';
import type { SchemeConfig } from './scheme-config';

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
  selectedRetirementDate?: IsoDate | null;
  hasOpenPaperCase?: boolean;
  journey?: { submitted: boolean; expired: boolean } | null;
}

export interface RetirementDatesAges {
  schemeCode: string;
  ages: { earliest: number; normal: number; latest: number; gmp: number | null; target: number | null };
  dates: RetirementDates & { target: IsoDate | null };
  /** For DC schemes: the date new DC calculations use. */
  dcRetirementDate: IsoDate | null;
  effectiveDate: IsoDate;
  age: number;
  exactAge: number;
  currentAge: string;
  timeToNormalRetirement: string;
  timeToTargetRetirement: string | null;
  termToRetirement: YearsMonths;
  lifeStage: LifeStage;
  dcLifeStage: DcLifeStage | null;
  retirementApplicationStatus: RetirementApplicationStatus;
  window: DateWindow;
  applicationStartRange: ApplicationStartRange;
  confirmationDate: IsoDate;
  outOfRange: boolean;
  minimumPensionDate: IsoDate;
  nmpaBand: NmpaBand;
  suggestedRetirementDate: IsoDate;
  ageLines: number[];
}

/** Everything the portal shows about when a member can retire, in one call. */
export function retirementDatesAges(
  member: SummaryMember,
  scheme: SchemeConfig,
  request: RetirementSummaryRequest,
): RetirementDatesAges {
  const { today } = request;
  const dob = member.dateOfBirth;
  const dates = retirementDates(dob, scheme.ages);
  const effectiveDate = effectiveRetirementDate(dates.normal, today);
  const targetAge =
    scheme.kind === 'DC' ? (member.targetRetirementAge ?? scheme.defaultTargetRetirementAge) : null;
  const targetDate = targetAge === null ? null : dateAtAge(dob, targetAge);
  const age = ageOn(dob, today);
  const stage = lifeStage({
    status: member.status,
    dateOfBirth: dob,
    today,
    earliestRetirementAge: scheme.ages.earliestRetirementAge,
    normalRetirementAge: scheme.ages.normalRetirementAge,
    latestRetirementAge: scheme.ages.latestRetirementAge,
    preRetirementAgePeriodInYears: request.preRetirementAgePeriodInYears,
    newlyRetiredRangeInMonths: request.newlyRetiredRangeInMonths,
    dateRetired: member.dateRetired,
  });
  const window = retirementDateWindow(dates, today, scheme.retirementDatePicker);
  // Without a chosen date the first selectable day is assessed (the bare rule's ERD default is often past).
  const selected = request.selectedRetirementDate ?? window.from;
  return {
    schemeCode: scheme.code,
    ages: {
      earliest: scheme.ages.earliestRetirementAge,
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
    timeToNormalRetirement: periodString(today, dates.normal),
    timeToTargetRetirement: targetDate === null ? null : periodString(today, targetDate),
    termToRetirement: termToRetirement(today, targetDate ?? dates.normal),
    lifeStage: stage,
    dcLifeStage: targetDate === null ? null : dcLifeStage(targetDate, today),
    retirementApplicationStatus: retirementApplicationStatus({
      status: member.status,
      lifeStage: stage,
      today,
      earliestRetirementDate: dates.earliest,
      selectedRetirementDate: selected,
      // the first day on or after the selected date that benefits may be taken: later than it only when it is too soon
      normalMinimumPensionDate: minimumPensionDate(dob, selected, member.protectedPensionAge),
      hasOpenPaperCase: request.hasOpenPaperCase ?? false,
      journey: request.journey,
    }),
    window,
    applicationStartRange: applicationStartRange(effectiveDate, today),
    confirmationDate: confirmationDate(effectiveDate),
    outOfRange: isRetirementDateOutOfRange(effectiveDate, today),
    minimumPensionDate: minimumPensionDate(dob, today, member.protectedPensionAge),
    nmpaBand: nmpaBand(dob),
    suggestedRetirementDate: retirementDateHelper(today),
    ageLines: ageLines(age, scheme.ages.earliestRetirementAge, scheme.ages.normalRetirementAge),
  };
}
