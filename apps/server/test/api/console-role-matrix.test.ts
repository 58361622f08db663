import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { staffRoleSchema, type StaffRole } from '@meridian/contracts';
import { memberCases, staffAudit } from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { operationsOf, requestFor, validParts, type KnownValues, type Operation } from './openapi-walk';

/**
 * Every role against every signed-in route of the staff API (/admin-api), generated from the OpenAPI
 * document: a route added later is in the matrix at once, and needs a rule here before the suite passes.
 * Each role either gets past the role check or is refused with 403 `staff_role_not_allowed`, and
 * every refusal is in the staff audit log: a `denied` row of that member of staff and that request.
 */

const context = useTestApp();
const roles = staffRoleSchema.options;
const readers: StaffRole[] = ['caseworker', 'team_leader', 'auditor', 'administrator'];
const workers: StaffRole[] = ['caseworker', 'team_leader', 'administrator'];
const leaders: StaffRole[] = ['team_leader', 'administrator'];

/** Who may call each route: reading is a GET, working a case or a record a POST, with these exceptions. */
const exceptions: Record<string, readonly StaffRole[]> = {
  'GET /admin-api/me': roles,
  // Reads a content editor may not make: the member's view (issue 43) and the queue's recurring jobs.
  'GET /admin-api/members/{businessGroup}/{referenceNumber}': readers,
  'GET /admin-api/recurring-jobs': readers,
  'POST /admin-api/recurring-jobs/{id}/retry': leaders,
  'POST /admin-api/outbox/{id}/resend': leaders,
  'POST /admin-api/webhook-deliveries/{id}/resend': leaders,
  'GET /admin-api/integration-clients': ['administrator'],
  'POST /admin-api/integration-clients': ['administrator'],
  'POST /admin-api/integration-clients/{clientId}/disable': ['administrator'],
  'POST /admin-api/integration-clients/{clientId}/rotate-secret': ['administrator'],
  // Case deadlines are the scheme's configuration: administrators only, reading them too.
  'GET /admin-api/case-deadlines': ['administrator'],
  'PUT /admin-api/case-deadlines/{tenantUrl}': ['administrator'],
  // The staff audit log: those who answer for the work and those who check it.
  'GET /admin-api/audit': ['team_leader', 'auditor', 'administrator'],
  // Staff accounts and webhook receivers: the scheme's configuration, administrators only.
  'GET /admin-api/staff-accounts': ['administrator'],
  'POST /admin-api/staff-accounts': ['administrator'],
  'POST /admin-api/staff-accounts/{staffId}/role': ['administrator'],
  'POST /admin-api/staff-accounts/{staffId}/disable': ['administrator'],
  'POST /admin-api/staff-accounts/{staffId}/enable': ['administrator'],
  'GET /admin-api/webhook-receivers': ['administrator'],
  'POST /admin-api/webhook-receivers': ['administrator'],
  'POST /admin-api/webhook-receivers/{receiverId}/rotate-secret': ['administrator'],
  'POST /admin-api/webhook-receivers/{receiverId}/disable': ['administrator'],
  'POST /admin-api/webhook-receivers/{receiverId}/enable': ['administrator'],
  // The tenant's content, seen and loaded from its files: those who edit it, and administrators.
  'GET /admin-api/content': ['content_editor', 'administrator'],
  'POST /admin-api/content/{tenantUrl}/load': ['content_editor', 'administrator'],
  // Each member of staff's own passkeys.
  'GET /admin-api/passkeys': roles,
  'POST /admin-api/passkeys/options': roles,
  'POST /admin-api/passkeys': roles,
  'DELETE /admin-api/passkeys/{id}': roles,
};
const allowedRoles = (operation: Operation) =>
  exceptions[operation.label] ?? (operation.method === 'GET' ? readers : workers);

/** Before a session: the sign-in steps; sign-out ends the session the matrix uses. */
const unsigned = new Set([
  'POST /admin-api/sign-in',
  'POST /admin-api/sign-in/code',
  'POST /admin-api/sign-in/passkey/options',
  'POST /admin-api/sign-in/passkey',
  'GET /admin-api/sign-in/sso',
  'GET /admin-api/sign-in/sso/start',
  'GET /admin-api/sign-in/sso/callback',
  'POST /admin-api/sign-out',
  // A new member of staff sets their password with their emailed token, before any session.
  'POST /admin-api/set-up',
]);

let addresses = 0;
const nextAddress = () => `10.44.${(addresses >> 8) & 255}.${++addresses & 255}`;

async function signedIn(role: StaffRole) {
  const email = `matrix.${role}@meridian.example`;
  const secret = `MATRIX${role.replace('_', '').toUpperCase()}SECRETFORTESTSAAAAAAAAAA`.slice(0, 32);
  const { id } = await addStaff(context.database.db, {
    email,
    name: `Matrix ${role}`,
    role,
    tenantUrl: 'localhost',
    password: 'matrix password',
    totp: { secret },
  });
  const agent = new BrowserAgent(context.app);
  const password = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email, password: 'matrix password' },
    remoteAddress: nextAddress(),
  });
  expect(password.statusCode, password.body).toBe(200);
  const code = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await generate({ secret }) },
    remoteAddress: nextAddress(),
  });
  expect(code.statusCode, code.body).toBe(200);
  return { agent, id };
}

describe('the staff API: every role against every route', () => {
  it('lets each role past the role check only where its rights allow, and refuses the rest with 403 staff_role_not_allowed', async () => {
    const caseNumber = 'MTRX-100001';
    await context.database.db.insert(memberCases).values({
      caseNumber,
      businessGroup: 'MER',
      referenceNumber: '1000010',
      caseType: 'RTP9',
      title: 'Apply for your pension',
      documents: [{ name: 'Proof of identity', status: 'outstanding' }],
    });
    const known: KnownValues = new Map<string, unknown[]>([
      ['caseNumber', [caseNumber]],
      ['businessGroup', ['MER']],
      ['referenceNumber', ['1000010']],
      ['tenantUrl', ['localhost']],
    ]);
    const operations = operationsOf(context.app).filter(
      (operation) => operation.path.startsWith('/admin-api/') && !unsigned.has(operation.label),
    );
    expect(operations.length).toBeGreaterThan(20);
    const agents = new Map<StaffRole, { agent: BrowserAgent; id: string }>();
    for (const role of roles) agents.set(role, await signedIn(role));
    /** Each refusal: the request's id (x-request-id), who made it, and what it was. */
    const refusals: Array<{ requestId: string; staffId: string; call: string }> = [];

    const failures: string[] = [];
    let cells = 0;
    for (const operation of operations) {
      const request = requestFor(operation, validParts(operation, known));
      for (const role of roles) {
        const { agent, id } = agents.get(role)!;
        const response = await agent.request({ ...request, remoteAddress: nextAddress() });
        cells += 1;
        const refused =
          response.statusCode === 403 &&
          (response.json() as { errors: Array<{ code: string }> }).errors[0]?.code ===
            'staff_role_not_allowed';
        if (refused)
          refusals.push({
            requestId: String(response.headers['x-request-id']),
            staffId: id,
            call: `${operation.label} as ${role}`,
          });
        const allowed = allowedRoles(operation).includes(role);
        if (response.statusCode === 401 || response.statusCode >= 500)
          failures.push(
            `${operation.label} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        else if (allowed && refused) failures.push(`${operation.label} as ${role}: refused, must be allowed`);
        else if (!allowed && !refused)
          failures.push(
            `${operation.label} as ${role} → ${response.statusCode}, must be refused for the role`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(operations.length * roles.length);

    // Every refusal was written to the staff audit log, as denied, for whoever made it.
    expect(refusals.length).toBeGreaterThan(operations.length);
    const audited = await context.database.db
      .select({ requestId: staffAudit.requestId, staffId: staffAudit.staffId })
      .from(staffAudit)
      .where(
        and(
          eq(staffAudit.outcome, 'denied'),
          inArray(
            staffAudit.requestId,
            refusals.map((refusal) => refusal.requestId),
          ),
        ),
      );
    const written = new Set(audited.map((row) => `${row.requestId} ${row.staffId}`));
    expect(
      refusals
        .filter((refusal) => !written.has(`${refusal.requestId} ${refusal.staffId}`))
        .map((refusal) => `${refusal.call}: refused but not audited`),
    ).toEqual([]);
  });
});
