import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationScopes } from '@meridian/contracts';
import { bereavementStore } from '../../src/areas/bereavement/store';
import { addIntegrationClient } from '../../src/areas/integration/clients';
import { portalVisitorStore, type VisitorJourneyStore } from '../../src/areas/journeys/visitor-store';
import { deadlineOf } from '../../src/areas/operations/deadlines';
import { addWebhookEndpoint } from '../../src/areas/webhooks/delivery';
import { migrationsFolder } from '../../src/db/client';
import {
  bereavementJourneys,
  jobs,
  memberCases,
  outboxMessages,
  staffAudit,
  webhookDeliveries,
} from '../../src/db/schema';
import { demoStaff } from '../../src/seed/demo-staff';
import { files } from './document-files';
import { useTestApp } from './harness';
import { staffSignedIn } from './staff-sign-in';
import { sentCallbackRequest, sentDeathReport } from './visitor-submissions';

// Email has a way out (a mail server nobody answers at) and the worker waits: its jobs stay queued to be read.
const context = useTestApp({
  BEREAVEMENT_CAPTCHA_WORK: '200',
  SMTP_URL: 'smtp://127.0.0.1:9',
  JOB_POLL_MS: '0',
});
const staffOf = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const caseworker = staffOf('caseworker@meridian.example');
const blueCaseworker = staffOf('caseworker@bluewater.example');

/** A bearer token for a new integration client of `tenantUrl` with every scope. */
async function integrationToken(tenantUrl: string, host: string) {
  const client = await addIntegrationClient(context.database.db, {
    tenantUrl,
    name: `Cases system of ${tenantUrl}`,
    scopes: [...integrationScopes],
  });
  const token = await context.app.inject({
    method: 'POST',
    url: '/api/integration/oauth/token',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });
  expect(token.statusCode, token.body).toBe(200);
  return { clientId: client.id, token: token.json().access_token as string };
}

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

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

  it('lists the files a reporter sent with the report on its case, opens them for the console and the administration system (audited), and not for another tenant', async () => {
    const { db } = context.database;
    const certificate = await files.pdf('Certified copy of an entry of death');
    const caseNumber = await sentDeathReport(context, 'jo.files@example.org', [
      { fileName: 'death-certificate.pdf', bytes: certificate, documentType: 'Death certificate' },
    ]);
    const agent = await staffSignedIn(context, caseworker);
    const detail = (await agent.request({ url: `/admin-api/cases/${caseNumber}` })).json();
    expect(detail.files).toEqual([
      {
        id: expect.any(String),
        name: 'death-certificate.pdf',
        type: 'Death certificate',
        mediaType: 'application/pdf',
        sizeBytes: certificate.length,
        receivedAt: expect.any(String),
      },
    ]);
    const file = detail.files[0] as { id: string; receivedAt: string };
    expect(Date.now() - Date.parse(file.receivedAt)).toBeLessThan(120_000);
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'submitted_document',
        by: 'Jo Pendle (not signed in)',
        note: 'death-certificate.pdf',
      }),
    );
    // The console's Reports of a death lists it with the report.
    const reports = (await agent.request({ url: '/admin-api/death-reports' })).json().reports as Array<{
      caseNumber: string;
      files: unknown[];
    }>;
    expect(reports.find((report) => report.caseNumber === caseNumber)!.files).toEqual([
      {
        id: file.id,
        name: 'death-certificate.pdf',
        type: 'Death certificate',
        sizeBytes: certificate.length,
        receivedAt: file.receivedAt,
      },
    ]);

    // The caseworker opens it: the bytes the reporter sent, the view audited.
    const opened = await agent.request({ url: `/admin-api/cases/${caseNumber}/files/${file.id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toBe('inline');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(opened.rawPayload, certificate)).toBe(0);
    const views = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.caseNumber, caseNumber), eq(staffAudit.action, 'case_document_view')));
    expect(views).toEqual([
      expect.objectContaining({
        outcome: 'success',
        staffId: expect.any(String),
        businessGroup: 'MER',
        details: { documentId: file.id, sentWith: 'bereavement' },
      }),
    ]);

    // Another report's file is not this case's; an unknown id is not found.
    const other = await sentDeathReport(context, 'jo.other@example.org', [
      { fileName: 'other.pdf', bytes: await files.pdf('Another report'), documentType: 'Will' },
    ]);
    const otherFile = (await agent.request({ url: `/admin-api/cases/${other}` })).json().files[0].id;
    for (const id of [otherFile, '00000000-0000-4000-8000-000000000000']) {
      const missing = await agent.request({ url: `/admin-api/cases/${caseNumber}/files/${id}` });
      expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'case_file_not_found']);
    }

    // Still listed and opened once the report is matched to the member.
    const matched = await agent.request({
      method: 'POST',
      url: `/admin-api/death-reports/${caseNumber}/match`,
      payload: { memberReference: '1000010' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const linked = (await agent.request({ url: `/admin-api/cases/${caseNumber}` })).json();
    expect(linked.member).not.toBeNull();
    expect(linked.files.map((listed: { id: string }) => listed.id)).toEqual([file.id]);
    expect((await agent.request({ url: `/admin-api/cases/${caseNumber}/files/${file.id}` })).statusCode).toBe(
      200,
    );
    expect(
      (
        await agent.request({
          method: 'POST',
          url: `/admin-api/death-reports/${caseNumber}/unmatch`,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);

    // The tenant's administration system: the case lists it, and its documents route sends the bytes.
    const meridian = await integrationToken('localhost', 'localhost');
    const asClient = (url: string, client = meridian, host = 'localhost') =>
      context.app.inject({
        url: `/api/integration/v1${url}`,
        headers: { host, authorization: `Bearer ${client.token}` },
      });
    const viaApi = await asClient(`/cases/${caseNumber}`);
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect(viaApi.json().files).toEqual(detail.files);
    const download = await asClient(`/cases/${caseNumber}/documents/${file.id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment');
    expect(Buffer.compare(download.rawPayload, certificate)).toBe(0);
    const clientViews = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.clientId, meridian.clientId), eq(staffAudit.action, 'case_document_view')));
    expect(clientViews).toEqual([
      expect.objectContaining({
        outcome: 'success',
        caseNumber,
        details: { documentId: file.id, sentWith: 'bereavement' },
      }),
    ]);

    // Another tenant's caseworker is refused (403), and its administration system is not told (404), audited.
    const blue = await staffSignedIn(context, blueCaseworker);
    const refused = await blue.request({ url: `/admin-api/cases/${caseNumber}/files/${file.id}` });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'case_other_tenant']);
    const bluewater = await integrationToken('bluewater.localhost', 'bluewater.localhost');
    for (const url of [`/cases/${caseNumber}`, `/cases/${caseNumber}/documents/${file.id}`]) {
      const hidden = await asClient(url, bluewater, 'bluewater.localhost');
      expect([hidden.statusCode, errorCode(hidden)]).toEqual([404, 'case_not_found']);
    }
    const denied = await db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.caseNumber, caseNumber), eq(staffAudit.outcome, 'denied')));
    expect(denied.map((entry) => entry.details)).toEqual(
      Array(3).fill(expect.objectContaining({ reason: 'other_tenant' })),
    );
    // Only the views that were let through are audited as views of the file: the console's two, the client's one.
    expect(
      (
        await db
          .select()
          .from(staffAudit)
          .where(and(eq(staffAudit.caseNumber, caseNumber), eq(staffAudit.action, 'case_document_view')))
      ).map((entry) => entry.outcome),
    ).toEqual(['success', 'success', 'success']);
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
    const { token } = await integrationToken('localhost', 'localhost');
    const listed = await context.app.inject({
      url: '/api/integration/v1/cases?type=CBK1',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().cases).toContainEqual(
      expect.objectContaining({ caseNumber, caseType: 'CBK1', referenceNumber: null }),
    );
  });

  it('backfills a case for each report and callback request sent before they opened one (migration 0046), once, telling no webhook', async () => {
    const { db } = context.database;
    const sentAt = new Date('2026-11-02T10:00:00.000Z');
    // A receiver of new cases: the back-fill's cases are not new, so it hears nothing of them.
    await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: 'http://127.0.0.1:9/backfill-hooks',
      events: ['case.opened'],
      production: false,
    });
    // Sent as a version before migration 0044 sent them: the journey kept as Submitted, no case row.
    const sentWithoutCase = async (store: VisitorJourneyStore, type: string, caseType: string) => {
      const row = await store.insert(db, {
        tenantUrl: 'localhost',
        type,
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: sentAt,
        choice: null,
      });
      const [{ next }] = (await db.execute(sql`select nextval('portal.case_numbers') as next`)).rows as [
        { next: string | number },
      ];
      const caseNumber = `${caseType}-${next}`;
      await store.update(db, row.id, {
        status: 'Submitted',
        submittedAt: sentAt,
        updatedAt: sentAt,
        caseNumber,
        summaryPdf: 'JVBERi0xLjcK',
      });
      return { id: row.id, caseNumber };
    };
    const report = await sentWithoutCase(bereavementStore, 'bereavement', 'BRV1');
    const matched = await sentWithoutCase(bereavementStore, 'bereavement', 'BRV1');
    await db
      .update(bereavementJourneys)
      .set({ matchedBusinessGroup: 'MER', matchedReferenceNumber: '1000010', matchedAt: sentAt })
      .where(eq(bereavementJourneys.id, matched.id));
    const callback = await sentWithoutCase(portalVisitorStore, 'requestacallback', 'CBK1');
    const caseNumbers = [report.caseNumber, matched.caseNumber, callback.caseNumber];

    const migration = await readFile(join(migrationsFolder, '0046_visitor_cases_backfill.sql'), 'utf8');
    const backfill = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement));
    };
    const cases = () => db.select().from(memberCases).where(inArray(memberCases.caseNumber, caseNumbers));
    const beforeBackfill = new Date(Date.now() - 1_000);
    await backfill();
    const once = await cases();
    expect(once).toHaveLength(3);
    const opened = {
      status: 'Received',
      summaryPdf: 'JVBERi0xLjcK',
      createdAt: sentAt,
      closedAt: null,
    };
    for (const row of once) expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(beforeBackfill.getTime());
    expect(
      await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.caseNumber, caseNumbers)),
    ).toEqual([]);
    // The trigger is on again: a case opened after the back-fill is told as case.opened.
    const sentAfter = await sentCallbackRequest(context);
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.caseNumber, sentAfter)),
    ).toContainEqual(expect.objectContaining({ event: 'case.opened' }));
    expect(once.find((row) => row.caseNumber === report.caseNumber)).toMatchObject({
      ...opened,
      businessGroup: 'MER',
      referenceNumber: null,
      caseType: 'BRV1',
      title: 'Report a death',
      journeyType: 'bereavement',
    });
    expect(once.find((row) => row.caseNumber === matched.caseNumber)).toMatchObject({
      ...opened,
      businessGroup: 'MER',
      referenceNumber: '1000010',
      caseType: 'BRV1',
    });
    expect(once.find((row) => row.caseNumber === callback.caseNumber)).toMatchObject({
      ...opened,
      businessGroup: 'MER',
      referenceNumber: null,
      caseType: 'CBK1',
      title: 'Request a callback',
      journeyType: 'requestacallback',
    });

    // Run again: still one case each.
    await backfill();
    expect(await cases()).toHaveLength(3);

    // The administration system finds them as changed since its last read, opened when they were sent.
    const { token } = await integrationToken('localhost', 'localhost');
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/integration/v1/cases?updatedSince=${beforeBackfill.toISOString()}`,
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const found = (listed.json() as { cases: Array<{ caseNumber: string; openedAt: string }> }).cases;
    for (const caseNumber of caseNumbers)
      expect(found).toContainEqual(expect.objectContaining({ caseNumber, openedAt: sentAt.toISOString() }));

    // The console works them as it works a case sent today: the deadline counts from when it was sent.
    const agent = await staffSignedIn(context, caseworker);
    const queue = (await agent.request({ url: '/admin-api/cases?type=BRV1' })).json().cases;
    expect(queue.find((item: { caseNumber: string }) => item.caseNumber === report.caseNumber)).toMatchObject(
      {
        openedAt: sentAt.toISOString(),
        deadline: deadlineOf('BRV1', sentAt, null).deadline,
        deadlineRule: 'Death: acknowledged in 5 working days',
      },
    );
  });

  it('tells the tenant’s case inbox of each report and callback request, by reference and type only, through the job queue', async () => {
    const { db } = context.database;
    const toInbox = async (caseNumber: string) =>
      db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, 'cases@meridian.example.org'),
            like(outboxMessages.subject, `%${caseNumber}%`),
          ),
        );
    const report = await sentDeathReport(context, 'jo.inbox@example.org');
    const callback = await sentCallbackRequest(context);
    const [told] = await toInbox(report);
    expect(told).toMatchObject({
      channel: 'email',
      tenantUrl: 'localhost',
      subject: `New case ${report}: Report a death`,
    });
    expect(told!.body).toContain(`${report}, Report a death (BRV1)`);
    // Nothing the reporter told us: no names, addresses, numbers or dates.
    for (const said of [
      'Arthur',
      'Pendle',
      'Jo ',
      'jo.inbox',
      '07911',
      'AB 12',
      '0123456',
      'Mill Lane',
      '1950',
      '2026-01-02',
    ])
      expect(told!.body + told!.subject).not.toContain(said);
    const [job] = await db.select().from(jobs).where(eq(jobs.subjectId, told!.id));
    expect(job).toMatchObject({ kind: 'email', status: 'queued' });

    const [calledBack] = await toInbox(callback);
    expect(calledBack!.subject).toBe(`New case ${callback}: Request a callback`);
    for (const said of ['0113', 'sam@example.org', 'pension'])
      expect(calledBack!.body + calledBack!.subject).not.toContain(said);
    expect(await toInbox(callback)).toHaveLength(1);
  });
});
