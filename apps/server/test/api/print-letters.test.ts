import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema';
import { createMessaging } from '../../src/lib/messaging';
import { createLocalDocumentStore } from '../../src/areas/documents/local-store';
import { printLetters } from '../../src/areas/outbox/print-letters';
import { openSealedCodes } from '../../src/lib/sealed-codes';
import { loadSigningKey } from '../../src/lib/server-keys';
import { useTestApp } from './harness';

const ctx = useTestApp();

describe('a letter carrying a code, in production', () => {
  it('keeps the code sealed in the outbox, prints it opened with the address, then keeps no code', async () => {
    const { db } = ctx.database;
    const secret = await loadSigningKey(db, 'outbox-letters');
    const log = pino({ level: 'silent' });
    const messaging = createMessaging({
      db,
      log,
      mailFrom: 'x@example.org',
      keepCodes: false,
      letterSecret: secret,
    });
    await messaging.sendLetter({
      to: 'MER/1000001',
      subject: 'Your code to change your bank details',
      body: 'Your code is 246810.',
      secret: '246810',
    });
    const letterTo = async () =>
      (
        await db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.recipient, 'MER/1000001'), eq(outboxMessages.channel, 'post')))
      )[0]!;
    const sealed = await letterTo();
    expect(sealed.body).not.toContain('246810');
    expect(sealed.body).toMatch(/^Your code is \[\[sealed:[\w-]+\]\]\.$/);
    expect(() => openSealedCodes(new TextEncoder().encode('another secret'), sealed.body)).toThrow();

    const folder = mkdtempSync(path.join(tmpdir(), 'meridian-letters-'));
    const store = createLocalDocumentStore(folder);
    expect(await printLetters(db, secret, store)).toBeGreaterThanOrEqual(1);
    const text = readFileSync(path.join(folder, sealed.id), 'utf8');
    expect(text).toContain('14 Church Lane');
    expect(text).toContain('Your code is 246810.');

    const sent = await letterTo();
    expect(sent.sentAt).not.toBeNull();
    expect(sent.body).toBe('Your code is [code sent, not kept].');
    expect(await printLetters(db, secret, store)).toBe(0);
  });
});
