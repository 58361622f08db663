import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  memberCases,
  outboxMessages,
  tenants,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema';
import { BLANKED_CODE, createMessaging } from '../../src/lib/messaging';
import { createJobWorker, enqueueJob } from '../../src/lib/job-queue';
import { loadSigningKey } from '../../src/lib/server-keys';
import {
  addWebhookEndpoint,
  newWebhookSecret,
  rotateWebhookSecret,
  sealPlainWebhookSecrets,
  verifyWebhook,
  webhookSecretKey,
  WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../src/areas/webhooks/delivery';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { messagesTo } from './outbox-codes';
import { testSmtpServer } from './test-smtp-server';
import { signedOf, webhookReceiver } from './webhook-receiver';

/** Messages through the job queue (issue 43): docs/operations.md "Messages and the job queue". */
const smtp = testSmtpServer();
const env: Record<string, string> = { JOB_POLL_MS: '0' };
beforeAll(async () => {
  // A port for the mail server, which then goes down until a test brings it up.
  await smtp.start();
  await smtp.stop();
  env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
});
const ctx = useTestApp(env);
afterAll(() => smtp.stop());

const log = pino({ level: 'silent' });
const minutesFrom = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
const jobOf = async (subjectId: string) =>
  (await ctx.database.db.select().from(jobs).where(eq(jobs.subjectId, subjectId)))[0]!;
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('email through the job queue', () => {
  it('leaves the request at once, and arrives once the mail server is back', async () => {
    const started = performance.now();
    const answer = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: '/authentication-api/api/account/password-reset/start',
      payload: { account: 'db.active' },
      remoteAddress: '10.43.0.1',
    });
    expect(answer.statusCode).toBe(202);
    expect(performance.now() - started).toBeLessThan(3000);
    // The dev outbox has it at once, with its tenant; the job waits for the worker.
    await expect
      .poll(() => messagesTo(ctx.database.db, 'db.active@example.org'), { timeout: 5000 })
      .toHaveLength(1);
    const [message] = await messagesTo(ctx.database.db, 'db.active@example.org');
    expect(message).toMatchObject({ tenantUrl: 'localhost', sentAt: null });
    expect(await jobOf(message!.id)).toMatchObject({ kind: 'email', status: 'queued', attempts: 0 });

    // The mail server is down: each attempt fails and the next waits longer.
    const now = new Date();
    expect(await ctx.app.jobs.runOnce(now)).toBe(1);
    const first = await jobOf(message!.id);
    expect(first).toMatchObject({ status: 'failed', attempts: 1, lockedBy: null });
    expect(first.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(first.runAt.getTime()).toBeGreaterThan(now.getTime() + 10_000);
    expect(await ctx.app.jobs.runOnce(now)).toBe(0);
    expect(await ctx.app.jobs.runOnce(minutesFrom(now, 1))).toBe(1);
    const second = await jobOf(message!.id);
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(second.runAt.getTime() - minutesFrom(now, 1).getTime()).toBeGreaterThan(
      first.runAt.getTime() - now.getTime() - 1000,
    );
    expect(mailTo('db.active@example.org')).toEqual([]);

    // A minute and more later the server is back: the message is sent, once.
    await smtp.start();
    expect(await ctx.app.jobs.runOnce(minutesFrom(now, 5))).toBe(1);
    expect(await jobOf(message!.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect((await messagesTo(ctx.database.db, 'db.active@example.org'))[0]!.sentAt).not.toBeNull();
    const delivered = mailTo('db.active@example.org');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.data).toContain(/\b(\d{6})\b/.exec(message!.body)![1]);
    expect(await ctx.app.jobs.runOnce(minutesFrom(now, 60))).toBe(0);
    await smtp.stop();
  });

  it('sends the code whole though the outbox keeps it blanked, then keeps no code', async () => {
    const { db } = ctx.database;
    const letterSecret = await loadSigningKey(db, 'outbox-letters');
    const messaging = createMessaging({
      db,
      log,
      smtpUrl: env.SMTP_URL,
      mailFrom: 'x@example.org',
      keepCodes: false,
      letterSecret,
    });
    await messaging.sendEmail({
      to: 'sealed@example.org',
      subject: 'Code',
      body: 'Your code is 918273.',
      secret: '918273',
    });
    const [message] = await messagesTo(db, 'sealed@example.org');
    expect(message!.body).toBe(`Your code is ${BLANKED_CODE}.`);
    expect((await jobOf(message!.id)).sealedCode).toMatch(/^\[\[sealed:/);
    await smtp.start();
    const worker = createJobWorker({ db, log, pollMs: 0, handlers: messaging.jobHandlers });
    expect(await worker.runOnce()).toBe(1);
    await smtp.stop();
    expect(mailTo('sealed@example.org')[0]!.data).toContain('Your code is 918273.');
    expect(await jobOf(message!.id)).toMatchObject({ status: 'sent', sealedCode: null });
  });

  it('never sends one message twice from two workers on one database, nor while another holds its lease', async () => {
    const { db } = ctx.database;
    const messaging = createMessaging({
      db,
      log,
      smtpUrl: env.SMTP_URL,
      mailFrom: 'x@example.org',
      keepCodes: true,
    });
    const count = 24;
    for (let n = 0; n < count; n++)
      await messaging.sendEmail({ to: 'twice@example.org', subject: `Message ${n}`, body: `Body ${n}` });
    await smtp.start();
    const workers = ['one', 'two'].map((workerId) =>
      createJobWorker({ db, log, pollMs: 0, workerId, batchSize: 3, handlers: messaging.jobHandlers }),
    );
    const ran = await Promise.all(
      workers.map(async (worker) => {
        let total = 0;
        for (let batch = await worker.runOnce(); batch > 0; batch = await worker.runOnce()) total += batch;
        return total;
      }),
    );
    expect(ran[0]! + ran[1]!).toBe(count);
    const subjects = mailTo('twice@example.org').map((mail) => /^Subject: (.*)$/m.exec(mail.data)![1]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);

    // A worker that stopped mid-send holds its lease: no one else sends it until the lease runs out.
    await messaging.sendEmail({ to: 'lease@example.org', subject: 'Leased', body: 'Leased.' });
    const [leased] = await messagesTo(db, 'lease@example.org');
    const now = new Date();
    await db
      .update(jobs)
      .set({ lockedBy: 'gone', lockedUntil: minutesFrom(now, 5), attempts: 1 })
      .where(eq(jobs.subjectId, leased!.id));
    expect(await workers[0]!.runOnce(now)).toBe(0);
    expect(await workers[1]!.runOnce(minutesFrom(now, 6))).toBe(1);
    expect(await jobOf(leased!.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailTo('lease@example.org')).toHaveLength(1);
    await smtp.stop();
  });

  it('is dead after its last attempt, with the last error kept', async () => {
    const { db } = ctx.database;
    const messaging = createMessaging({
      db,
      log,
      smtpUrl: env.SMTP_URL,
      mailFrom: 'x@example.org',
      keepCodes: true,
    });
    const [row] = await db
      .insert(outboxMessages)
      .values({ channel: 'email', recipient: 'dead@example.org', subject: 'Dead', body: 'Never.' })
      .returning();
    await enqueueJob(db, { kind: 'email', subjectId: row!.id, maxAttempts: 2 });
    const worker = createJobWorker({ db, log, pollMs: 0, handlers: messaging.jobHandlers });
    const now = new Date();
    await worker.runOnce(now);
    await worker.runOnce(minutesFrom(now, 10));
    const dead = await jobOf(row!.id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 2 });
    expect(dead.finishedAt).not.toBeNull();
    expect(dead.lastError).toBeTruthy();
    expect(await worker.runOnce(minutesFrom(now, 600))).toBe(0);
  });
});

describe('webhooks for case events', () => {
  // A receiver that is down for the first two deliveries.
  const { received, url } = webhookReceiver({ failures: 2 });

  it('signs each case event, retries a receiver that fails twice, and logs each delivery', async () => {
    const { db } = ctx.database;
    const { secret } = await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: url('/hooks'),
      events: ['case.opened', 'case.status_changed', 'case.completed'],
      production: false,
    });
    const [tenant] = await db.select().from(tenants).where(eq(tenants.tenantUrl, 'localhost'));
    const caseNumber = 'HOOK-1';
    await db.insert(memberCases).values({
      caseNumber,
      businessGroup: tenant!.businessGroups[0]!,
      referenceNumber: '9999999',
      caseType: 'HOOK',
      title: 'A case for webhooks',
      status: 'Received',
    });
    const [opened] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.caseNumber, caseNumber));
    expect(opened).toMatchObject({ event: 'case.opened', responseStatus: null });

    const now = new Date();
    expect(await ctx.app.jobs.runOnce(now)).toBe(1);
    expect(await jobOf(opened!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the receiver answered 503',
    });
    await ctx.app.jobs.runOnce(minutesFrom(now, 2));
    expect(await jobOf(opened!.id)).toMatchObject({ status: 'failed', attempts: 2 });
    await ctx.app.jobs.runOnce(minutesFrom(now, 10));
    expect(await jobOf(opened!.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, opened!.id)))[0]!
        .responseStatus,
    ).toBe(204);

    expect(received).toHaveLength(3);
    for (const delivery of received) {
      expect(delivery.headers[WEBHOOK_HEADERS.delivery]).toBe(opened!.id);
      expect(delivery.headers[WEBHOOK_HEADERS.event]).toBe('case.opened');
      const signed = signedOf(delivery);
      expect(verifyWebhook(secret, signed)).toBe('valid');
      expect(verifyWebhook('whsec_another', signed)).toBe('bad_signature');
      expect(verifyWebhook(secret, { ...signed, body: delivery.body.replace('HOOK-1', 'HOOK-2') })).toBe(
        'bad_signature',
      );
      const later = new Date(Number(signed.timestamp) * 1000 + (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000);
      expect(verifyWebhook(secret, signed, later)).toBe('too_old');
    }
    expect(JSON.parse(received[2]!.body)).toMatchObject({
      id: opened!.id,
      event: 'case.opened',
      caseNumber,
      caseType: 'HOOK',
      status: 'Received',
      referenceNumber: '9999999',
    });

    // A status change, then completion: one delivery each; a change of anything else: none.
    await db.update(memberCases).set({ status: 'In progress' }).where(eq(memberCases.caseNumber, caseNumber));
    await db.update(memberCases).set({ title: 'Renamed' }).where(eq(memberCases.caseNumber, caseNumber));
    await db
      .update(memberCases)
      .set({ status: 'Completed', closedAt: new Date() })
      .where(eq(memberCases.caseNumber, caseNumber));
    const events = await db
      .select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.caseNumber, caseNumber)))
      .orderBy(webhookDeliveries.createdAt);
    expect(events.map((row) => [row.event, row.payload.status])).toEqual([
      ['case.opened', 'Received'],
      ['case.status_changed', 'In progress'],
      ['case.completed', 'Completed'],
    ]);
    expect(await ctx.app.jobs.runOnce(minutesFrom(now, 11))).toBe(2);
    expect(received).toHaveLength(5);
  });

  /** A Meridian case, which localhost's receivers of case.opened hear of. */
  const openHookCase = async (caseNumber: string) => {
    const { db } = ctx.database;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.tenantUrl, 'localhost'));
    await db.insert(memberCases).values({
      caseNumber,
      businessGroup: tenant!.businessGroups[0]!,
      referenceNumber: '9999998',
      caseType: 'HOOK',
      title: 'A case for webhooks',
      status: 'Received',
    });
  };

  it('keeps each receiver’s secret sealed at rest, seals one kept plain, and still signs with it', async () => {
    const { db } = ctx.database;
    const storedSecret = async (id: string) =>
      (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!.secret;
    const added = await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: url('/sealed-added'),
      events: ['case.opened'],
      production: false,
    });
    expect(added.secret).toMatch(/^whsec_/);
    expect(await storedSecret(added.id)).toMatch(/^sealed:/);
    expect(await storedSecret(added.id)).not.toContain(added.secret.slice('whsec_'.length));

    // A receiver kept plain (added by a release before sealing) is sealed as the server starts.
    const plainSecret = newWebhookSecret();
    const [plain] = await db
      .insert(webhookEndpoints)
      .values({
        tenantUrl: 'localhost',
        url: url('/sealed-plain'),
        events: ['case.opened'],
        secret: plainSecret,
      })
      .returning({ id: webhookEndpoints.id });
    const key = await webhookSecretKey(db, ctx.config.SECRETS_KEY);
    expect(await sealPlainWebhookSecrets(db, key)).toBe(1);
    expect(await storedSecret(plain!.id)).toMatch(/^sealed:/);
    expect(await storedSecret(plain!.id)).not.toContain(plainSecret.slice('whsec_'.length));
    expect(await sealPlainWebhookSecrets(db, key)).toBe(0);

    // Each delivery is still signed with the secret its receiver was given.
    await openHookCase('HOOK-SEALED');
    await ctx.app.jobs.runOnce(minutesFrom(new Date(), 30));
    for (const [path, secret] of [
      ['/sealed-added', added.secret],
      ['/sealed-plain', plainSecret],
    ] as const) {
      const delivery = received.find((item) => item.url === path && item.body.includes('HOOK-SEALED'));
      expect(delivery, path).toBeDefined();
      const signed = signedOf(delivery!);
      expect(verifyWebhook(secret, signed)).toBe('valid');
      expect(verifyWebhook(await storedSecret(path === '/sealed-added' ? added.id : plain!.id), signed)).toBe(
        'bad_signature',
      );
    }
  });

  it('signs with the new secret and, during the grace period after a rotation, the old one too; then the new one alone', async () => {
    const { db } = ctx.database;
    const first = await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: url('/rotating'),
      events: ['case.opened'],
      production: false,
    });
    const day = 24 * 3_600_000;
    /** Opens a case, sends what is due, and answers the delivery's signature header and how each secret verifies. */
    const delivered = async (caseNumber: string, secrets: Record<string, string>) => {
      await openHookCase(caseNumber);
      await ctx.app.jobs.runOnce(minutesFrom(new Date(), 60));
      const delivery = received.find((item) => item.url === '/rotating' && item.body.includes(caseNumber));
      expect(delivery, caseNumber).toBeDefined();
      const signed = signedOf(delivery!);
      return {
        signatures: signed.signature.split(','),
        verified: Object.fromEntries(
          Object.entries(secrets).map(([name, secret]) => [name, verifyWebhook(secret, signed)]),
        ),
      };
    };

    const second = await rotateWebhookSecret(db, first.id, day);
    expect(second!.previousSecretUntil!.getTime()).toBeGreaterThan(Date.now() + day - 60_000);
    const during = await delivered('HOOK-ROT-1', { first: first.secret, second: second!.secret });
    expect(during.signatures).toHaveLength(2);
    expect(during.signatures.every((signature) => /^v1=[0-9a-f]{64}$/.test(signature))).toBe(true);
    expect(during.verified).toEqual({ first: 'valid', second: 'valid' });

    // Rotated again within the grace period: the first secret stops at once, the second signs beside the third.
    const third = await rotateWebhookSecret(db, first.id, day);
    const again = await delivered('HOOK-ROT-2', {
      first: first.secret,
      second: second!.secret,
      third: third!.secret,
    });
    expect(again.verified).toEqual({ first: 'bad_signature', second: 'valid', third: 'valid' });

    // Once the grace period is over, the new secret alone signs.
    await db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, first.id));
    const after = await delivered('HOOK-ROT-3', { second: second!.secret, third: third!.secret });
    expect(after.signatures).toHaveLength(1);
    expect(after.verified).toEqual({ second: 'bad_signature', third: 'valid' });

    // No grace period (a secret that leaked): the old one stops at once.
    const fourth = await rotateWebhookSecret(db, first.id, 0);
    expect(fourth!.previousSecretUntil).toBeNull();
    const atOnce = await delivered('HOOK-ROT-4', { third: third!.secret, fourth: fourth!.secret });
    expect(atOnce.signatures).toHaveLength(1);
    expect(atOnce.verified).toEqual({ third: 'bad_signature', fourth: 'valid' });
    const [stored] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, first.id));
    expect(stored).toMatchObject({ previousSecret: null, previousSecretUntil: null });
  });
});
