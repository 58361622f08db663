import { addDays, addMonths, addWorkingDays, isoDate, utcDay, type IsoDate } from '@meridian/pensions';

/**
 * When each type of case must be done by: the scheme's configuration (statutory where the law sets
 * one). Case types are those of the tenants' journeys (content/tenants/*\/journeys.json) and the
 * portal's own requests; a type no rule names gets the default.
 */
export const caseDeadlineRules = {
  /** Quotes: two months from the request. */
  quote: { caseTypes: ['RTQ9', 'DCQ', 'TVS'], months: 2, describe: 'Quote: 2 months from the request' },
  /** A transfer is paid within six months of its guarantee date. */
  transferPayment: {
    caseTypes: ['TOP9'],
    months: 6,
    describe: 'Transfer payment: 6 months from the guarantee date',
  },
  /** A death is acknowledged within five working days (England and Wales bank holidays). */
  death: { caseTypes: ['BRV1', 'BBR1'], workingDays: 5, describe: 'Death: acknowledged in 5 working days' },
  /** Every other case. */
  other: { days: 30, describe: 'Scheme standard: 30 days' },
} as const;

export interface CaseDeadline {
  deadline: IsoDate;
  rule: string;
}

const among = (list: readonly string[], caseType: string) => list.includes(caseType);

/**
 * A case's deadline from when it was opened and, for a transfer, the guarantee date it locked (the
 * opening day when none is known).
 */
export function deadlineOf(caseType: string, openedAt: Date, guaranteeDate: string | null): CaseDeadline {
  const opened = utcDay(openedAt);
  const { quote, transferPayment, death, other } = caseDeadlineRules;
  if (among(quote.caseTypes, caseType))
    return { deadline: addMonths(opened, quote.months), rule: quote.describe };
  if (among(transferPayment.caseTypes, caseType)) {
    const from = guaranteeDate && /^\d{4}-\d{2}-\d{2}$/.test(guaranteeDate) ? isoDate(guaranteeDate) : opened;
    return { deadline: addMonths(from, transferPayment.months), rule: transferPayment.describe };
  }
  if (among(death.caseTypes, caseType))
    return { deadline: addWorkingDays(opened, death.workingDays, 'england-and-wales'), rule: death.describe };
  return { deadline: addDays(opened, other.days), rule: other.describe };
}
