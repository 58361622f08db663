import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideIdentity, identityVerificationOf } from '../../src/areas/identity-verification/service';
import { decidedByCommand } from '../../src/areas/operations/identity-checks';
import { caseEvents, identityVerifications, memberCases, staffAudit } from '../../src/db/schema';
import { httpIdentityProvider } from '../../src/areas/identity-verification/verifier';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';

const ctx = useTestApp();
/** The identity:decide command's checker, as an operator runs it. */
const checker = (name: string) => decidedByCommand(name, { log: ctx.app.log, operator: 'ops-on-call' });
const url = '/mdp-api/api/identity-verification';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

const status = async (agent: BrowserAgent) => (await agent.request({ url })).json();
const start = (agent: BrowserAgent, payload: object) => agent.request({ method: 'POST', url, payload });
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

async function uploadPhoto(agent: BrowserAgent, journeyType = 'identity') {
  const response = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm('passport.jpg', files.jpeg(), { journeyType, documentType: 'Photo ID' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().fileUuid as string;
}

describe('identity verification, embedded (photo ID checked by the scheme)', () => {
  it('is pending once a photo ID is sent, until someone at the scheme confirms it', async () => {
    const agent = await signedIn('db.retiring');
    expect(await status(agent)).toEqual({
      method: 'embedded',
      status: 'not_started',
      documentName: null,
      startedAt: null,
      decidedAt: null,
      reason: null,
    });

    expect(codeOf(await start(agent, {}))).toBe('identity_document_required');
    const libraryUpload = await uploadPhoto(agent, 'documents');
    expect(codeOf(await start(agent, { fileUuid: libraryUpload }))).toBe('document_not_found');
    const other = await signedIn('db.deferred');
    const othersPhoto = await uploadPhoto(other);
    expect(codeOf(await start(agent, { fileUuid: othersPhoto }))).toBe('document_not_found');
    expect((await status(agent)).status).toBe('not_started');

    const photo = await uploadPhoto(agent);
    const started = await start(agent, { fileUuid: photo });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'pending', documentName: 'passport.jpg' });
    expect((await status(other)).status).toBe('not_started');

    const [businessGroup, referenceNumber] = ['MER', '1000010'];
    expect(
      await decideIdentity(
        ctx.database.db,
        { businessGroup, referenceNumber },
        'verified',
        checker('A Checker'),
      ),
    ).toBe(true);
    expect(await status(agent)).toMatchObject({ status: 'verified', documentName: 'passport.jpg' });
    expect(codeOf(await start(agent, { fileUuid: photo }))).toBe('identity_already_verified');
    expect(
      await decideIdentity(ctx.database.db, { businessGroup, referenceNumber }, 'failed', checker('B')),
    ).toBe(false);
    expect((await status(agent)).status).toBe('verified');
  });

  it('lists the waiting photo IDs in the console a page at a time, oldest first, with the total; bad paging 400', async () => {
    type Page = { checks: Array<{ referenceNumber: string }>; page: number; limit: number; total: number };
    const staff = await demoStaffSignedIn(ctx, 'caseworker@meridian.example');
    const pageOf = async (query: string) => {
      const response = await staff.request({ url: `/admin-api/identity-checks?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const before = (await pageOf('limit=1')).total;
    // Seven of Meridian's records and one of Bluewater's sent in one statement, so at one moment after
    // every other: the order between them is the record's. The list once stopped at 200.
    await ctx.database.db.insert(identityVerifications).values(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
        businessGroup: n < 8 ? 'MER' : 'BLU',
        referenceNumber: `970000${n}`,
        method: 'embedded',
        status: 'pending' as const,
      })),
    );
    const total = before + 7;
    const first = await pageOf(`limit=${total - 2}`);
    const second = await pageOf(`limit=${total - 2}&page=2`);
    expect([first.page, first.total, first.checks.length]).toEqual([1, total, total - 2]);
    expect([second.page, second.limit, second.total]).toEqual([2, total - 2, total]);
    expect(second.checks.map((check) => check.referenceNumber)).toEqual(['9700006', '9700007']);
    const seen = [...first.checks, ...second.checks].map((check) => check.referenceNumber);
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain('9700008');
    expect((await pageOf('')).limit).toBe(50);
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=201', 'limit=2.5']) {
      const refused = await staff.request({ url: `/admin-api/identity-checks?${query}` });
      expect([refused.statusCode, codeOf(refused)], query).toEqual([400, 'field_invalid']);
    }
  });
});

describe('identity verification through a provider (by configuration)', () => {
  let server: Server;
  let base: string;
  const checks = new Map<string, string>();
  const received: unknown[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (request.headers.authorization !== 'Bearer secret-key') {
          response.writeHead(401).end();
          return;
        }
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && request.url === '/v1/checks') {
          received.push(JSON.parse(body));
          checks.set('chk-1', 'pending');
          response.end(JSON.stringify({ id: 'chk-1', status: 'pending' }));
          return;
        }
        const id = /^\/v1\/checks\/(.+)$/.exec(request.url ?? '')?.[1];
        if (id && checks.has(id)) response.end(JSON.stringify({ id, status: checks.get(id) }));
        else response.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const subject = {
    businessGroup: 'MER',
    referenceNumber: '0001234',
    forenames: 'Margaret',
    surname: 'Hughes',
    dateOfBirth: '1961-05-04',
  };

  it('starts a check with the member’s details and reads the provider’s decision', async () => {
    const provider = httpIdentityProvider(base, 'secret-key');
    expect(provider.method).toBe('provider');
    expect(await provider.start(subject, null)).toEqual({ status: 'pending', providerReference: 'chk-1' });
    expect(received).toEqual([
      { reference: 'MER-0001234', forenames: 'Margaret', surname: 'Hughes', dateOfBirth: '1961-05-04' },
    ]);
    expect(await provider.current('chk-1')).toBe('pending');
    checks.set('chk-1', 'verified');
    expect(await provider.current('chk-1')).toBe('verified');
  });

  it('marks the member’s open case’s proof of identity received, by Meridian, once the provider confirms it', async () => {
    const db = ctx.database.db;
    const record = { businessGroup: 'MER', referenceNumber: '1000001' };
    const check = { method: 'provider', status: 'pending' as const, providerReference: 'chk-2' };
    await db
      .insert(identityVerifications)
      .values({ ...record, ...check })
      .onConflictDoUpdate({
        target: [identityVerifications.businessGroup, identityVerifications.referenceNumber],
        set: check,
      });
    const caseNumber = 'RTP9-970001';
    await db.insert(memberCases).values({
      caseNumber,
      ...record,
      caseType: 'RTP9',
      title: 'Apply for your pension',
      journeyType: 'dbcoreretirementapplication',
      documents: [{ name: 'Proof of identity', status: 'outstanding' }],
    });
    checks.set('chk-2', 'verified');
    const provider = httpIdentityProvider(base, 'secret-key');
    expect((await identityVerificationOf(db, provider, record, ctx.app.log)).status).toBe('verified');
    const [found] = await db.select().from(memberCases).where(eq(memberCases.caseNumber, caseNumber));
    expect(found!.documents).toEqual([{ name: 'Proof of identity', status: 'received' }]);
    expect(
      await db
        .select({ actor: caseEvents.actor, kind: caseEvents.kind, note: caseEvents.note })
        .from(caseEvents)
        .where(eq(caseEvents.caseNumber, caseNumber)),
    ).toEqual([{ actor: 'system', kind: 'document_received', note: 'Proof of identity' }]);
    const [audited] = await db.select().from(staffAudit).where(eq(staffAudit.caseNumber, caseNumber));
    expect(audited).toMatchObject({
      action: 'case_document_received',
      staffId: null,
      details: { document: 'Proof of identity', via: 'system', source: 'identity provider' },
    });
  });

  it('answers 503 identity_provider_unavailable when the provider refuses or is unreachable', async () => {
    await expect(httpIdentityProvider(base, 'wrong-key').start(subject, null)).rejects.toMatchObject({
      statusCode: 503,
      code: 'identity_provider_unavailable',
    });
    await expect(httpIdentityProvider('http://127.0.0.1:1/v1').current('chk-1')).rejects.toMatchObject({
      code: 'identity_provider_unavailable',
    });
  });
});
