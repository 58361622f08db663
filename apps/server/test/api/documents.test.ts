import { readdirSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { caseEvents, memberDocuments, memberCases } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { files, multipart, uploadForm } from './document-files';
import { useTestApp } from './harness';

const ctx = useTestApp();

async function member(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const upload = (agent: BrowserAgent, form: ReturnType<typeof multipart>) =>
  agent.request({ method: 'POST', url: '/mdp-api/api/documents', ...form });

const library = (agent: BrowserAgent, query = '') =>
  agent.request({ url: `/mdp-api/api/members/current/documents${query ? `?${query}` : ''}` });

const storedFiles = () => readdirSync(ctx.config.DOCUMENTS_DIR);
const storedRows = async () =>
  (await ctx.database.db.select({ value: count() }).from(memberDocuments))[0]!.value;

describe('uploading documents', () => {
  it('accepts a PDF, JPEG, PNG, HEIC and Word file, checked by their bytes, and lists them in their context', async () => {
    const agent = await member('db.deferred');
    const uploads = [
      ['payslip, march.pdf', await files.pdf()],
      ['photo.jpg', files.jpeg()],
      ['scan.png', files.png()],
      ['passport.heic', files.heic()],
      ['letter.docx', await files.docx()],
    ] as const;
    for (const [name, bytes] of uploads) {
      const response = await upload(
        agent,
        uploadForm(name, bytes, { journeyType: 'documents', tags: 'evidence,income' }),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const list = (await agent.request({ url: '/mdp-api/api/documents?journeyType=documents' })).json();
    expect(list.documents.map((document: { filename: string }) => document.filename)).toEqual([
      'payslip_ march.pdf',
      'photo.jpg',
      'scan.png',
      'passport.heic',
      'letter.docx',
    ]);
    expect(list.documents[0]).toMatchObject({
      tags: ['evidence', 'income'],
      journeyType: 'documents',
      caseNumber: null,
    });
  });

  const refusals: Array<
    [string, () => Promise<ReturnType<typeof multipart>> | ReturnType<typeof multipart>, number, string]
  > = [
    [
      'a renamed executable',
      () => uploadForm('invoice.pdf', files.executable()),
      400,
      'file_type_not_allowed',
    ],
    ['an empty file', () => uploadForm('empty.pdf', Buffer.alloc(0)), 400, 'file_empty'],
    [
      'a truncated PDF',
      async () => uploadForm('cut.pdf', (await files.pdf()).subarray(0, 300)),
      400,
      'file_incomplete',
    ],
    ['a truncated JPEG', () => uploadForm('cut.jpg', files.jpeg().subarray(0, 400)), 400, 'file_incomplete'],
    ['a PNG named as a PDF', () => uploadForm('scan.pdf', files.png()), 400, 'file_name_type_mismatch'],
    [
      'an oversize file',
      async () => uploadForm('big.pdf', Buffer.concat([await files.pdf(), Buffer.alloc(10_000_001)])),
      413,
      'file_too_large',
    ],
    [
      'a Word file where the context takes none',
      async () => uploadForm('id.docx', await files.docx(), { journeyType: 'identity' }),
      400,
      'file_type_not_allowed',
    ],
    [
      'a path in the name',
      async () => uploadForm('../../etc/passwd.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a backslash path in the name',
      async () => uploadForm('..\\secret.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a control character in the name',
      async () => uploadForm('pay\u0007slip.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a drive colon in the name',
      async () => uploadForm('C:payslip.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a name starting with a dot',
      async () => uploadForm('.hidden.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a name over 120 characters',
      async () => uploadForm(`${'a'.repeat(117)}.pdf`, await files.pdf()),
      400,
      'file_name_too_long',
    ],
    [
      'a right-to-left override in the name (shown reversed, it hides the real ending)',
      async () => uploadForm('photo\u202efdp.exe.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a zero-width space in the name',
      async () => uploadForm('pay\u200bslip.pdf', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'a PDF that is also a web page',
      async () => {
        const pdf = await files.pdf();
        return uploadForm(
          'statement.pdf',
          Buffer.concat([
            pdf.subarray(0, 9),
            Buffer.from('%<html><script>alert(1)</script>\n'),
            pdf.subarray(9),
          ]),
        );
      },
      400,
      'file_content_not_allowed',
    ],
    [
      'a PDF carrying a program',
      async () =>
        uploadForm(
          'statement.pdf',
          Buffer.concat([await files.pdf(), files.executable(), Buffer.from('\n%%EOF\n')]),
        ),
      400,
      'file_content_not_allowed',
    ],
    ['a text file', () => uploadForm('notes.pdf', Buffer.from('plain words')), 400, 'file_type_not_allowed'],
    ['a zip file', async () => uploadForm('bundle.pdf', await files.zip()), 400, 'file_type_not_allowed'],
    [
      'a form with more fields than an upload needs',
      async () =>
        multipart([
          { name: 'journeyType', value: 'documents' },
          ...Array.from({ length: 13 }, (_, index) => ({ name: 'tags', value: `tag${index}` })),
          { name: 'file', value: await files.pdf(), fileName: 'many.pdf' },
        ]),
      400,
      'too_many_fields',
    ],
    [
      'a name without an ending',
      async () => uploadForm('payslip', await files.pdf()),
      400,
      'file_name_invalid',
    ],
    [
      'an unknown context',
      async () => uploadForm('a.pdf', await files.pdf(), { journeyType: 'holiday' }),
      400,
      'field_invalid',
    ],
    ['no context', async () => uploadForm('a.pdf', await files.pdf(), {}), 400, 'field_invalid'],
    ['no file', () => multipart([{ name: 'journeyType', value: 'documents' }]), 400, 'file_required'],
    [
      'two files',
      async () => {
        const pdf = await files.pdf();
        return multipart([
          { name: 'journeyType', value: 'documents' },
          { name: 'file', value: pdf, fileName: 'one.pdf' },
          { name: 'file', value: pdf, fileName: 'two.pdf' },
        ]);
      },
      400,
      'too_many_files',
    ],
  ];

  let refusingMember: Promise<BrowserAgent> | undefined;
  it.each(refusals)(
    'refuses %s with a code, storing nothing and leaving no file on disk',
    async (_, form, status, code) => {
      // One sign-in for every refusal: they store nothing, and sign-ins are rate limited.
      const agent = await (refusingMember ??= member('db.active'));
      const [filesBefore, rowsBefore] = [storedFiles(), await storedRows()];
      const response = await upload(agent, await form());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().errors[0].code).toBe(code);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await storedRows()).toBe(rowsBefore);
    },
  );

  it('refuses a JSON body: an upload is multipart', async () => {
    const agent = await member('db.active');
    const response = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/documents',
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().errors[0].code).toBe('multipart_required');
  });

  it('refuses a second file of the same name, and more files than the context allows', async () => {
    const agent = await member('dc.near');
    const pdf = await files.pdf();
    expect((await upload(agent, uploadForm('id.pdf', pdf, { journeyType: 'identity' }))).statusCode).toBe(
      201,
    );
    const again = await upload(agent, uploadForm('id.pdf', pdf, { journeyType: 'identity' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('file_name_not_unique');
    expect(
      (await upload(agent, uploadForm('id-back.pdf', pdf, { journeyType: 'identity' }))).statusCode,
    ).toBe(201);
    const filesBefore = storedFiles();
    const third = await upload(agent, uploadForm('id-3.pdf', pdf, { journeyType: 'identity' }));
    expect(third.statusCode).toBe(409);
    expect(third.json().errors[0].code).toBe('file_count_exceeded');
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('updates tags, deletes an upload (file and row), and sends a context’s uploads with a case', async () => {
    const agent = await member('db.avc');
    const created = (
      await upload(agent, uploadForm('p60.pdf', await files.pdf(), { journeyType: 'transfer2' }))
    ).json();
    const tagged = await agent.request({
      method: 'PUT',
      url: `/mdp-api/api/documents/${created.fileUuid}/tags`,
      payload: { tags: ['P60'] },
    });
    expect(tagged.json()).toMatchObject({ tags: ['P60'] });
    const setTags = (tags: string[]) =>
      agent.request({
        method: 'PUT',
        url: `/mdp-api/api/documents/${created.fileUuid}/tags`,
        payload: { tags },
      });
    const tooLong = await setTags(['x'.repeat(41)]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await setTags(Array.from({ length: 11 }, (_, index) => `tag${index}`))).statusCode).toBe(400);
    const cleared = await setTags([]);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ tags: [] });
    expect(storedFiles()).toContain(created.fileUuid);
    const deleted = await agent.request({
      method: 'DELETE',
      url: `/mdp-api/api/documents/${created.fileUuid}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(created.fileUuid);

    const kept = (
      await upload(agent, uploadForm('p45.pdf', await files.pdf(), { journeyType: 'transfer2' }))
    ).json();
    const letter = (
      await upload(
        agent,
        uploadForm('adviser.pdf', await files.pdf(), {
          journeyType: 'transfer2',
          tags: 'Adviser’s letter',
        }),
      )
    ).json();
    await ctx.database.db.insert(memberCases).values({
      caseNumber: 'TOP9-900001',
      businessGroup: 'MER',
      referenceNumber: '1000003',
      caseType: 'TOP9',
      title: 'Transfer out',
      documents: [
        { name: 'Application form', status: 'received' },
        { name: 'Adviser’s letter', status: 'outstanding' },
      ],
    });
    const sent = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/documents/post-submission',
      payload: { journeyType: 'transfer2', caseNumber: 'TOP9-900001' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().documents).toMatchObject([
      { fileUuid: kept.fileUuid, caseNumber: 'TOP9-900001' },
      { fileUuid: letter.fileUuid, caseNumber: 'TOP9-900001' },
    ]);
    // The upload tagged with a document the case asked for answers it; the other is listed as received.
    const [transfer] = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(transfer.documents).toEqual([
      { name: 'Application form', status: 'received' },
      { name: 'Adviser’s letter', status: 'received' },
      { name: 'p45.pdf', status: 'received' },
    ]);
    const refused = await agent.request({ method: 'DELETE', url: `/mdp-api/api/documents/${kept.fileUuid}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('document_not_deletable');

    const stranger = await member('dc.far');
    const notTheirs = await stranger.request({
      method: 'POST',
      url: '/mdp-api/api/documents/post-submission',
      payload: { journeyType: 'transfer2', caseNumber: 'TOP9-900001' },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().errors[0].code).toBe('case_not_found');
  });
});

describe('a closed request', () => {
  it('takes no more documents: 409 case_closed, the uploads left unsent and the case unchanged', async () => {
    const { db } = ctx.database;
    const agent = await member('db.retiring');
    const closedAt = new Date('2026-10-01T09:00:00Z');
    const askedFor = [{ name: 'Proof of identity', status: 'outstanding' }];
    await db.insert(memberCases).values(
      ['Completed', 'Rejected'].map((status, index) => ({
        caseNumber: `RQ-90000${index + 1}`,
        businessGroup: 'MER',
        referenceNumber: '1000010',
        caseType: 'RQ',
        title: 'A question for us',
        status,
        documents: askedFor,
        closedAt,
        updatedAt: closedAt,
      })),
    );
    const passport = (
      await upload(
        agent,
        uploadForm('passport.pdf', await files.pdf(), { journeyType: 'requests', tags: 'Proof of identity' }),
      )
    ).json();
    for (const caseNumber of ['RQ-900001', 'RQ-900002']) {
      const refused = await agent.request({
        method: 'POST',
        url: '/mdp-api/api/documents/post-submission',
        payload: { journeyType: 'requests', caseNumber },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({ code: 'case_closed', message: expect.any(String) });
      const [after] = await db.select().from(memberCases).where(eq(memberCases.caseNumber, caseNumber));
      expect(after).toMatchObject({ documents: askedFor, updatedAt: closedAt });
      expect(await db.select().from(caseEvents).where(eq(caseEvents.caseNumber, caseNumber))).toEqual([]);
    }
    const unsent = (await agent.request({ url: '/mdp-api/api/documents?journeyType=requests' })).json();
    expect(unsent.documents).toMatchObject([{ fileUuid: passport.fileUuid, caseNumber: null }]);
    // My requests says so, and the page offers no upload for them.
    const listed = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases as Array<{
      caseNumber: string;
      closed: boolean;
    }>;
    expect(listed.filter((item) => item.caseNumber.startsWith('RQ-9')).map((item) => item.closed)).toEqual([
      true,
      true,
    ]);
  });
});

describe('the member’s library', () => {
  it('filters, sorts, pages, downloads one (marking it read) and several as a zip', async () => {
    const agent = await member('dc.far');
    const pdf = await files.pdf('Annual statement');
    const ids: Record<string, string> = {};
    for (const [name, bytes, documentType] of [
      ['statement.pdf', pdf, 'Annual statement'],
      ['photo.jpg', files.jpeg(), undefined],
      ['scan.png', files.png(), undefined],
    ] as const) {
      const response = await upload(
        agent,
        uploadForm(name, bytes, { journeyType: 'documents', documentType }),
      );
      ids[name] = response.json().fileUuid;
    }
    await ctx.app.documentLibrary.addPortalDocument(
      { businessGroup: 'MER', referenceNumber: '1000006' },
      { name: 'retirement-quote.pdf', type: 'Retirement quote', kind: 'quote', bytes: pdf },
    );
    const types = (await agent.request({ url: '/mdp-api/api/members/current/documents/types' })).json();
    expect(types.types).toEqual(['Annual statement', 'Retirement quote', 'Uploaded by you']);

    const all = (await library(agent, 'propertyName=Name&ascending=true')).json();
    expect(all.items.map((item: { name: string }) => item.name)).toEqual([
      'photo.jpg',
      'retirement-quote.pdf',
      'scan.png',
      'statement.pdf',
    ]);
    expect(all).toMatchObject({ totalItems: 4, totalPages: 1, pageSize: 8, pageNumber: 1 });
    const page2 = (await library(agent, 'propertyName=Name&ascending=false&pageSize=3&pageNumber=2')).json();
    expect(page2.items.map((item: { name: string }) => item.name)).toEqual(['photo.jpg']);
    expect(page2.totalPages).toBe(2);
    expect((await library(agent, 'name=STATE')).json().items).toHaveLength(1);
    expect((await library(agent, 'name=%25')).json().items).toHaveLength(0);
    expect((await library(agent, 'type=Uploaded%20by%20you')).json().totalItems).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await library(agent, `receivedDateFrom=${today}&receivedDateTo=${today}`)).json().totalItems,
    ).toBe(4);
    expect((await library(agent, 'receivedDateTo=2020-01-01')).json().totalItems).toBe(0);
    const unread = (await library(agent, 'documentReadStatus=Unread')).json();
    expect(unread.items).toMatchObject([
      { name: 'retirement-quote.pdf', isRead: false, kind: 'quote', canDelete: false },
    ]);

    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${unread.items[0].id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('retirement-quote.pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await library(agent, 'documentReadStatus=Unread')).json().totalItems).toBe(0);

    const quote = await agent.request({
      url: `/mdp-api/api/members/current/documents/${unread.items[0].id}/download/protected-quote`,
    });
    expect(quote.headers['content-disposition']).toContain(`MER-1000006-${unread.items[0].id}.pdf`);
    const notAQuote = await agent.request({
      url: `/mdp-api/api/members/current/documents/${ids['scan.png']}/download/protected-quote`,
    });
    expect(notAQuote.statusCode).toBe(404);

    const zip = await agent.request({
      url: `/mdp-api/api/members/current/documents/zip?ids=${ids['statement.pdf']}&ids=${ids['photo.jpg']}`,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['photo.jpg', 'statement.pdf']);
    expect(Buffer.from(entries['statement.pdf']!).equals(pdf)).toBe(true);
    expect(Number(download.headers['content-length'])).toBe(pdf.length);

    // A file gone from storage: the download and a zip naming it fail whole, before anything is sent.
    await ctx.app.documentLibrary.store.remove(ids['photo.jpg']!);
    const lostOne = await agent.request({
      url: `/mdp-api/api/members/current/documents/${ids['photo.jpg']}/download`,
    });
    expect(lostOne.statusCode).toBe(500);
    expect(lostOne.json().errors[0].code).toBeTruthy();
    const lostZip = await agent.request({
      url: `/mdp-api/api/members/current/documents/zip?ids=${ids['statement.pdf']}&ids=${ids['photo.jpg']}`,
    });
    expect(lostZip.statusCode).toBe(500);
    expect(lostZip.headers['content-type']).toContain('application/json');
  });

  it('sizes its pages: a page size over 100 or a page below 1 is refused', async () => {
    const agent = await member('dc.far');
    for (const query of [
      'pageSize=101',
      'pageNumber=0',
      'propertyName=Size',
      'receivedDateFrom=2026-13-01',
      'documentReadStatus=Seen',
    ]) {
      const response = await library(agent, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code).toBe('field_invalid');
    }
  });

  it('answers 404 for another member’s document, everywhere, exactly as for one that does not exist', async () => {
    const owner = await member('db.pensioner');
    const id = (await upload(owner, uploadForm('bank-letter.pdf', await files.pdf()))).json().fileUuid;
    const stranger = await member('linked');
    const missing = '00000000-0000-4000-8000-000000000000';
    const ownId = (await upload(stranger, uploadForm('mine.pdf', await files.pdf()))).json().fileUuid;
    const attempts = (target: string) => [
      { url: `/mdp-api/api/members/current/documents/${target}/download` },
      { url: `/mdp-api/api/members/current/documents/${target}/download/protected-quote` },
      { url: `/mdp-api/api/members/current/documents/zip?ids=${ownId}&ids=${target}` },
      { method: 'DELETE' as const, url: `/mdp-api/api/documents/${target}` },
      { method: 'PUT' as const, url: `/mdp-api/api/documents/${target}/tags`, payload: { tags: ['mine'] } },
    ];
    for (const [index, attempt] of attempts(id).entries()) {
      const response = await stranger.request(attempt);
      const control = await stranger.request(attempts(missing)[index]!);
      expect(response.statusCode, attempt.url).toBe(404);
      expect(response.body).toBe(control.body);
    }
    const list = (await stranger.request({ url: '/mdp-api/api/members/current/documents' })).json();
    expect(list.items.map((item: { name: string }) => item.name)).toEqual(['mine.pdf']);
    const stillThere = await owner.request({ url: `/mdp-api/api/members/current/documents/${id}/download` });
    expect(stillThere.statusCode).toBe(200);
  });

  it('acts on the linked record the member switched to: library, upload, download and zip', async () => {
    const agent = await member('linked');
    const asLinked = { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' };
    const statement = await files.pdf('DC statement');
    const filed = await ctx.app.documentLibrary.addPortalDocument(
      { businessGroup: 'MER', referenceNumber: '1000008' },
      { name: 'dc-statement.pdf', type: 'Annual statement', kind: 'letter', bytes: statement },
    );
    const form = uploadForm('dc-payslip.pdf', await files.pdf());
    const uploaded = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/documents',
      payload: form.payload,
      headers: { ...form.headers, ...asLinked },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const linkedIds = [filed.id, uploaded.json().fileUuid as string];

    // Without the record headers the session's own record is used: the linked record's files are not there.
    const own = (await library(agent)).json().items.map((item: { id: string }) => item.id);
    expect(own).not.toContain(linkedIds[0]);
    expect(own).not.toContain(linkedIds[1]);
    expect(
      (await agent.request({ url: `/mdp-api/api/members/current/documents/${filed.id}/download` }))
        .statusCode,
    ).toBe(404);

    const listed = (
      await agent.request({ url: '/mdp-api/api/members/current/documents', headers: asLinked })
    ).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining(linkedIds));
    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${filed.id}/download`,
      headers: asLinked,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(statement)).toBe(true);
    const zip = await agent.request({
      url: `/mdp-api/api/members/current/documents/zip?ids=${linkedIds[0]}&ids=${linkedIds[1]}`,
      headers: asLinked,
    });
    expect(zip.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual([
      'dc-payslip.pdf',
      'dc-statement.pdf',
    ]);

    // A link opened in a new tab carries no headers: the record is named in the address instead.
    const inAddress = new URLSearchParams(asLinked).toString();
    const newTab = await agent.request({
      url: `/mdp-api/api/members/current/documents/${filed.id}/download?${inAddress}`,
    });
    expect(newTab.statusCode).toBe(200);
    expect(newTab.rawPayload.equals(statement)).toBe(true);
    const zipInNewTab = await agent.request({
      url: `/mdp-api/api/members/current/documents/zip?ids=${linkedIds[0]}&ids=${linkedIds[1]}&${inAddress}`,
    });
    expect(zipInNewTab.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zipInNewTab.rawPayload))).sort()).toEqual([
      'dc-payslip.pdf',
      'dc-statement.pdf',
    ]);

    // A record the sign-in does not hold is refused outright, in the headers or the address.
    const stranger = await agent.request({
      url: '/mdp-api/api/members/current/documents',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000001' },
    });
    expect(stranger.statusCode).toBe(403);
    const strangerInAddress = await agent.request({
      url: `/mdp-api/api/members/current/documents/${filed.id}/download?auth-business-group=MER&auth-reference-number=1000001`,
    });
    expect(strangerInAddress.statusCode).toBe(403);
    // Only reads take the record from the address; a change still needs the headers.
    const deleteByAddress = await agent.request({
      method: 'DELETE',
      url: `/mdp-api/api/documents/${linkedIds[1]}?${inAddress}`,
    });
    expect(deleteByAddress.statusCode).toBe(404);
  });

  it('puts portal-made documents into the library with unique names', async () => {
    const record = { businessGroup: 'MER', referenceNumber: '1000002' };
    const bytes = await files.pdf('Nomination');
    const first = await ctx.app.documentLibrary.addPortalDocument(record, {
      name: 'nomination, 2026.pdf',
      type: 'Expression of wish',
      kind: 'nomination',
      bytes,
    });
    const second = await ctx.app.documentLibrary.addPortalDocument(record, {
      name: 'nomination, 2026.pdf',
      type: 'Expression of wish',
      kind: 'nomination',
      bytes,
    });
    expect([first.name, second.name]).toEqual(['nomination_ 2026.pdf', 'nomination_ 2026 (2).pdf']);
    expect(storedFiles()).toEqual(expect.arrayContaining([first.id, second.id]));
  });
});
