import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberDocuments, telephoneIntents } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';

/**
 * Limits that must hold when a member's calls arrive all at once (each test fires them together with
 * Promise.all and reads the rows back), and the storage each member may fill in a day. The daily
 * limits are set low here so that they are reached.
 */
const ctx = useTestApp(
  {
    UPLOADS_PER_DAY: '4',
    UPLOAD_BYTES_PER_DAY: '1000000',
    TELEPHONE_NOTES_PER_DAY: '5',
    TELEPHONE_NOTES_KEPT: '2',
  },
  {
    beforeReady: ({ app, database }) => {
      // A write that clashes with a unique index, as a parallel request's would: the driver's error
      // reaches the error handler wrapped by the query builder.
      app.get('/test/unique-clash', async () => {
        const row = {
          businessGroup: 'MER',
          referenceNumber: '1000004',
          name: 'clash.pdf',
          type: 'Test',
          kind: 'upload' as const,
          context: 'documents',
          mediaType: 'application/pdf',
          sizeBytes: 1,
        };
        await database.db.insert(memberDocuments).values(row);
        await database.db.insert(memberDocuments).values(row);
        return { stored: 2 };
      });
    },
  },
);
const api = '/mdp-api/api';

async function member(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const upload = (agent: BrowserAgent, form: ReturnType<typeof uploadForm>) =>
  agent.request({ method: 'POST', url: `${api}/documents`, ...form });

const rowsOf = async (referenceNumber: string, context?: string) =>
  (
    await ctx.database.db
      .select({ value: count() })
      .from(memberDocuments)
      .where(
        and(
          eq(memberDocuments.referenceNumber, referenceNumber),
          context ? eq(memberDocuments.context, context) : undefined,
        ),
      )
  )[0]!.value;

const idsOf = async (referenceNumber: string) =>
  (
    await ctx.database.db
      .select({ id: memberDocuments.id })
      .from(memberDocuments)
      .where(eq(memberDocuments.referenceNumber, referenceNumber))
  ).map((row) => row.id);

const statusesOf = (responses: Array<{ statusCode: number; body: string }>) => {
  const tally: Record<string, number> = {};
  for (const response of responses) {
    const key =
      response.statusCode < 300
        ? String(response.statusCode)
        : `${response.statusCode} ${JSON.parse(response.body).errors[0].code}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
};

describe('count limits under parallel uploads', () => {
  it('stores exactly 2 of 20 photo IDs sent at once; the other 18 are refused 409 with a code', async () => {
    const agent = await member('dc.near');
    const pdf = await files.pdf('Passport');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        upload(agent, uploadForm(`passport-${index}.pdf`, pdf, { journeyType: 'identity' })),
      ),
    );
    expect(statusesOf(responses)).toEqual({ '201': 2, '409 file_count_exceeded': 18 });
    expect(await rowsOf('1000005', 'identity')).toBe(2);
    // Only the two stored files are on disk: the refused ones were removed again.
    const ids = await idsOf('1000005');
    for (const id of ids) expect(existsSync(join(ctx.config.DOCUMENTS_DIR, id))).toBe(true);
    const listed = (await agent.request({ url: `${api}/documents?journeyType=identity` })).json();
    expect(listed.documents).toHaveLength(2);
  });

  it('stores one of 20 same-name uploads sent at once; the others answer 409 file_name_not_unique, never 500', async () => {
    const agent = await member('dc.far');
    const pdf = await files.pdf('Payslip');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => upload(agent, uploadForm('payslip.pdf', pdf))),
    );
    expect(statusesOf(responses)).toEqual({ '201': 1, '409 file_name_not_unique': 19 });
    expect(await rowsOf('1000006', 'documents')).toBe(1);
  });

  it('takes the daily upload count atomically: 4 of 20 sent at once, the rest 429 with a code', async () => {
    const agent = await member('db.active');
    const png = files.png();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => upload(agent, uploadForm(`scan-${index}.png`, png))),
    );
    expect(statusesOf(responses)).toEqual({ '201': 4, '429 uploads_per_day_exceeded': 16 });
    expect(await rowsOf('1000002', 'documents')).toBe(4);
  });

  it('files a nomination PDF made twice at once under two names, neither refused', async () => {
    const record = { businessGroup: 'MER', referenceNumber: '1000003' };
    const bytes = await files.pdf('Nomination');
    const filed = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.documentLibrary.addPortalDocument(record, {
          name: 'expression-of-wish-2026-11-28.pdf',
          type: 'Expression of wish',
          kind: 'nomination',
          bytes,
        }),
      ),
    );
    const names = filed.map((document) => document.name).sort();
    expect(new Set(names).size).toBe(10);
    expect(names).toContain('expression-of-wish-2026-11-28.pdf');
    expect(names).toContain('expression-of-wish-2026-11-28 (10).pdf');
    expect(await rowsOf('1000003', 'portal')).toBeGreaterThanOrEqual(10);
  });

  it('answers a unique-constraint clash wrapped by the driver with 409 and a code, not 500', async () => {
    const response = await ctx.app.inject({ url: '/test/unique-clash' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors[0].code).toBe('conflict');
    expect(response.body).not.toContain('member_documents_name');
  });
});

describe('uploads per day', () => {
  it('counts deleted uploads, and refuses more bytes in a day than configured with 429', async () => {
    const agent = await member('db.retiring');
    // 600 kB of padding in a PDF still ending with its end marker.
    const padded = Buffer.concat([await files.pdf(), Buffer.alloc(600_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const first = await upload(agent, uploadForm('bank-statement.pdf', padded));
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(agent, uploadForm('bank-statement-2.pdf', padded));
    expect(second.statusCode).toBe(429);
    expect(second.json().errors[0]).toMatchObject({
      code: 'upload_bytes_per_day_exceeded',
      message: 'You can upload up to 1 MB in a day. Try again tomorrow.',
    });
    expect(await rowsOf('1000010', 'documents')).toBe(1);

    const deleted = await agent.request({
      method: 'DELETE',
      url: `${api}/documents/${first.json().fileUuid}`,
    });
    expect(deleted.statusCode).toBe(204);
    // The deleted upload was still sent today: its bytes still count.
    expect((await upload(agent, uploadForm('bank-statement-3.pdf', padded))).statusCode).toBe(429);
    const small = await files.pdf();
    for (const index of [1, 2, 3]) {
      expect((await upload(agent, uploadForm(`small-${index}.pdf`, small))).statusCode).toBe(201);
    }
    const fifth = await upload(agent, uploadForm('small-4.pdf', small));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errors[0].code).toBe('uploads_per_day_exceeded');
    expect(await rowsOf('1000010', 'documents')).toBe(3);
  });
});

describe('telephone notes', () => {
  const note = (agent: BrowserAgent, pageUrl = '/contact-us') =>
    agent.request({ method: 'POST', url: `${api}/telephone-note/intent-context`, payload: { pageUrl } });
  const notesOf = async (referenceNumber: string) =>
    ctx.database.db
      .select()
      .from(telephoneIntents)
      .where(eq(telephoneIntents.referenceNumber, referenceNumber));

  it('keeps 5 of 20 notes left at once in a day; the rest answer 429 with a code', async () => {
    const agent = await member('db.pensioner');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => note(agent, `/page-${index}`)),
    );
    expect(statusesOf(responses)).toEqual({ '204': 5, '429 telephone_notes_per_day_exceeded': 15 });
    expect(await notesOf('1000004')).toHaveLength(5);
  });

  it('deletes notes older than a day beyond the latest kept, and refuses an oversized body with 413', async () => {
    const agent = await member('linked');
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    await ctx.database.db.insert(telephoneIntents).values(
      [0, 1, 2, 3].map((minutes) => ({
        businessGroup: 'MER',
        referenceNumber: '1000007',
        pageUrl: `/old-${minutes}`,
        createdAt: new Date(twoDaysAgo + minutes * 60_000),
      })),
    );
    expect((await note(agent, '/new')).statusCode).toBe(204);
    const kept = (await notesOf('1000007')).map((row) => row.pageUrl).sort();
    expect(kept).toEqual(['/new', '/old-3']);

    const huge = await note(agent, `/${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors[0].code).toBe('payload_too_large');
    expect(await notesOf('1000007')).toHaveLength(2);
  });

  it('accepts only a path on this site as the page a note names', async () => {
    const agent = await member('db.avc');
    for (const pageUrl of [
      'https://evil.example/login',
      '//evil.example/login',
      '/\\evil.example',
      '\\\\evil.example',
      '/a//b',
      'javascript:alert(1)',
      'contact-us',
      '/contact\u202eus',
      ' /contact-us',
    ]) {
      const response = await note(agent, pageUrl);
      expect(response.statusCode, pageUrl).toBe(400);
      expect(response.json().errors[0].code, pageUrl).toBe('field_invalid');
    }
    expect(await notesOf('1000003')).toHaveLength(0);
    for (const pageUrl of ['/contact-us', '/my-details?tab=bank', '/ra-bank#account']) {
      expect((await note(agent, pageUrl)).statusCode, pageUrl).toBe(204);
    }
  });
});
