import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CaseQueue, CaseQueueOptions } from '@meridian/contracts';
import { addWorkingDays, utcDay } from '@meridian/pensions';
import { memberCases, staffAccounts } from '../../src/db/schema';
import { demoStaff } from '../../src/seed/demo-staff';
import { useTestApp } from './harness';
import { staffSignedIn, type StaffSignIn } from './staff-sign-in';

/**
 * The case queue a page at a time (issue 43): ordered in the database across every matching case, not
 * the oldest 500; with the total; and its filters' options from the server.
 */
const context = useTestApp();
const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
const teamLeader = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;

const signedIn = (staff: StaffSignIn) => staffSignedIn(context, staff);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * Opens `count` cases of a type at once in SQL, `ageDays` old (each a minute younger than the last),
 * assigned to `assignee` so that the test's filter sees only its own cases.
 */
async function openCases(prefix: string, caseType: string, count: number, ageDays: number, assignee: string) {
  await context.database.db.execute(sql`
    insert into ${memberCases} (case_number, business_group, reference_number, case_type, title, assigned_to, created_at)
    select ${prefix} || '-' || n, 'MER', '1000010', ${caseType}, ${`Case ${caseType}`}, ${assignee}::uuid,
      ${daysAgo(ageDays).toISOString()}::timestamptz + make_interval(mins => n)
    from generate_series(1, ${count}::int) n`);
}

describe('the case queue, a page at a time', () => {
  it('orders every matching case in the database (overdue first, then deadline, then age) and pages it with the total', async () => {
    const db = context.database.db;
    const [leader] = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, teamLeader.email));
    // 600 quotes opened 50 days ago (2 months: not yet due), older than everything else, so that the
    // old query (the 500 oldest, sorted afterwards) never saw the rest.
    await openCases('RTQ9-7', 'RTQ9', 600, 50, leader!.id);
    // 4 reports of a death opened 10 days ago: 5 working days, overdue.
    await openCases('BRV1-7', 'BRV1', 4, 10, leader!.id);
    // 3 cases of a type no rule names (30 days), opened 45 days ago: overdue longer.
    await openCases('ZZQ1-7', 'ZZQ1', 3, 45, leader!.id);
    // 2 quotes opened 30 days ago: due later than the others.
    await openCases('DCQ-7', 'DCQ', 2, 30, leader!.id);
    const agent = await signedIn(caseworker);
    const pageOf = async (query: string) => {
      const response = await agent.request({
        method: 'GET',
        url: `/admin-api/cases?assignee=${leader!.id}&${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CaseQueue;
    };

    const first = await pageOf('limit=5');
    expect([first.total, first.page, first.limit, first.cases.length]).toEqual([609, 1, 5, 5]);
    expect(first.cases.map((item) => item.caseNumber)).toEqual([
      'ZZQ1-7-1',
      'ZZQ1-7-2',
      'ZZQ1-7-3',
      'BRV1-7-1',
      'BRV1-7-2',
    ]);
    expect(first.cases.every((item) => item.overdue)).toBe(true);
    const today = utcDay(new Date());
    expect(first.cases[3]!.deadline).toBe(addWorkingDays(utcDay(daysAgo(10)), 5, 'england-and-wales'));
    expect(first.cases[3]!.deadline < today).toBe(true);

    // Every page, 200 at a time: each case once, in the queue's order throughout.
    const seen: CaseQueue['cases'] = [];
    for (let page = 1; page <= 4; page++) {
      const next = await pageOf(`limit=200&page=${page}`);
      expect(next.total).toBe(609);
      seen.push(...next.cases);
    }
    expect(seen).toHaveLength(609);
    expect(new Set(seen.map((item) => item.caseNumber)).size).toBe(609);
    const key = (item: CaseQueue['cases'][number]) => [item.overdue ? 0 : 1, item.deadline, item.openedAt];
    for (let index = 1; index < seen.length; index++)
      expect(
        key(seen[index - 1]!) <= key(seen[index]!),
        `${seen[index - 1]!.caseNumber} before ${seen[index]!.caseNumber}`,
      ).toBe(true);
    expect(seen.filter((item) => item.overdue).map((item) => item.caseType)).toEqual([
      'ZZQ1',
      'ZZQ1',
      'ZZQ1',
      'BRV1',
      'BRV1',
      'BRV1',
      'BRV1',
    ]);
    // The two younger quotes fall due after the 600 older ones: last.
    expect(seen.slice(-2).map((item) => item.caseNumber)).toEqual(['DCQ-7-1', 'DCQ-7-2']);

    // Filters count too; a page past the end is empty, with the total.
    const deaths = await pageOf('type=BRV1&limit=3&page=2');
    expect([deaths.total, deaths.cases.map((item) => item.caseNumber)]).toEqual([4, ['BRV1-7-4']]);
    const beyond = await pageOf('page=99');
    expect([beyond.total, beyond.cases]).toEqual([609, []]);
  });

  it('refuses a page or a page size that is not a whole number in range, with 400', async () => {
    const agent = await signedIn(caseworker);
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=two',
      'limit=0',
      'limit=201',
      'limit=x',
      'page=10001',
    ]) {
      const response = await agent.request({ method: 'GET', url: `/admin-api/cases?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { errors: Array<{ code: string }> }).errors[0]!.code).toBeTruthy();
    }
  });

  it('offers the case types in scope, named, and the tenants the staff member may see', async () => {
    const agent = await signedIn(caseworker);
    const response = await agent.request({ method: 'GET', url: '/admin-api/cases/filters' });
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json() as CaseQueueOptions;
    expect(options.tenants.map((tenant) => tenant.tenantUrl)).toEqual(['localhost']);
    expect(options.caseTypes).toContainEqual({ caseType: 'BRV1', name: 'Case BRV1' });
    // Another tenant's cases are not offered.
    await context.database.db.insert(memberCases).values({
      caseNumber: 'XBW1-1',
      businessGroup: 'BLU',
      referenceNumber: '1',
      caseType: 'XBW1',
      title: 'Bluewater only',
    });
    const again = (
      await agent.request({ method: 'GET', url: '/admin-api/cases/filters' })
    ).json() as CaseQueueOptions;
    expect(again.caseTypes.map((type) => type.caseType)).not.toContain('XBW1');
  });
});
