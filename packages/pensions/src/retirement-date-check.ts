import type { IsoDate } from './dates';
import { CalculationError } from './errors';
import { mayTakeBenefitsOn } from './minimum-pension-age';
import type { RetirementDates } from './retirement-dates';

export interface QuotableMember {
  status: string;
  dateOfBirth: IsoDate;
  protectedPensionAge?: number | null;
}

/** Refuses a retirement date a quote cannot be given for, DB or DC alike; the tax rule is named before the scheme's. */
export function assertQuotableRetirementDate(
  member: QuotableMember,
  dates: RetirementDates,
  date: IsoDate,
  today: IsoDate,
): void {
  if (member.status === 'Pensioner')
    throw new CalculationError('invalid_member', 'The member has already retired');
  if (date < today)
    throw new CalculationError('retirement_date_in_past', 'The retirement date has passed', { date });
  if (!mayTakeBenefitsOn(member.dateOfBirth, date, member.protectedPensionAge)) {
    throw new CalculationError('below_minimum_pension_age', 'Below the minimum pension age on that date', {
      date,
    });
  }
  if (date < dates.earliest) {
    throw new CalculationError('retirement_date_before_earliest', 'Before the earliest retirement date', {
      earliest: dates.earliest,
    });
  }
  if (date > dates.latest) {
    throw new CalculationError('retirement_date_after_latest', 'After the latest retirement date', {
      latest: dates.latest,
    });
  }
}
