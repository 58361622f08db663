import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  acknowledgingCaseEvents,
  caseDeadlinesSchema,
  type CaseDeadlines,
  type JourneyDefinition,
} from '@meridian/contracts';
import {
  addDays,
  addMonths,
  addWorkingDays,
  bankHolidays,
  isoDate,
  utcDay,
  type IsoDate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import {
  caseEvents,
  memberCases,
  schemeActors,
  staffAccounts,
  tenantCaseDeadlines,
  tenants,
} from '../../db/schema';
import { findDocument } from '../content/document-repository';

/**
 * When each type of case must be done by, where neither an administrator in the console (Case
 * deadlines) nor the tenant's content (content/tenants/<tenant>/case-deadlines.json, validated at the
 * content sync by `caseDeadlinesSchema`) sets them.
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
    {
      caseTypes: ['BRV1', 'BBR1'],
      workingDays: 5,
      until: 'acknowledged',
      describe: 'Death: acknowledged in 5 working days',
    },
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
 * guarantee date, the guarantee date the transfer locked (the opening day when none is known). A rule
 * met by the acknowledgement (a report of a death) is met once staff first acknowledged the case
 * (`acknowledgedAt`, see `acknowledgingCaseEvents`): from then its deadline is the rule's `then`, or
 * the tenant's `otherwise`, counted from the day of the acknowledgement.
 */
export function deadlineOf(
  caseType: string,
  openedAt: Date,
  guaranteeDate: string | null,
  deadlines: CaseDeadlines = defaultCaseDeadlines,
  acknowledgedAt: Date | null = null,
): CaseDeadline {
  const opened = utcDay(openedAt);
  const rule = deadlines.rules.find((candidate) => candidate.caseTypes.includes(caseType));
  if (!rule) return { deadline: after(opened, deadlines.otherwise), rule: deadlines.otherwise.describe };
  if (rule.until === 'acknowledged' && acknowledgedAt) {
    const acknowledged = utcDay(acknowledgedAt);
    const next = rule.then ?? deadlines.otherwise;
    return {
      deadline: after(acknowledged, next),
      rule: `${next.describe}, from the acknowledgement on ${acknowledged} (${rule.describe}: met)`,
    };
  }
  const guaranteed =
    rule.from === 'guaranteeDate' && guaranteeDate && /^\d{4}-\d{2}-\d{2}$/.test(guaranteeDate)
      ? isoDate(guaranteeDate)
      : null;
  return { deadline: after(guaranteed ?? opened, rule), rule: rule.describe };
}

/** When staff first acknowledged a case (see `acknowledgingCaseEvents`), as SQL over `caseNumber`. */
export const acknowledgedAtSql = (caseNumber: SQL | AnyColumn) =>
  sql<Date | null>`(select min(${caseEvents.at}) from ${caseEvents} where ${caseEvents.caseNumber} = ${caseNumber} and ${inArray(
    caseEvents.kind,
    [...acknowledgingCaseEvents],
  )} and ${inArray(caseEvents.actor, [...schemeActors])})`.mapWith(caseEvents.at);

/** Where a tenant's deadlines come from: set in the console, its content file, or the defaults. */
export interface TenantDeadlines {
  deadlines: CaseDeadlines;
  source: 'console' | 'content' | 'default';
  changedAt: Date | null;
  changedBy: string | null;
}

/**
 * A tenant's deadline rules in force: those an administrator set in the console
 * (portal.tenant_case_deadlines), else its `case-deadlines` content, else the defaults.
 */
export async function deadlinesOfTenant(db: Database, tenantUrl: string): Promise<TenantDeadlines> {
  const [set] = await db
    .select({
      deadlines: tenantCaseDeadlines.deadlines,
      changedAt: tenantCaseDeadlines.changedAt,
      changedBy: staffAccounts.name,
    })
    .from(tenantCaseDeadlines)
    .innerJoin(staffAccounts, eq(staffAccounts.id, tenantCaseDeadlines.changedBy))
    .where(eq(tenantCaseDeadlines.tenantUrl, tenantUrl));
  if (set) return { ...set, source: 'console' };
  const configured = await findDocument<CaseDeadlines>(db, tenantUrl, 'case-deadlines');
  if (configured) return { deadlines: configured, source: 'content', changedAt: null, changedBy: null };
  return { deadlines: defaultCaseDeadlines, source: 'default', changedAt: null, changedBy: null };
}

/**
 * The case types a tenant's deadlines may name: those of its journeys (and their quote requests), of
 * the cases its business groups have opened, and of the default, content and console rules.
 */
export async function knownCaseTypes(
  db: Database,
  tenant: { tenantUrl: string; businessGroups: string[] },
): Promise<Set<string>> {
  const known = new Set<string>();
  const add = (deadlines: CaseDeadlines | null | undefined) =>
    deadlines?.rules.forEach((rule) => rule.caseTypes.forEach((type) => known.add(type)));
  add(defaultCaseDeadlines);
  add(await findDocument<CaseDeadlines>(db, tenant.tenantUrl, 'case-deadlines'));
  add((await deadlinesOfTenant(db, tenant.tenantUrl)).deadlines);
  for (const journey of (await findDocument<JourneyDefinition[]>(db, tenant.tenantUrl, 'journeys')) ?? []) {
    known.add(journey.caseType);
    if (journey.quoteRequest) known.add(journey.quoteRequest.caseType);
  }
  if (tenant.businessGroups.length > 0) {
    const opened = await db
      .selectDistinct({ caseType: memberCases.caseType })
      .from(memberCases)
      .where(inArray(memberCases.businessGroup, tenant.businessGroups));
    for (const row of opened) known.add(row.caseType);
  }
  return known;
}

/** The business groups whose tenants set their own deadline rules, with those rules; the rest take the defaults. */
async function deadlinesSetByGroup(db: Database): Promise<Map<string, CaseDeadlines>> {
  const rows = await db
    .select({ tenantUrl: tenants.tenantUrl, businessGroups: tenants.businessGroups })
    .from(tenants);
  const byGroup = new Map<string, CaseDeadlines>();
  for (const row of rows) {
    const { deadlines, source } = await deadlinesOfTenant(db, row.tenantUrl);
    if (source === 'default') continue;
    for (const group of row.businessGroups) byGroup.set(group, deadlines);
  }
  return byGroup;
}

/** Each business group's deadline rules: its tenant's as `deadlinesOfTenant` finds them. */
export async function caseDeadlinesByBusinessGroup(
  db: Database,
): Promise<(businessGroup: string) => CaseDeadlines> {
  const byGroup = await deadlinesSetByGroup(db);
  return (businessGroup) => byGroup.get(businessGroup) ?? defaultCaseDeadlines;
}

/**
 * The columns a deadline is reckoned from, as SQL over one row of cases: its type, business group, the
 * day (UTC) it opened, and the guarantee date its transfer locked (null when none).
 */
export interface DeadlineInputs {
  caseType: SQL;
  businessGroup: SQL;
  opened: SQL;
  guaranteeDate: SQL;
  /** The day (UTC) staff first acknowledged it; null while they have not. */
  acknowledged: SQL;
}

/** England and Wales bank holidays from 2000 to ten years ahead, as a PostgreSQL date array literal. */
function holidayArray(now: Date): string {
  const last = now.getUTCFullYear() + 10;
  const days: string[] = [];
  for (let year = 2000; year <= last; year++)
    for (const holiday of bankHolidays(year, 'england-and-wales')) days.push(holiday.date);
  return `{${days.join(',')}}`;
}

/**
 * A case's deadline as a SQL date, reckoned as `deadlineOf` reckons it (the same rules per business
 * group, months clamped to the month's last day, working days skipping weekends and England and Wales
 * bank holidays), so that a list can be ordered by it in the database.
 */
export async function deadlineSql(db: Database, inputs: DeadlineInputs, now: Date): Promise<SQL> {
  const holidays = holidayArray(now);
  const after = (from: SQL, period: { months?: number; days?: number; workingDays?: number }): SQL => {
    if (period.months !== undefined)
      return sql`((${from}) + make_interval(months => ${period.months}::int))::date`;
    if (period.workingDays !== undefined) {
      // The n-th day after `from` that is neither a weekend day nor a bank holiday.
      const span = Math.ceil(period.workingDays * 1.5) + 14;
      return sql`(select (${from}) + k from generate_series(1, ${span}::int) k where extract(isodow from (${from}) + k) < 6 and ((${from}) + k) <> all(${holidays}::date[]) order by k offset ${period.workingDays - 1}::int limit 1)`;
    }
    return sql`((${from}) + ${period.days ?? 0}::int)`;
  };
  const ofRules = (deadlines: CaseDeadlines): SQL => {
    const whens = deadlines.rules.map((rule) => {
      const from =
        rule.from === 'guaranteeDate'
          ? sql`coalesce(${inputs.guaranteeDate}, ${inputs.opened})`
          : inputs.opened;
      const due =
        rule.until === 'acknowledged'
          ? sql`(case when ${inputs.acknowledged} is null then ${after(from, rule)} else ${after(
              inputs.acknowledged,
              rule.then ?? deadlines.otherwise,
            )} end)`
          : after(from, rule);
      return sql`when ${inputs.caseType} in (${sql.join(
        rule.caseTypes.map((type) => sql`${type}`),
        sql`, `,
      )}) then ${due}`;
    });
    return sql`(case ${sql.join(whens, sql` `)} else ${after(inputs.opened, deadlines.otherwise)} end)`;
  };
  const byGroup = await deadlinesSetByGroup(db);
  const tenantsRules = new Map<CaseDeadlines, string[]>();
  for (const [group, deadlines] of byGroup)
    tenantsRules.set(deadlines, [...(tenantsRules.get(deadlines) ?? []), group]);
  if (tenantsRules.size === 0) return ofRules(defaultCaseDeadlines);
  const whens = [...tenantsRules].map(
    ([deadlines, groups]) =>
      sql`when ${inputs.businessGroup} in (${sql.join(
        groups.map((group) => sql`${group}`),
        sql`, `,
      )}) then ${ofRules(deadlines)}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else ${ofRules(defaultCaseDeadlines)} end)`;
}
