import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { jobs } from '../../src/db/schema';
import { BLANKED_CODE, createMessaging, type SmsSender } from '../../src/lib/messaging';
import { openSealedCodes } from '../../src/lib/sealed-codes';

/** Records the outbox rows and jobs messaging writes. */
function recorder() {
  const rows: Array<{ channel: string; recipient: string; body: string }> = [];
  const jobRows: Array<{ kind: string; subjectId: string; sealedCode: string | null }> = [];
  const db = {
    insert: (table: unknown) => ({
      values: (row: never) => {
        if (table === jobs) jobRows.push(row);
        else rows.push(row);
        return Object.assign(Promise.resolve(), {
          returning: async () => [{ id: `message-${rows.length}` }],
        });
      },
    }),
  };
  const provider: SmsSender = { send: async () => undefined };
  return { rows, jobRows, db: db as unknown as Database, provider };
}

const log = pino({ level: 'silent' });

describe('one-time codes in the outbox', () => {
  it('blanks the code in the stored copy in production, and keeps it sealed for the job that sends it', async () => {
    const { rows, jobRows, db, provider } = recorder();
    const letterSecret = new TextEncoder().encode('codes');
    const messaging = createMessaging({
      db,
      log,
      mailFrom: 'x@example.org',
      smtpUrl: 'smtp://127.0.0.1:2525',
      sms: provider,
      keepCodes: false,
      letterSecret,
    });
    await messaging.sendEmail({
      to: 'a@example.org',
      subject: 'Code',
      body: 'Your code is 123456.',
      secret: '123456',
    });
    await messaging.sendSms({ to: '+447700900123', body: '123456 is your code', secret: '123456' });
    expect(rows.map((row) => row.body)).toEqual([
      `Your code is ${BLANKED_CODE}.`,
      `${BLANKED_CODE} is your code`,
    ]);
    expect(jobRows.map((job) => [job.kind, job.subjectId])).toEqual([
      ['email', 'message-1'],
      ['sms', 'message-2'],
    ]);
    for (const job of jobRows) {
      expect(job.sealedCode).not.toContain('123456');
      expect(openSealedCodes(letterSecret, job.sealedCode!)).toBe('123456');
    }
  });

  it('writes no job for a channel without a way out: the message stays in the outbox', async () => {
    const { rows, jobRows, db } = recorder();
    const messaging = createMessaging({ db, log, mailFrom: 'x@example.org', keepCodes: true });
    await messaging.sendEmail({ to: 'a@example.org', subject: 'Hello', body: 'Hello.' });
    await messaging.sendSms({ to: '+447700900123', body: 'Hello.' });
    expect(rows).toHaveLength(2);
    expect(jobRows).toEqual([]);
  });

  it('keeps the code outside production, where the outbox is how the demo reads it', async () => {
    const { rows, db } = recorder();
    const messaging = createMessaging({ db, log, mailFrom: 'x@example.org', keepCodes: true });
    await messaging.sendEmail({
      to: 'a@example.org',
      subject: 'Code',
      body: 'Your code is 654321.',
      secret: '654321',
    });
    expect(rows[0]!.body).toBe('Your code is 654321.');
  });

  it('seals a letter’s code in production, for the print run to open', async () => {
    const { rows, db } = recorder();
    const letterSecret = new TextEncoder().encode('letters');
    const messaging = createMessaging({ db, log, mailFrom: 'x@example.org', keepCodes: false, letterSecret });
    await messaging.sendLetter({
      to: 'MER/1000001',
      subject: 'Code',
      body: 'Your code is 111222.',
      secret: '111222',
    });
    expect(rows[0]).toMatchObject({ channel: 'post' });
    expect(rows[0]!.body).not.toContain('111222');
    expect(openSealedCodes(letterSecret, rows[0]!.body)).toBe('Your code is 111222.');
  });
});
