import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryBodySchemas, webhookEventNames } from '@meridian/contracts';
import {
  bereavementDocuments,
  bereavementJourneys,
  memberCases,
  staffAccounts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema';
import { addWebhookEndpoint, verifyWebhook, WEBHOOK_HEADERS } from '../../src/areas/webhooks/delivery';
import { updateCase } from '../../src/areas/cases/case-update';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';
import { signedOf, webhookReceiver } from './webhook-receiver';

/**
 * The case events an administration system hears of besides a case opening, moving and closing
 * (issue 43, migration 0049): a file sent with a case, a document marked received, an assignment.
 * docs/operations.md#webhooks.
 */
const ctx = useTestApp({ JOB_POLL_MS: '0' });
const { received, url } = webhookReceiver();

type Event = (typeof webhookEventNames)[number];
const WORK_EVENTS: Event[] = [
  'case.document_added',
  'case.document_received',
  'case.assigned',
  'case.document_requested',
];
/** db.retiring's record: a case of the Meridian tenant, whose receivers hear of it. */
const RECORD = { businessGroup: 'MER', referenceNumber: '1000010' };
const CONTEXT = 'dbcoreretirementapplication';

/** A receiver of the four events above and one of 0035's three only. */
const receivers = { work: { id: '', secret: '' }, lifecycle: '' };
beforeAll(async () => {
  receivers.work = await addWebhookEndpoint(ctx.database.db, {
    tenantUrl: 'localhost',
    url: url('/work'),
    events: WORK_EVENTS,
    production: false,
  });
  receivers.lifecycle = (
    await addWebhookEndpoint(ctx.database.db, {
      tenantUrl: 'localhost',
      url: url('/lifecycle'),
      events: ['case.opened', 'case.status_changed', 'case.completed'],
      production: false,
    })
  ).id;
});

let opened = 0;
async function openCase(status = 'In progress', documents: Array<{ name: string; status: string }> = []) {
  const caseNumber = `RTP9-8${String(++opened).padStart(5, '0')}`;
  await ctx.database.db.insert(memberCases).values({
    caseNumber,
    ...RECORD,
    caseType: 'RTP9',
    title: 'Apply for your pension',
    journeyType: CONTEXT,
    status,
    documents,
  });
  return caseNumber;
}

/** The events written for a case to a receiver since it was opened, each with its body, sorted by event. */
async function eventsFor(caseNumber: string, endpointId: string) {
  const rows = await ctx.database.db
    .select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.caseNumber, caseNumber),
        eq(webhookDeliveries.endpointId, endpointId),
        ne(webhookDeliveries.event, 'case.opened'),
      ),
    );
  return rows.sort((a, b) => a.event.localeCompare(b.event));
}

/** The member sends a file with the case from My requests; answers the file's id. */
async function memberSends(caseNumber: string, document: string) {
  const member = new BrowserAgent(ctx.app);
  await member.signIn('db.retiring');
  const uploaded = await member.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm(`${document}.pdf`, await files.pdf(document), { journeyType: CONTEXT, tags: document }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const sent = await member.request({
    method: 'POST',
    url: '/mdp-api/api/documents/post-submission',
    payload: { journeyType: CONTEXT, caseNumber },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return (uploaded.json() as { fileUuid: string }).fileUuid;
}

describe('webhooks for files sent, documents received and assignment', () => {
  it('are chosen for a receiver in the console like the others; an unknown event is refused', async () => {
    const admin = await demoStaffSignedIn(ctx, 'administrator@meridian.example');
    const add = (events: string[]) =>
      admin.request({
        method: 'POST',
        url: '/admin-api/webhook-receivers',
        payload: { url: url('/console'), events },
      });
    const count = async () => (await ctx.database.db.select().from(webhookEndpoints)).length;
    const before = await count();
    const unknown = await add(['case.assigned', 'case.deleted']);
    expect(unknown.statusCode).toBe(400);
    expect(await count()).toBe(before);

    const added = await add(WORK_EVENTS);
    expect(added.statusCode, added.body).toBe(201);
    const listed = (await admin.request({ url: '/admin-api/webhook-receivers' })).json() as {
      receivers: Array<{ id: string; events: string[] }>;
    };
    expect(listed.receivers.find((row) => row.id === added.json().id)?.events).toEqual(WORK_EVENTS);
  });

  it('tells of a file the member sends with a case whose status stays the same, by its id, signed', async () => {
    const caseNumber = await openCase('In progress');
    const fileId = await memberSends(caseNumber, 'Payslip');
    const events = await eventsFor(caseNumber, receivers.work.id);
    expect(events).toEqual([
      {
        event: 'case.document_added',
        payload: expect.objectContaining({ caseNumber, status: 'In progress', fileId }),
      },
    ]);
    // The receiver of opening, moves and closing hears nothing: the status stayed.
    expect(await eventsFor(caseNumber, receivers.lifecycle)).toEqual([]);

    await ctx.app.jobs.runOnce();
    const delivery = received.find((item) => item.url === '/work' && item.body.includes(caseNumber));
    expect(delivery?.headers[WEBHOOK_HEADERS.event]).toBe('case.document_added');
    expect(verifyWebhook(receivers.work.secret, signedOf(delivery!))).toBe('valid');
    // Ids and the case's own fields, nothing more: the body is exactly the contract's.
    const body = webhookDeliveryBodySchemas['case.document_added'].strict().parse(JSON.parse(delivery!.body));
    expect(body).toMatchObject({ event: 'case.document_added', caseType: 'RTP9', ...RECORD, fileId });
  });

  it('tells of the file, and not of a document received, when it answers what the case asked for', async () => {
    const caseNumber = await openCase('Waiting for you', [
      { name: 'Birth certificate', status: 'outstanding' },
    ]);
    const fileId = await memberSends(caseNumber, 'Birth certificate');
    expect(
      (await eventsFor(caseNumber, receivers.work.id)).map((row) => [row.event, row.payload.fileId]),
    ).toEqual([['case.document_added', fileId]]);
    // The case came back to the scheme: that is a move, which the other receiver hears of.
    expect(
      (await eventsFor(caseNumber, receivers.lifecycle)).map((row) => [row.event, row.payload.status]),
    ).toEqual([['case.status_changed', 'In progress']]);
  });

  it('tells of a document staff mark received, once, and of each assignment, with who it went to', async () => {
    const caseNumber = await openCase('Received', [
      { name: 'Proof of identity', status: 'outstanding' },
      { name: 'Marriage certificate', status: 'outstanding' },
    ]);
    // A team leader: putting a case back in the queue is assigning it away from oneself.
    const leader = await demoStaffSignedIn(ctx, 'teamleader@meridian.example');
    const post = (path: string, payload: Record<string, unknown>) =>
      leader.request({ method: 'POST', url: `/admin-api/cases/${caseNumber}/${path}`, payload });
    const done = async (path: string, payload: Record<string, unknown>) => {
      const answer = await post(path, payload);
      expect(answer.statusCode, answer.body).toBe(200);
    };

    await done('documents/received', { document: 'Proof of identity' });
    // Marked again: refused (409), and nothing more is sent.
    expect((await post('documents/received', { document: 'Proof of identity' })).statusCode).toBe(409);
    await done('assign', { to: 'me' });
    const [me] = await ctx.database.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'teamleader@meridian.example'));
    const afterAssigning = await eventsFor(caseNumber, receivers.work.id);
    expect(afterAssigning.map((row) => [row.event, row.payload.document ?? row.payload.assigneeId])).toEqual([
      ['case.assigned', me!.id],
      ['case.document_received', 'Proof of identity'],
    ]);
    await done('assign', { to: null });
    const assignments = (await eventsFor(caseNumber, receivers.work.id)).filter(
      (row) => row.event === 'case.assigned',
    );
    expect(assignments.map((row) => row.payload.assigneeId)).toEqual([me!.id, null]);
    for (const row of await eventsFor(caseNumber, receivers.work.id))
      webhookDeliveryBodySchemas[row.event].strict().parse({ id: randomUUID(), ...row.payload });
    // A note changes nothing a receiver hears of.
    await done('notes', { note: 'Called the member.' });
    expect(await eventsFor(caseNumber, receivers.work.id)).toHaveLength(3);
    expect(await eventsFor(caseNumber, receivers.lifecycle)).toEqual([]);
  });

  it('tells of a document asked of the member, by staff or case:update, again once it came, not while still asked', async () => {
    const caseNumber = await openCase('In progress', [{ name: 'Proof of identity', status: 'received' }]);
    const caseworker = await demoStaffSignedIn(ctx, 'caseworker@meridian.example');
    const ask = (document: string) =>
      caseworker.request({
        method: 'POST',
        url: `/admin-api/cases/${caseNumber}/documents/request`,
        payload: { document, memberNote: `Please send your ${document}.` },
      });
    const requested = async () =>
      (await eventsFor(caseNumber, receivers.work.id)).map((row) => {
        webhookDeliveryBodySchemas['case.document_requested']
          .strict()
          .parse({ id: randomUUID(), ...row.payload });
        return [row.event, row.payload.document, row.payload.status];
      });

    expect((await ask('Payslip')).statusCode).toBe(200);
    // With the status the request moved the case to; the receiver of moves hears of that move only.
    expect(await requested()).toEqual([['case.document_requested', 'Payslip', 'Waiting for you']]);
    expect((await eventsFor(caseNumber, receivers.lifecycle)).map((row) => row.event)).toEqual([
      'case.status_changed',
    ]);
    // Asked again while still outstanding: refused (409), nothing sent.
    expect((await ask('Payslip')).statusCode).toBe(409);
    // The command asks through the same action; one it had (received) may be asked for again.
    const command = { log: ctx.app.log, operator: 'ops-on-call', channels: { email: false, sms: false } };
    await updateCase(ctx.database.db, command, caseNumber, {
      document: { name: 'Proof of identity', requested: true },
      note: 'Your passport has expired: please send another proof of identity.',
    });
    expect((await requested()).map(([, document]) => document)).toEqual(['Payslip', 'Proof of identity']);
  });

  it('tells of a document received whichever code marks it (case:update), and not of one rolled back', async () => {
    const caseNumber = await openCase('In progress', [{ name: 'Death certificate', status: 'outstanding' }]);
    const { db } = ctx.database;
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(memberCases)
          .set({ documents: [{ name: 'Death certificate', status: 'received' }] })
          .where(eq(memberCases.caseNumber, caseNumber));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsFor(caseNumber, receivers.work.id)).toEqual([]);

    const command = { log: ctx.app.log, operator: 'ops-on-call', channels: { email: false, sms: false } };
    await updateCase(db, command, caseNumber, { document: { name: 'Death certificate', requested: false } });
    // Marked again: refused, and still the one event.
    await expect(
      updateCase(db, command, caseNumber, { document: { name: 'Death certificate', requested: false } }),
    ).rejects.toMatchObject({ code: 'case_document_received' });
    expect((await eventsFor(caseNumber, receivers.work.id)).map((row) => row.payload.document)).toEqual([
      'Death certificate',
    ]);
  });

  it('tells of a file a reporter sends with a report of a death once it is sent, not before', async () => {
    const { db } = ctx.database;
    const caseNumber = 'BRV1-800001';
    await db.insert(memberCases).values({
      caseNumber,
      businessGroup: 'MER',
      caseType: 'BRV1',
      title: 'Report a death',
      journeyType: 'bereavement',
    });
    const report = async (status: 'Started' | 'Submitted') =>
      (
        await db
          .insert(bereavementJourneys)
          .values({
            tenantUrl: 'localhost',
            type: 'bereavement',
            tokenHash: randomUUID(),
            status,
            expiresAt: new Date(Date.now() + 3_600_000),
            caseNumber: status === 'Submitted' ? caseNumber : null,
          })
          .returning({ id: bereavementJourneys.id })
      )[0]!.id;
    const file = (journeyId: string) => ({
      journeyId,
      name: 'will.pdf',
      documentType: 'Will',
      mediaType: 'application/pdf',
      sizeBytes: 10,
      storeKey: randomUUID(),
    });
    await db.insert(bereavementDocuments).values(file(await report('Started')));
    const [sent] = await db
      .insert(bereavementDocuments)
      .values(file(await report('Submitted')))
      .returning({ id: bereavementDocuments.id });
    expect((await eventsFor(caseNumber, receivers.work.id)).map((row) => row.payload)).toEqual([
      expect.objectContaining({ event: 'case.document_added', referenceNumber: null, fileId: sent!.id }),
    ]);
  });

  it('are described, with every other case event, under x-webhooks in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ url: '/docs/json' })).json() as {
      'x-webhooks': Record<
        string,
        {
          post: {
            parameters: Array<{ name: string }>;
            requestBody: {
              content: {
                'application/json': { schema: { properties: Record<string, unknown>; required: string[] } };
              };
            };
          };
        }
      >;
    };
    const hooks = document['x-webhooks'];
    expect(Object.keys(hooks)).toEqual([...webhookEventNames]);
    const added = hooks['case.document_added']!.post;
    expect(added.parameters.map((parameter) => parameter.name)).toContain(WEBHOOK_HEADERS.signature);
    const body = added.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['fileId', 'caseNumber', 'event']));
    expect(Object.keys(body.properties)).not.toContain('name');
    const requested = hooks['case.document_requested']!.post.requestBody.content['application/json'].schema;
    expect(requested.required).toEqual(expect.arrayContaining(['document', 'caseNumber', 'status']));
  });
});
