import { caseDeadlinesSchema, type CaseDeadlines } from '@meridian/contracts';
import { addDays, addMonths, addWorkingDays, isoDate, utcDay, type IsoDate } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';
import { findDocument } from '../content/document-repository';

/**
 * When each type of case must be done by, where a tenant's content sets none
 * (content/tenants/<tenant>/case-deadlines.json, validated at the content sync by `caseDeadlinesSchema`).
 * Case types are those of the tenants' journeys and the portal's own requests; a type no rule names
 * gets `otherwise`.
 */
export const defaultCaseDeadlines: CaseDeadlines = caseDeadlinesSchema.parse({
  rules: [
    { caseTypes: ['RTQ9', 'DCQ', 'TVS'], months: 2, describe: 'Quote: 2 months from the request' },
    {
      caseTypes: ['TOP9'],
      months: 6,
      from: 'guaranteeDate',
      describe: 'Transfer payment: 6 months from the guarantee date',
    },
    { caseTypes: ['BRV1', 'BBR1'], workingDays: 5, describe: 'Death: acknowledged in 5 working days' },
  ],
  otherwise: { days: 30, describe: 'Scheme standard: 30 days' },
});

export interface CaseDeadline {
  deadline: IsoDate;
  rule: string;
}

function after(from: IsoDate, period: { months?: number; days?: number; workingDays?: number }): IsoDate {
  if (period.months !== undefined) return addMonths(from, period.months);
  if (period.workingDays !== undefined) return addWorkingDays(from, period.workingDays, 'england-and-wales');
  return addDays(from, period.days ?? 0);
}

/**
 * A case's deadline by the tenant's rules from when it was opened or, for a rule counting from the
 * guarantee date, the guarantee date the transfer locked (the opening day when none is known).
 */
export function deadlineOf(
  caseType: string,
  openedAt: Date,
  guaranteeDate: string | null,
  deadlines: CaseDeadlines = defaultCaseDeadlines,
): CaseDeadline {
  const opened = utcDay(openedAt);
  const rule = deadlines.rules.find((candidate) => candidate.caseTypes.includes(caseType));
  if (!rule) return { deadline: after(opened, deadlines.otherwise), rule: deadlines.otherwise.describe };
  const guaranteed =
    rule.from === 'guaranteeDate' && guaranteeDate && /^\d{4}-\d{2}-\d{2}$/.test(guaranteeDate)
      ? isoDate(guaranteeDate)
      : null;
  return { deadline: after(guaranteed ?? opened, rule), rule: rule.describe };
}

/** Each business group's deadline rules: its tenant's `case-deadlines` content, or the defaults. */
export async function caseDeadlinesByBusinessGroup(
  db: Database,
): Promise<(businessGroup: string) => CaseDeadlines> {
  const rows = await db
    .select({ tenantUrl: tenants.tenantUrl, businessGroups: tenants.businessGroups })
    .from(tenants);
  const byGroup = new Map<string, CaseDeadlines>();
  for (const row of rows) {
    const configured = await findDocument<CaseDeadlines>(db, row.tenantUrl, 'case-deadlines');
    if (!configured) continue;
    for (const group of row.businessGroups) byGroup.set(group, configured);
  }
  return (businessGroup) => byGroup.get(businessGroup) ?? defaultCaseDeadlines;
}
