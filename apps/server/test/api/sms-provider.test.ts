import { createServer, type IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { jobs, outboxMessages } from '../../src/db/schema';
import { useTestApp } from './harness';

/**
 * Texts through a configured provider (SMS_PROVIDER_URL, lib/sms-provider.ts) against a local HTTP
 * receiver that fails twice and then accepts: the job queue tries again with longer waits, and the text
 * arrives once, signed in with the key. docs/my-details.md "Messages".
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let failuresLeft = 2;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.statusCode = failuresLeft-- > 0 ? 503 : 201;
    response.setHeader('content-type', 'application/json');
    response.end('{"id":"provider-1"}');
  });
});
const env: Record<string, string> = {
  JOB_POLL_MS: '0',
  SMS_PROVIDER_KEY: 'test-sms-key',
  SMS_SENDER: 'Meridian',
};
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  env.SMS_PROVIDER_URL = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/v2/sms`;
});
const ctx = useTestApp(env);
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const minutesFrom = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('texts through a configured SMS provider', () => {
  it('posts each text with the key, retried by the queue after two failures, and marks it sent once', async () => {
    const { db } = ctx.database;
    await ctx.app.messaging.sendSms({
      to: '+447700900123',
      body: '482913 is your Meridian code',
      secret: '482913',
    });
    const [message] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+447700900123'));
    expect(message).toMatchObject({ channel: 'sms', sentAt: null });
    const jobOf = async () => (await db.select().from(jobs).where(eq(jobs.subjectId, message!.id)))[0]!;
    expect(await jobOf()).toMatchObject({ kind: 'sms', status: 'queued' });

    const now = new Date();
    await ctx.app.jobs.runOnce(now);
    expect(await jobOf()).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the SMS provider answered 503',
    });
    await ctx.app.jobs.runOnce(minutesFrom(now, 2));
    expect(await jobOf()).toMatchObject({ status: 'failed', attempts: 2 });
    await ctx.app.jobs.runOnce(minutesFrom(now, 10));
    expect(await jobOf()).toMatchObject({ status: 'sent', attempts: 3 });
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id));
    expect(sent!.sentAt).not.toBeNull();
    // Nothing more to send: a later run posts nothing again.
    await ctx.app.jobs.runOnce(minutesFrom(now, 60));
    expect(received).toHaveLength(3);

    for (const request of received) {
      expect(request.headers.authorization).toBe('Bearer test-sms-key');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({
        phone_number: '+447700900123',
        message: '482913 is your Meridian code',
        reference: message!.id,
        sender: 'Meridian',
      });
    }
  });

  it('is checked at start: a key is required, and HTTPS except on this machine outside production', () => {
    const problemsOf = (extra: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...extra });
        return [];
      } catch (error) {
        return (error as { problems?: string[] }).problems ?? [String(error)];
      }
    };
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ SMS_PROVIDER_URL: 'https://sms.example.org/v2/sms', SMS_PROVIDER_KEY: 'k' })).toEqual(
      [],
    );
    expect(problemsOf({ SMS_PROVIDER_URL: 'https://sms.example.org/v2/sms' }).join()).toContain(
      'SMS_PROVIDER_KEY: required with SMS_PROVIDER_URL',
    );
    expect(
      problemsOf({ SMS_PROVIDER_URL: 'http://sms.example.org/v2/sms', SMS_PROVIDER_KEY: 'k' }).join(),
    ).toContain('SMS_PROVIDER_URL: must be an https:// address');
    expect(problemsOf({ SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms', SMS_PROVIDER_KEY: 'k' })).toEqual([]);
  });
});
