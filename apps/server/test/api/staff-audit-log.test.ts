import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffAccounts, staffAudit } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';

/** The staff audit log in the console (issue 43): GET /admin-api/audit, read-only, tenant-scoped. */
const ctx = useTestApp();

const signedIn = (email: string) => demoStaffSignedIn(ctx, email);

const idOf = async (email: string) =>
  (await ctx.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, email)))[0]!.id;

describe('the staff audit log', () => {
  it('gives a team leader their tenant’s entries, filtered and paged, and audits the read', async () => {
    const { db } = ctx.database;
    const reference = `A${randomUUID().slice(0, 8)}`;
    const caseworker = await idOf('caseworker@meridian.example');
    const bluewater = await idOf('caseworker@bluewater.example');
    // 55 views of one member by Meridian's caseworker on 3 March, one by Bluewater's on 4 March.
    await db.insert(staffAudit).values([
      ...Array.from({ length: 55 }, (_, index) => ({
        action: 'member_view',
        outcome: 'success' as const,
        staffId: caseworker,
        businessGroup: 'MERIDIAN',
        referenceNumber: reference,
        at: new Date(Date.UTC(2026, 2, 3, 9, index)),
      })),
      {
        action: 'member_view',
        outcome: 'success' as const,
        staffId: bluewater,
        referenceNumber: reference,
        at: new Date(Date.UTC(2026, 2, 4, 9)),
      },
    ]);
    const leader = await signedIn('teamleader@meridian.example');
    const first = await leader.request({ method: 'GET', url: `/admin-api/audit?member=${reference}` });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(50);
    expect(page1.more).toBe(true);
    expect(page1.entries[0]).toMatchObject({
      staff: { name: 'Casey Worker', email: 'caseworker@meridian.example' },
      action: 'member_view',
      referenceNumber: reference,
      at: '2026-03-03T09:54:00.000Z',
    });
    // Bluewater's caseworker's entry is not Meridian's.
    expect(
      page1.entries.some((entry: { staff: { name: string } }) => entry.staff.name === 'Bea Waters'),
    ).toBe(false);
    const second = (
      await leader.request({ method: 'GET', url: `/admin-api/audit?member=${reference}&page=2` })
    ).json();
    // The first page's read is in the log about this member too, newest: six views are left for page 2.
    expect(second.entries).toHaveLength(6);
    expect(second.entries.every((entry: { action: string }) => entry.action === 'member_view')).toBe(true);
    expect(second.more).toBe(false);

    const byStaff = await leader.request({
      method: 'GET',
      url: `/admin-api/audit?member=${reference}&staff=CASEWORKER@meridian.example&action=member_view&from=2026-03-03&to=2026-03-03`,
    });
    expect(byStaff.json().entries).toHaveLength(50);
    const otherDay = await leader.request({
      method: 'GET',
      url: `/admin-api/audit?member=${reference}&from=2026-03-04&to=2026-03-05`,
    });
    expect(otherDay.json().entries).toHaveLength(0);

    // The reads are in the log themselves.
    const reads = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'audit_log_view'), eq(staffAudit.referenceNumber, reference)));
    expect(reads.length).toBe(4);
    expect(reads.every((read) => read.outcome === 'success')).toBe(true);

    // Bluewater's team leader on Bluewater's host sees only Bluewater's entry.
    const blue = await signedIn('teamleader@bluewater.example');
    const theirs = (
      await blue.request({ method: 'GET', url: `/admin-api/audit?member=${reference}` })
    ).json();
    expect(theirs.entries.map((entry: { staff: { name: string } }) => entry.staff.name)).toEqual([
      'Bea Waters',
    ]);
  });

  it('refuses a caseworker (audited) and answers bad filters 400', async () => {
    const caseworker = await signedIn('caseworker@meridian.example');
    const refused = await caseworker.request({ method: 'GET', url: '/admin-api/audit' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('staff_role_not_allowed');
    const denied = await ctx.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'audit_log_view'), eq(staffAudit.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);

    const administrator = await signedIn('administrator@meridian.example');
    for (const query of [
      'from=2026-13-01',
      'from=2026-03-05&to=2026-03-04',
      'page=0',
      'action=DROP%20TABLE',
    ]) {
      const bad = await administrator.request({ method: 'GET', url: `/admin-api/audit?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[0].code).toBeTruthy();
    }
    const anonymous = await new BrowserAgent(ctx.app).request({ method: 'GET', url: '/admin-api/audit' });
    expect(anonymous.statusCode).toBe(401);
  });
});
