import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { BLANKED_CODE, createMessaging, type SmsSender } from '../../src/lib/messaging';
import { openSealedCodes } from '../../src/lib/sealed-codes';

/** Records the outbox rows messaging writes, and the texts a provider is handed. */
function recorder() {
  const rows: Array<{ channel: string; recipient: string; body: string }> = [];
  const db = { insert: () => ({ values: async (row: (typeof rows)[number]) => void rows.push(row) }) };
  const texts: string[] = [];
  const provider: SmsSender = { send: async (sms) => void texts.push(sms.body) };
  return { rows, texts, db: db as unknown as Database, provider };
}

const log = pino({ level: 'silent' });

describe('one-time codes in the outbox', () => {
  it('blanks the code in the stored copy in production, and sends the text whole', async () => {
    const { rows, texts, db, provider } = recorder();
    const messaging = createMessaging({
      db,
      log,
      mailFrom: 'x@example.org',
      sms: provider,
      keepCodes: false,
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
    expect(texts).toEqual(['123456 is your code']);
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
