import {
  CalculationError,
  CalculationProviderError,
  addMonths,
  ageOn,
  completedMonths,
  isoDate,
  type CalculationProvider,
  type IsoDate,
  type RetirementDatesAges,
} from '@meridian/pensions';
import type { MemberAlert, MembershipSummary } from '@meridian/contracts';
import type { members, schemes } from '../../db/schema';
import { calculationMember } from '../member-data/calculations';
import { displayDate, displayMonths } from '../../lib/display';
import type { LifeStagePeriods } from '../../plugins/member-auth';

type MemberRow = typeof members.$inferSelect;
type SchemeRow = typeof schemes.$inferSelect;

/** Retirement ages and dates from the calculation provider, or null when it cannot work them out. */
export async function retirementFigures(
  calculations: CalculationProvider,
  member: MemberRow,
  scheme: SchemeRow,
  today: IsoDate,
  periods: LifeStagePeriods,
): Promise<RetirementDatesAges | null> {
  try {
    return await calculations.retirementDatesAges({
      schemeCode: scheme.code,
      today,
      member: calculationMember(member),
      ...periods,
    });
  } catch (error) {
    // Refused by the rules or the provider unreachable: the summary shows no figures rather than failing.
    if (error instanceof CalculationError || error instanceof CalculationProviderError) return null;
    throw error;
  }
}

/** Service that counts towards a defined benefit pension; a savings pot has none. */
function pensionableService(member: MemberRow, scheme: SchemeRow, today: IsoDate) {
  if (scheme.type === 'DC') return null;
  const from = member.datePensionableServiceStarted ?? member.dateJoinedScheme;
  if (!from) return null;
  const to = member.dateLeftScheme ?? member.dateRetired ?? today;
  const months = Math.max(0, completedMonths(isoDate(from), isoDate(to)));
  return { years: Math.floor(months / 12), months: months % 12 };
}

export function membershipSummary(
  member: MemberRow,
  scheme: SchemeRow,
  figures: RetirementDatesAges | null,
  today: IsoDate,
): MembershipSummary {
  return {
    referenceNumber: member.referenceNumber,
    membershipNumber: member.membershipNumber,
    payrollNumber: member.payrollNumber,
    schemeName: scheme.name,
    schemeType: scheme.type,
    category: member.category,
    status: member.status,
    dateJoinedCompany: member.dateJoinedCompany,
    dateJoinedScheme: member.dateJoinedScheme,
    // The date left means something to a deferred member only: a pensioner's shows as the date retired.
    dateLeftScheme: member.status === 'Deferred' ? member.dateLeftScheme : null,
    dateRetired: member.dateRetired,
    pensionableService: pensionableService(member, scheme, today),
    normalRetirementAge: figures?.ages.normal ?? null,
    normalRetirementDate: figures?.dates.normal ?? null,
    earliestRetirementAge: figures?.ages.earliest ?? null,
    earliestRetirementDate: figures?.dates.earliest ?? null,
    targetRetirementAge: scheme.type === 'DC' ? (figures?.ages.target ?? null) : null,
    targetRetirementDate: scheme.type === 'DC' ? (figures?.dates.target ?? null) : null,
    age: ageOn(isoDate(member.dateOfBirth), today),
  };
}

/** The member's retirement application as the alerts read it (see `retirementApplicationOf`). */
export interface ApplicationFacts {
  submitted: boolean;
  expired: boolean;
  retirementDate: string | null;
}

export interface AlertFacts {
  member: MemberRow;
  scheme: SchemeRow;
  figures: RetirementDatesAges | null;
  hasBankAccount: boolean;
  /** The retirement application, or null when the member has none. */
  application: ApplicationFacts | null;
  today: IsoDate;
  /** Where this tenant tells the member about taking their pension (null: no such page). */
  retirementLink: string | null;
}

const monthsUntil = (today: IsoDate, date: string) => completedMonths(today, isoDate(date));

/** How long before a pension starts the scheme asks for the account to pay it into. */
const BANK_DETAILS_MONTHS_AHEAD = 6;

/**
 * Whether the scheme needs the member's bank account now: a pension is being paid, an open retirement
 * application asks for it, or the member's retirement date is at most 6 months away (or has passed):
 * the date applied for, else the target date of a savings pot or the normal retirement date. Being
 * able to take the pension (years before that date) is not reason enough.
 */
function bankDetailsNeeded({ member, scheme, figures, application, today }: AlertFacts): boolean {
  if (member.status === 'Pensioner') return true;
  const live = application && !application.expired ? application : null;
  if (live && !live.submitted) return true;
  const retirementDate =
    live?.retirementDate ?? (scheme.type === 'DC' ? figures?.dates.target : figures?.dates.normal) ?? null;
  return retirementDate !== null && retirementDate <= addMonths(today, BANK_DETAILS_MONTHS_AHEAD);
}

/**
 * What the member should know or do now, worked out from their record: priority alerts ask for an
 * action that holds up a payment; the others are reminders.
 */
export function memberAlerts(facts: AlertFacts): MemberAlert[] {
  const { member, scheme, figures, hasBankAccount, today, retirementLink } = facts;
  const alerts: MemberAlert[] = [];
  const add = (alertId: string, priority: boolean, messageText: string, link: string | null) =>
    alerts.push({ alertId, priority, messageText, link, effectiveDate: today });

  if (!hasBankAccount && bankDetailsNeeded(facts)) {
    add(
      'bank-details-needed',
      true,
      'We need your bank details so that we can pay your pension.',
      '/my-details/bank',
    );
  }
  if (!member.email) {
    add(
      'email-needed',
      true,
      'Add an email address so that we can tell you about your pension.',
      '/my-details/email',
    );
  }
  if (member.status !== 'Pensioner' && figures) {
    const target = scheme.type === 'DC' ? figures.dates.target : null;
    const earliest = figures.dates.earliest;
    if (earliest > today && monthsUntil(today, earliest) < 6) {
      add(
        'retirement-window-opens',
        false,
        `Your retirement window opens in ${displayMonths(Math.max(1, monthsUntil(today, earliest)))}, on ${displayDate(earliest)}.`,
        retirementLink,
      );
    } else if (earliest <= today && figures.dates.normal > today) {
      add(
        'retirement-window-open',
        false,
        'You can take your pension now. See your options before you decide.',
        retirementLink,
      );
    }
    if (target && target > today && monthsUntil(today, target) <= 12) {
      add(
        'target-retirement-near',
        false,
        `Your target retirement date is ${displayDate(target)}, in ${displayMonths(monthsUntil(today, target))}.`,
        retirementLink,
      );
    }
  }
  if (!member.mobilePhone) {
    add(
      'mobile-missing',
      false,
      'Add a mobile number so that we can text you about your pension.',
      '/my-details/mobile',
    );
  }
  if (!member.address) {
    add(
      'address-missing',
      true,
      'Tell us your address so that your letters reach you.',
      '/my-details/address',
    );
  }
  return alerts;
}
