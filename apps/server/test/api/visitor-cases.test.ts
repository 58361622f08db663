import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationScopes } from '@meridian/contracts';
import { addIntegrationClient } from '../../src/areas/integration/clients';
import { addWebhookEndpoint } from '../../src/areas/webhooks/delivery';
import { memberCases, webhookDeliveries } from '../../src/db/schema';
import { demoStaff } from '../../src/seed/demo-staff';
import { useTestApp } from './harness';
import { staffSignedIn } from './staff-sign-in';
import { sentCallbackRequest, sentDeathReport } from './visitor-submissions';

const context = useTestApp({ BEREAVEMENT_CAPTCHA_WORK: '200' });
const staffOf = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const caseworker = staffOf('caseworker@meridian.example');
const blueCaseworker = staffOf('caseworker@bluewater.example');

const caseRow = async (caseNumber: string) =>
  (await context.database.db.select().from(memberCases).where(eq(memberCases.caseNumber, caseNumber)))[0];

describe('a visitor’s submission is a case the scheme works', () => {
  it('opens a report of a death as a case: queue with its deadline, answers, dashboard, webhook, then matched to the member', async () => {
    const { db } = context.database;
    await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: 'http://127.0.0.1:9/hooks',
      events: ['case.opened'],
      production: false,
    });
    const caseNumber = await sentDeathReport(context);
    expect(caseNumber).toMatch(/^BRV1-\d+$/);
    expect(await caseRow(caseNumber)).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: null,
      caseType: 'BRV1',
      status: 'Received',
      journeyType: 'bereavement',
    });

    // The tenant's webhook hears of it, with no member yet.
    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.caseNumber, caseNumber));
    expect(delivery).toMatchObject({ event: 'case.opened' });
    expect(delivery!.payload).toMatchObject({
      caseType: 'BRV1',
      businessGroup: 'MER',
      referenceNumber: null,
    });

    const agent = await staffSignedIn(context, caseworker);
    const queue = (await agent.request({ url: '/admin-api/cases?type=BRV1' })).json().cases;
    expect(queue.find((item: { caseNumber: string }) => item.caseNumber === caseNumber)).toMatchObject({
      referenceNumber: null,
      memberName: null,
      deadlineRule: 'Death: acknowledged in 5 working days',
      overdue: false,
    });

    const detail = await agent.request({ url: `/admin-api/cases/${caseNumber}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().member).toBeNull();
    // Who reported it, from the report's reporter, not "Member".
    expect(detail.json().case.sentBy).toBe('Jo Pendle (not signed in)');
    expect(detail.json().timeline[0]).toMatchObject({ kind: 'opened', by: 'Jo Pendle (not signed in)' });
    const answers = detail.json().answers as Array<{ question: string; answer: string }>;
    expect(answers.map((line) => line.answer).join('\n')).toContain('Arthur');
    expect(answers.map((line) => line.answer).join('\n')).toContain('AB 12 34 56 C');

    const dashboard = (await agent.request({ url: '/admin-api/dashboard' })).json();
    expect(
      dashboard.openByType.find((row: { caseType: string }) => row.caseType === 'BRV1').total,
    ).toBeGreaterThanOrEqual(1);

    // Another tenant's caseworker is refused it.
    const blue = await staffSignedIn(context, blueCaseworker);
    expect((await blue.request({ url: `/admin-api/cases/${caseNumber}` })).statusCode).toBe(403);

    // The console's matching step links the case to the member; undoing it unlinks it.
    const matched = await agent.request({
      method: 'POST',
      url: `/admin-api/death-reports/${caseNumber}/match`,
      payload: { memberReference: '1000010' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await caseRow(caseNumber)).toMatchObject({ businessGroup: 'MER', referenceNumber: '1000010' });
    const linked = (await agent.request({ url: `/admin-api/cases/${caseNumber}` })).json();
    expect(linked.member).not.toBeNull();
    expect(linked.case.sentBy).toBe('Jo Pendle (not signed in)');
    expect(linked.answers.map((line: { answer: string }) => line.answer).join('\n')).toContain('Arthur');
    const unmatched = await agent.request({
      method: 'POST',
      url: `/admin-api/death-reports/${caseNumber}/unmatch`,
      payload: {},
    });
    expect(unmatched.statusCode, unmatched.body).toBe(200);
    expect((await caseRow(caseNumber))!.referenceNumber).toBeNull();
  });

  it('opens a callback request as a case the caseworker sees with the phone number', async () => {
    const caseNumber = await sentCallbackRequest(context);
    expect(await caseRow(caseNumber)).toMatchObject({ caseType: 'CBK1', referenceNumber: null });
    const agent = await staffSignedIn(context, caseworker);
    const queue = (await agent.request({ url: '/admin-api/cases?type=CBK1' })).json().cases;
    expect(queue.map((item: { caseNumber: string }) => item.caseNumber)).toContain(caseNumber);
    const detail = (await agent.request({ url: `/admin-api/cases/${caseNumber}` })).json();
    expect(detail.case.openedAt).toEqual(expect.any(String));
    expect(detail.case.sentBy).toBe('sam@example.org (not signed in)');
    expect(detail.timeline[0]).toMatchObject({ kind: 'opened', by: 'sam@example.org (not signed in)' });
    expect(detail.answers).toContainEqual(expect.objectContaining({ answer: '0113 496 0000' }));
  });

  it('gives the tenant’s administration system the visitor’s cases on /v1/cases, with the scope', async () => {
    const caseNumber = await sentCallbackRequest(context);
    const client = await addIntegrationClient(context.database.db, {
      tenantUrl: 'localhost',
      name: 'Visitor cases system',
      scopes: [...integrationScopes],
    });
    const token = (
      await context.app.inject({
        method: 'POST',
        url: '/api/integration/oauth/token',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.id,
          client_secret: client.secret,
        }).toString(),
      })
    ).json().access_token as string;
    const listed = await context.app.inject({
      url: '/api/integration/v1/cases?type=CBK1',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().cases).toContainEqual(
      expect.objectContaining({ caseNumber, caseType: 'CBK1', referenceNumber: null }),
    );
  });
});
