import { describe, expect, it } from 'vitest';
import type { CaseDetail, CaseQueue, Dashboard } from '@meridian/contracts';
import { addDays, addWorkingDays, utcDay } from '@meridian/pensions';
import { memberCases } from '../../src/db/schema';
import { demoStaff } from '../../src/seed/demo-staff';
import { useTestApp } from './harness';
import { staffSignedIn, type StaffSignIn } from './staff-sign-in';

/**
 * A report of a death is to be acknowledged in 5 working days (issue 43): the first staff action the
 * member is told of (a status with a note, a document asked for, completing, rejecting) meets it, and
 * from then the case is due by the tenant's following deadline, counted from the acknowledgement; the
 * queue's order and the dashboard's overdue count follow.
 */
const context = useTestApp();
const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;

const signedIn = (staff: StaffSignIn) => staffSignedIn(context, staff);

describe('a report of a death’s acknowledgement', () => {
  it('is met by the first action the member is told of, not by assigning or a note; the queue and dashboard follow', async () => {
    const opened = new Date(Date.now() - 10 * 86_400_000);
    for (const caseNumber of ['BRV1-880001', 'BRV1-880002'])
      await context.database.db.insert(memberCases).values({
        caseNumber,
        businessGroup: 'MER',
        referenceNumber: '1000010',
        caseType: 'BRV1',
        title: 'Report a death',
        createdAt: opened,
      });
    const agent = await signedIn(caseworker);
    const get = async <T>(url: string) => {
      const response = await agent.request({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const post = async (caseNumber: string, path: string, payload: Record<string, unknown>) => {
      const response = await agent.request({
        method: 'POST',
        url: `/admin-api/cases/${caseNumber}/${path}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const queued = async (caseNumber: string) =>
      (await get<CaseQueue>('/admin-api/cases?type=BRV1&limit=200')).cases.find(
        (item) => item.caseNumber === caseNumber,
      )!;
    const overdueCount = async () => (await get<Dashboard>('/admin-api/dashboard')).totals.overdue;

    const dueBy = addWorkingDays(utcDay(opened), 5, 'england-and-wales');
    expect(await queued('BRV1-880001')).toMatchObject({
      overdue: true,
      deadline: dueBy,
      deadlineRule: 'Death: acknowledged in 5 working days',
    });
    const overdueBefore = await overdueCount();

    // Assigning it and a note for staff tell the member nothing: still unacknowledged, still overdue.
    await post('BRV1-880001', 'assign', { to: 'me' });
    await post('BRV1-880001', 'notes', { note: 'Rang the family.' });
    expect((await queued('BRV1-880001')).overdue).toBe(true);
    expect(await overdueCount()).toBe(overdueBefore);

    // A status with a note acknowledges it: the 30 days of every other case follow, from today.
    await post('BRV1-880001', 'status', { status: 'In progress', memberNote: 'We are sorry for your loss.' });
    const today = utcDay(new Date());
    const acknowledged = await queued('BRV1-880001');
    expect(acknowledged).toMatchObject({ overdue: false, deadline: addDays(today, 30) });
    expect(acknowledged.deadlineRule).toBe(
      `Scheme standard: 30 days, from the acknowledgement on ${today} (Death: acknowledged in 5 working days: met)`,
    );
    const detail = await get<CaseDetail>('/admin-api/cases/BRV1-880001');
    expect([detail.case.overdue, detail.case.deadline, detail.case.deadlineRule]).toEqual([
      false,
      acknowledged.deadline,
      acknowledged.deadlineRule,
    ]);
    expect(await overdueCount()).toBe(overdueBefore - 1);

    // Asking for a document acknowledges too. The queue, ordered in the database, puts the two
    // acknowledged reports after every overdue case.
    await post('BRV1-880002', 'documents/request', {
      document: 'Death certificate',
      memberNote: 'Please send the death certificate.',
    });
    expect((await queued('BRV1-880002')).overdue).toBe(false);
    expect(await overdueCount()).toBe(overdueBefore - 2);
    const all = await get<CaseQueue>('/admin-api/cases?limit=200');
    const firstNotOverdue = all.cases.findIndex((item) => !item.overdue);
    const positions = ['BRV1-880001', 'BRV1-880002'].map((number) =>
      all.cases.findIndex((item) => item.caseNumber === number),
    );
    for (const position of positions) expect(position).toBeGreaterThanOrEqual(firstNotOverdue);
  });
});
