import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, memberCases, staffAudit, webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import { addWebhookEndpoint } from '../../src/areas/webhooks/delivery';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';

/** Sending a webhook delivery that gave up again, from the console's Webhook deliveries (issue 43). */
const ctx = useTestApp({ JOB_POLL_MS: '0' });

let receiverUp = false;
const received: string[] = [];
const receiver: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (receiverUp) received.push(body);
    response.statusCode = receiverUp ? 200 : 500;
    response.end();
  });
});
afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

const signedIn = (email: string) => demoStaffSignedIn(ctx, email);

describe('resending a dead webhook delivery', () => {
  it('a receiver that failed gets the delivery once a team leader sends it again (audited); others are refused', async () => {
    const { db } = ctx.database;
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', () => done()));
    const port = (receiver.address() as AddressInfo).port;
    await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: `http://127.0.0.1:${port}/hook`,
      events: ['case.opened'],
      production: false,
    });
    await db.insert(memberCases).values({
      caseNumber: 'HOOK-1',
      businessGroup: 'MER',
      referenceNumber: '1',
      caseType: 'HOOK',
      title: 'Hook',
    });
    await ctx.app.jobs.runOnce();
    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.caseNumber, 'HOOK-1'));
    expect(delivery).toBeTruthy();
    // The receiver failed; its tries are spent: the delivery is dead.
    await db.update(jobs).set({ status: 'dead' }).where(eq(jobs.subjectId, delivery!.id));
    const resend = (agent: BrowserAgent, id = delivery!.id) =>
      agent.request({ method: 'POST', url: `/admin-api/webhook-deliveries/${id}/resend`, payload: {} });

    const caseworker = await signedIn('caseworker@meridian.example');
    expect((await resend(caseworker)).statusCode).toBe(403);
    const theirs = await signedIn('teamleader@bluewater.example');
    const other = await resend(theirs);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors[0].code).toBe('webhook_delivery_not_found');

    const leader = await signedIn('teamleader@meridian.example');
    receiverUp = true;
    const sent = await resend(leader);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await resend(leader)).statusCode).toBe(409);
    await ctx.app.jobs.runOnce();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!)).toMatchObject({ event: 'case.opened' });
    const list = (await leader.request({ url: '/admin-api/webhook-deliveries' })).json() as {
      deliveries: Array<{ id: string; status: string; responseStatus: number | null }>;
    };
    expect(list.deliveries.find((row) => row.id === delivery!.id)).toMatchObject({
      status: 'sent',
      responseStatus: 200,
    });
    const audited = await db.select().from(staffAudit).where(eq(staffAudit.action, 'webhook_resend'));
    expect(audited.map((row) => row.outcome).sort()).toEqual(['failure', 'success']);
    expect((await resend(leader, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('a delivery waiting when its receiver is disabled is not sent: its job is dead at once, not tried again', async () => {
    const { db } = ctx.database;
    const port = (receiver.address() as AddressInfo).port;
    receiverUp = true;
    const before = received.length;
    await addWebhookEndpoint(db, {
      tenantUrl: 'bluewater.localhost',
      url: `http://127.0.0.1:${port}/disabled-hook`,
      events: ['case.opened'],
      production: false,
    });
    await db.insert(memberCases).values({
      caseNumber: 'HOOK-2',
      businessGroup: 'BLU',
      referenceNumber: '2',
      caseType: 'HOOK',
      title: 'Hook',
    });
    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.caseNumber, 'HOOK-2'));
    await db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date() })
      .where(eq(webhookEndpoints.id, delivery!.endpointId));
    await ctx.app.jobs.runOnce();
    expect(received).toHaveLength(before);
    const [job] = await db.select().from(jobs).where(eq(jobs.subjectId, delivery!.id));
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job!.lastError).toContain('the receiver is disabled');
  });
});
