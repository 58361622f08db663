import { and, gte, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { addDays, daysBetween, utcDay, type IsoDate } from '@meridian/pensions';
import { ageBands, type CaseDeadlines, type Dashboard } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { caseEvents, memberCases, memberJourneys, schemeActors } from '../../db/schema';
import { acknowledgedAtSql, caseDeadlinesByBusinessGroup, deadlineOf } from './deadlines';
import type { SignedInStaff } from './staff-session';

export const DASHBOARD_WEEKS = 8;

export interface DashboardCase {
  caseType: string;
  openedAt: Date;
  closedAt: Date | null;
  guaranteeDate: string | null;
  /** When staff first acted on it (assigned, a status, a note...); null when nobody has yet. */
  firstActionAt: Date | null;
  /** When staff first acknowledged it (`acknowledgingCaseEvents`): a report of a death's deadline is met then. */
  acknowledgedAt?: Date | null;
  /** Its tenant's deadline rules (the defaults when not given). */
  deadlines?: CaseDeadlines;
}

/** The age band (index into `ageBands`) of a case this many days old. */
export const ageBandOf = (days: number) => (days <= 7 ? 0 : days <= 30 ? 1 : days <= 90 ? 2 : 3);

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
};

/** The Monday (UTC) of the week a day falls in. */
const mondayOf = (day: IsoDate): IsoDate =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The dashboard's figures from the cases in scope: open cases by type and age band with what is
 * overdue, and for each of the last 8 weeks the cases opened and closed and the median hours from a
 * case opening to staff first acting on it (of the cases opened that week that have been acted on).
 */
export function dashboardOf(cases: DashboardCase[], now: Date): Dashboard {
  const today = utcDay(now);
  const byType = new Map<string, { bands: number[]; overdue: number }>();
  const totals = { bands: ageBands.map(() => 0), open: 0, overdue: 0 };
  for (const item of cases.filter((c) => c.closedAt === null)) {
    const row = byType.get(item.caseType) ?? { bands: ageBands.map(() => 0), overdue: 0 };
    const band = ageBandOf(daysBetween(utcDay(item.openedAt), today));
    row.bands[band]! += 1;
    totals.bands[band]! += 1;
    totals.open += 1;
    const { deadline } = deadlineOf(
      item.caseType,
      item.openedAt,
      item.guaranteeDate,
      item.deadlines,
      item.acknowledgedAt ?? null,
    );
    if (deadline < today) {
      row.overdue += 1;
      totals.overdue += 1;
    }
    byType.set(item.caseType, row);
  }
  const thisWeek = mondayOf(today);
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, index) => {
    const start = addDays(thisWeek, -7 * (DASHBOARD_WEEKS - 1 - index));
    const end = addDays(start, 7);
    const within = (at: Date | null) => at !== null && utcDay(at) >= start && utcDay(at) < end;
    const opened = cases.filter((c) => within(c.openedAt));
    const hours = opened.flatMap((c) =>
      c.firstActionAt ? [(c.firstActionAt.getTime() - c.openedAt.getTime()) / 3_600_000] : [],
    );
    return {
      weekStarting: start,
      opened: opened.length,
      closed: cases.filter((c) => within(c.closedAt)).length,
      actedOn: hours.length,
      medianHoursToFirstAction: median(hours),
    };
  });
  return {
    openByType: [...byType.entries()]
      .map(([caseType, row]) => ({
        caseType,
        bands: row.bands,
        total: row.bands.reduce((sum, count) => sum + count, 0),
        overdue: row.overdue,
      }))
      .sort((a, b) => b.total - a.total || a.caseType.localeCompare(b.caseType)),
    totals,
    weeks,
  };
}

/** The cases the dashboard counts in the staff member's scope: every open one, and any opened or closed lately. */
export async function dashboardCases(
  db: Database,
  staff: SignedInStaff,
  now: Date,
): Promise<DashboardCase[]> {
  const since = new Date(`${addDays(mondayOf(utcDay(now)), -7 * (DASHBOARD_WEEKS - 1))}T00:00:00Z`);
  const firstActions = db
    .select({ caseNumber: caseEvents.caseNumber, at: min(caseEvents.at).as('first_at') })
    .from(caseEvents)
    // The scheme's own actions: neither a member sending a document nor the portal's own note or move.
    .where(inArray(caseEvents.actor, [...schemeActors]))
    .groupBy(caseEvents.caseNumber)
    .as('first_actions');
  const rows = await db
    .select({
      caseType: memberCases.caseType,
      businessGroup: memberCases.businessGroup,
      openedAt: memberCases.createdAt,
      closedAt: memberCases.closedAt,
      firstActionAt: firstActions.at,
      acknowledgedAt: acknowledgedAtSql(memberCases.caseNumber),
      guaranteeDate: sql<
        string | null
      >`(select ${memberJourneys.choice} ->> 'guaranteeDate' from ${memberJourneys} where ${memberJourneys.caseNumber} = ${memberCases.caseNumber} limit 1)`,
    })
    .from(memberCases)
    .leftJoin(firstActions, sql`${firstActions.caseNumber} = ${memberCases.caseNumber}`)
    .where(
      and(
        staff.businessGroups ? inArray(memberCases.businessGroup, staff.businessGroups) : undefined,
        or(isNull(memberCases.closedAt), gte(memberCases.createdAt, since), gte(memberCases.closedAt, since)),
      ),
    );
  const deadlinesOf = await caseDeadlinesByBusinessGroup(db);
  return rows.map(({ businessGroup, ...row }) => ({
    ...row,
    deadlines: deadlinesOf(businessGroup),
    firstActionAt: row.firstActionAt ? new Date(row.firstActionAt as unknown as string) : null,
  }));
}
