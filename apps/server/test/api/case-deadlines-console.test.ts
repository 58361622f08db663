import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CaseDeadlineList, CaseDeadlines, QueuedCase, TenantCaseDeadlines } from '@meridian/contracts';
import { memberCases, staffAudit, tenantCaseDeadlines } from '../../src/db/schema';
import { defaultCaseDeadlines } from '../../src/areas/operations/deadlines';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { staffSignedIn, type StaffSignIn } from './staff-sign-in';

/** Case deadlines set in the console (issue 43): docs/operations.md "Case deadlines". */
const context = useTestApp();

let signIns = 0;
/** Signs a member of staff in with password and code, on their tenant's host, from an address of its own. */
const signedIn = (staff: StaffSignIn) =>
  staffSignedIn(context, staff, { remoteAddress: `10.46.${(++signIns >> 8) & 255}.${signIns & 255}` });
const demo = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const administrator = demo('administrator@meridian.example');

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string; message: string }> }).errors[0]!.code;

const put = (agent: BrowserAgent, tenantUrl: string, payload: unknown) =>
  agent.request({ method: 'PUT', url: `/admin-api/case-deadlines/${tenantUrl}`, payload: payload as object });

/** The defaults with quotes given 10 days and every other case 45. */
const changed: CaseDeadlines = {
  rules: defaultCaseDeadlines.rules.map((rule) =>
    rule.caseTypes.includes('RTQ9')
      ? { caseTypes: rule.caseTypes, days: 10, from: 'opened', describe: 'Quote: 10 days from the request' }
      : rule,
  ),
  otherwise: { days: 45, describe: 'Scheme standard: 45 days' },
};

async function openCase(
  caseType: string,
  daysAgo: number,
  businessGroup = 'MER',
  referenceNumber = '1000010',
) {
  const caseNumber = `${caseType}-8${String(++signIns).padStart(5, '0')}`;
  await context.database.db.insert(memberCases).values({
    caseNumber,
    businessGroup,
    referenceNumber,
    caseType,
    title: 'A case',
    documents: [],
    createdAt: new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000),
  });
  return caseNumber;
}

describe('case deadlines in the console', () => {
  it('lets an administrator change their tenant’s deadlines: stored, audited with before and after, and the queue follows', async () => {
    const db = context.database.db;
    const quote = await openCase('RTQ9', 20);
    const application = await openCase('RTP9', 40);
    const agent = await signedIn(administrator);

    const before = await agent.request({ method: 'GET', url: '/admin-api/case-deadlines' });
    expect(before.statusCode, before.body).toBe(200);
    const [ours, ...others] = (before.json() as CaseDeadlineList).tenants;
    expect(others).toEqual([]);
    expect(ours).toMatchObject({ tenantUrl: 'localhost', source: 'default', changedBy: null });
    expect(ours!.deadlines).toEqual(defaultCaseDeadlines);
    // The tenant's own journeys' types no rule names take "otherwise".
    expect(ours!.otherCaseTypes).toEqual(expect.arrayContaining(['RTP9', 'CBK1']));

    const queue = async () => {
      const response = await agent.request({ method: 'GET', url: '/admin-api/cases?status=open' });
      return (response.json() as { cases: QueuedCase[] }).cases;
    };
    // By the defaults: the 20-day-old quote has 2 months, the 40-day-old application is past its 30 days.
    expect((await queue()).find((c) => c.caseNumber === quote)).toMatchObject({ overdue: false });
    expect((await queue()).find((c) => c.caseNumber === application)).toMatchObject({ overdue: true });

    const answer = await put(agent, 'localhost', changed);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json() as TenantCaseDeadlines).toMatchObject({
      source: 'console',
      changedBy: administrator.name,
      deadlines: changed,
    });
    const [stored] = await db
      .select()
      .from(tenantCaseDeadlines)
      .where(eq(tenantCaseDeadlines.tenantUrl, 'localhost'));
    expect(stored!.deadlines).toEqual(changed);

    const [audited] = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'case_deadlines_change'), eq(staffAudit.outcome, 'success')));
    expect(audited!.staffId).toBe(stored!.changedBy);
    expect(audited!.details).toEqual({
      tenantUrl: 'localhost',
      beforeSource: 'default',
      before: JSON.parse(JSON.stringify(defaultCaseDeadlines)),
      after: changed,
    });

    // Now the quote is overdue (10 days) and the application is not (45 days); overdue first.
    const cases = await queue();
    expect(cases.find((c) => c.caseNumber === quote)).toMatchObject({
      overdue: true,
      deadlineRule: 'Quote: 10 days from the request',
    });
    expect(cases.find((c) => c.caseNumber === application)).toMatchObject({
      overdue: false,
      deadlineRule: 'Scheme standard: 45 days',
    });
    expect(cases.findIndex((c) => c.caseNumber === quote)).toBeLessThan(
      cases.findIndex((c) => c.caseNumber === application),
    );

    // Another tenant keeps its own: Bluewater's 40-day-old case is still past the default 30 days.
    const theirs = await openCase('BRP1', 40, 'BLU', '2000001');
    const bluewater = await signedIn(demo('caseworker@bluewater.example'));
    const theirQueue = await bluewater.request({ method: 'GET', url: '/admin-api/cases?status=open' });
    expect(
      (theirQueue.json() as { cases: QueuedCase[] }).cases.find((c) => c.caseNumber === theirs),
    ).toMatchObject({
      overdue: true,
      deadlineRule: 'Scheme standard: 30 days',
    });
  });

  it('refuses a period that is negative, zero, absurdly large, not a number, two at once, or an unknown case type, changing nothing', async () => {
    const db = context.database.db;
    const agent = await signedIn(administrator);
    const rule = (period: Record<string, unknown>, caseTypes = ['RTQ9']) => ({
      rules: [{ caseTypes, ...period, describe: 'Quote' }],
      otherwise: { days: 30, describe: 'Standard' },
    });
    const refused: Array<[unknown, string]> = [
      [rule({ days: -5 }), 'field_invalid'],
      [rule({ months: 0 }), 'field_invalid'],
      [rule({ months: 121 }), 'field_invalid'],
      [rule({ workingDays: 1e9 }), 'field_invalid'],
      [rule({ days: 2.5 }), 'field_invalid'],
      [rule({ days: '10' }), 'field_invalid'],
      [rule({ days: 10, months: 1 }), 'field_invalid'],
      [rule({}), 'field_invalid'],
      [{ ...rule({ days: 10 }), otherwise: { days: 0, describe: 'Standard' } }, 'field_invalid'],
      [rule({ days: 10 }, ['ZZZ9']), 'case_type_unknown'],
      [rule({ days: 10 }, ['BRP1']), 'case_type_unknown'],
    ];
    const stored = () =>
      db.select().from(tenantCaseDeadlines).where(eq(tenantCaseDeadlines.tenantUrl, 'localhost'));
    const was = await stored();
    for (const [payload, code] of refused) {
      const response = await put(agent, 'localhost', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(response), JSON.stringify(payload)).toBe(code);
    }
    expect(await stored()).toEqual(was);
  });

  it('refuses other roles before reading the body (403, audited) and another tenant (404, audited)', async () => {
    const db = context.database.db;
    for (const email of ['caseworker@meridian.example', 'teamleader@meridian.example']) {
      const agent = await signedIn(demo(email));
      const read = await agent.request({ method: 'GET', url: '/admin-api/case-deadlines' });
      expect(read.statusCode).toBe(403);
      expect(errorCode(read)).toBe('staff_role_not_allowed');
      for (const payload of [changed, { rules: 'nonsense' }]) {
        const change = await put(agent, 'localhost', payload);
        expect(change.statusCode).toBe(403);
        expect(errorCode(change)).toBe('staff_role_not_allowed');
      }
    }
    const denied = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.outcome, 'denied'), eq(staffAudit.action, 'case_deadlines_change')));
    expect(denied.filter((row) => row.details.reason === 'role')).toHaveLength(4);

    const agent = await signedIn(administrator);
    const other = await put(agent, 'bluewater.localhost', changed);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('tenant_not_found');
    const [refusal] = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.outcome, 'denied'), eq(staffAudit.action, 'case_deadlines_change')))
      .then((rows) => rows.filter((row) => row.details.reason === 'tenant_not_in_scope'));
    expect(refusal!.details.tenantUrl).toBe('bluewater.localhost');
    const theirs = await db
      .select()
      .from(tenantCaseDeadlines)
      .where(eq(tenantCaseDeadlines.tenantUrl, 'bluewater.localhost'));
    expect(theirs).toEqual([]);
  });

  it('lets a firm’s administrator, of every tenant, see and change each tenant’s', async () => {
    const firm = {
      email: 'firm.admin@firm.example',
      totpSecret: 'FIRMADMINISTRATORSECRETFORTESTSA',
      tenantUrl: null,
    };
    await addStaff(context.database.db, {
      email: firm.email,
      name: 'Firm Admin',
      role: 'administrator',
      tenantUrl: null,
      password: DEMO_STAFF_PASSWORD,
      totp: { secret: firm.totpSecret },
    });
    const agent = await signedIn(firm);
    const list = (
      await agent.request({ method: 'GET', url: '/admin-api/case-deadlines' })
    ).json() as CaseDeadlineList;
    expect(list.tenants.map((tenant) => tenant.tenantUrl).sort()).toEqual([
      'bluewater.localhost',
      'localhost',
    ]);
    const bluewater = list.tenants.find((tenant) => tenant.tenantUrl === 'bluewater.localhost')!;
    expect(bluewater.otherCaseTypes).toEqual(expect.arrayContaining(['BRP1', 'DCR1']));
    const theirs: CaseDeadlines = {
      rules: [
        { caseTypes: ['BRP1'], workingDays: 10, from: 'opened', describe: 'Bluewater: 10 working days' },
      ],
      otherwise: { months: 1, describe: 'Bluewater standard: a month' },
    };
    const answer = await put(agent, 'bluewater.localhost', theirs);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as TenantCaseDeadlines).otherCaseTypes).not.toContain('BRP1');
  });
});
