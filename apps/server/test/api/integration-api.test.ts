import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationScopes, type IntegrationScope } from '@meridian/contracts';
import { generate } from 'otplib';
import {
  caseEvents,
  integrationClients,
  memberCases,
  memberDocuments,
  members,
  pensionPayroll,
  staffAccounts,
  staffAudit,
} from '../../src/db/schema';
import { addIntegrationClient, disableIntegrationClient } from '../../src/areas/integration/clients';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import { openApiDocument, operationsOf } from './openapi-walk';

const context = useTestApp();
const MERIDIAN = 'localhost';
const BLUEWATER = 'bluewater.localhost';
const TOKEN_URL = '/api/integration/oauth/token';
const V1 = '/api/integration/v1';

let clients = 0;
/** A new client of a tenant with these scopes (each test its own, so attempt limits never meet). */
async function client(scopes: readonly string[] = integrationScopes, tenantUrl = MERIDIAN) {
  clients += 1;
  const added = await addIntegrationClient(context.database.db, {
    tenantUrl,
    name: `Admin system ${clients}`,
    scopes: [...scopes],
  });
  return { ...added, name: `Admin system ${clients}` };
}

let addresses = 0;
const nextAddress = () => `10.43.${(addresses >> 8) & 255}.${++addresses & 255}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function askToken(
  fields: Record<string, string>,
  { basic, host = MERIDIAN }: { basic?: [string, string]; host?: string } = {},
) {
  return context.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    remoteAddress: nextAddress(),
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(basic
        ? {
            authorization: `Basic ${Buffer.from(
              `${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`,
            ).toString('base64')}`,
          }
        : {}),
    },
    payload: form(fields),
  });
}

async function tokenFor(found: { id: string; secret: string }, host = MERIDIAN, scope?: string) {
  const response = await askToken(
    {
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
      ...(scope ? { scope } : {}),
    },
    { host },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}

function call(
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  host = MERIDIAN,
) {
  return context.app.inject({
    method,
    url: `${V1}${path}`,
    remoteAddress: nextAddress(),
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

let opened = 0;
async function openCase(businessGroup = 'MER', referenceNumber = '1000010') {
  opened += 1;
  const caseNumber = `INT-9${String(opened).padStart(5, '0')}`;
  await context.database.db.insert(memberCases).values({
    caseNumber,
    businessGroup,
    referenceNumber,
    caseType: 'RTP9',
    title: 'Apply for your pension',
    journeyType: 'dbcoreretirementapplication',
    documents: [{ name: 'Proof of identity', status: 'outstanding' }],
  });
  return caseNumber;
}

async function caseRow(caseNumber: string) {
  const [row] = await context.database.db
    .select()
    .from(memberCases)
    .where(eq(memberCases.caseNumber, caseNumber));
  return row!;
}

const auditOf = (clientId: string) =>
  context.database.db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.clientId, clientId))
    .orderBy(staffAudit.at);

/** Everything but the audit trail (refusals are audited) and the tokens issued. */
async function stateOf() {
  const fingerprint = await databaseFingerprint(context.database);
  delete fingerprint['portal.staff_audit'];
  delete fingerprint['portal.integration_tokens'];
  return fingerprint;
}

describe('integration API: tokens (OAuth 2.0 client credentials)', () => {
  it('issues a 10-minute bearer token for the credentials in the body or by HTTP Basic', async () => {
    const found = await client(['cases:read', 'documents:read']);
    const inBody = await askToken({
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
    });
    expect(inBody.statusCode, inBody.body).toBe(200);
    expect(inBody.headers['cache-control']).toBe('no-store');
    expect(inBody.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'cases:read documents:read',
    });
    const basic = await askToken(
      { grant_type: 'client_credentials', scope: 'cases:read' },
      { basic: [found.id, found.secret] },
    );
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json()).toMatchObject({ scope: 'cases:read' });
    const token = (basic.json() as { access_token: string }).access_token;
    expect((await call(token, 'GET', '/cases')).statusCode).toBe(200);
    const success = (await auditOf(found.id)).filter((row) => row.action === 'integration_token');
    expect(success.map((row) => row.outcome)).toEqual(['success', 'success']);
  });

  it('refuses wrong credentials, another grant, a scope not held and a client of another tenant, in OAuth’s shape', async () => {
    const found = await client(['cases:read']);
    const refused = [
      [{ grant_type: 'client_credentials', client_id: found.id, client_secret: 'mis_wrong' }, {}],
      [{ grant_type: 'client_credentials', client_id: crypto.randomUUID(), client_secret: found.secret }, {}],
      [{ grant_type: 'client_credentials', client_id: 'not-a-uuid', client_secret: found.secret }, {}],
      [{ grant_type: 'client_credentials' }, {}],
      [
        { grant_type: 'client_credentials', client_id: found.id, client_secret: found.secret },
        { host: BLUEWATER },
      ],
    ] as const;
    for (const [fields, options] of refused) {
      const response = await askToken(fields, options);
      expect(response.statusCode, JSON.stringify(fields)).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic /);
      expect(response.json()).toMatchObject({
        error: 'invalid_client',
        errors: [{ code: 'invalid_client' }],
      });
    }
    const grant = await askToken({
      grant_type: 'password',
      client_id: found.id,
      client_secret: found.secret,
    });
    expect([grant.statusCode, grant.json().error]).toEqual([400, 'unsupported_grant_type']);
    const missing = await askToken({ client_id: found.id, client_secret: found.secret });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
    const scope = await askToken({
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
      scope: 'cases:read cases:write',
    });
    expect([scope.statusCode, scope.json().error]).toEqual([400, 'invalid_scope']);
    const unknownScope = await askToken({
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
      scope: 'admin',
    });
    expect([unknownScope.statusCode, unknownScope.json().error]).toEqual([400, 'invalid_scope']);
    const both = await askToken(
      { grant_type: 'client_credentials', client_id: found.id, client_secret: found.secret },
      { basic: [found.id, found.secret] },
    );
    expect([both.statusCode, both.json().error]).toEqual([400, 'invalid_request']);
    const audited = (await auditOf(found.id)).map((row) => [row.outcome, row.details.reason]);
    expect(audited).toEqual([
      ['failure', 'wrong_secret'],
      ['failure', 'other_tenant'],
      ['denied', 'scope'],
      ['denied', 'scope'],
    ]);
  });

  it('stops a client after 10 wrong secrets in 15 minutes, the right one too', async () => {
    const found = await client(['cases:read']);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await askToken({
        grant_type: 'client_credentials',
        client_id: found.id,
        client_secret: `mis_wrong_${attempt}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await askToken({
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
    });
    expect([right.statusCode, errorCode(right)]).toEqual([429, 'too_many_requests']);
    const other = await client(['cases:read']);
    expect(
      (await askToken({ grant_type: 'client_credentials', client_id: other.id, client_secret: other.secret }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a missing, unknown, expired or other tenant’s token, and every token of a disabled client', async () => {
    const found = await client(['cases:read']);
    const token = await tokenFor(found);
    const none = await call(null, 'GET', '/cases');
    expect([none.statusCode, errorCode(none)]).toEqual([401, 'integration_token_missing']);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer realm=/);
    const unknown = await call('not-a-token', 'GET', '/cases');
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([401, 'integration_token_invalid']);
    expect(unknown.headers['www-authenticate']).toContain('error="invalid_token"');
    const elsewhere = await call(token, 'GET', '/cases', undefined, BLUEWATER);
    expect([elsewhere.statusCode, errorCode(elsewhere)]).toEqual([401, 'integration_token_invalid']);

    const expiring = await tokenFor(found);
    await context.database.db.execute(
      sql`update portal.integration_tokens set expires_at = now() - interval '1 second' where client_id = ${found.id} and created_at = (select max(created_at) from portal.integration_tokens where client_id = ${found.id})`,
    );
    const expired = await call(expiring, 'GET', '/cases');
    expect([expired.statusCode, errorCode(expired)]).toEqual([401, 'integration_token_invalid']);

    expect((await call(token, 'GET', '/cases')).statusCode).toBe(200);
    await disableIntegrationClient(context.database.db, found.id);
    const disabled = await call(token, 'GET', '/cases');
    expect([disabled.statusCode, errorCode(disabled)]).toEqual([401, 'integration_token_invalid']);
    const again = await askToken({
      grant_type: 'client_credentials',
      client_id: found.id,
      client_secret: found.secret,
    });
    expect([again.statusCode, again.json().error]).toEqual([401, 'invalid_client']);
  });
});

type OpenApiPaths = Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;

/** The scope each v1 operation of the OpenAPI document names, by its label (`GET /api/...`). */
function scopesByOperation() {
  const { paths } = openApiDocument(context.app) as unknown as { paths: OpenApiPaths };
  return new Map(
    Object.entries(paths)
      .filter(([path]) => path.startsWith(`${V1}/`))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, operation]) =>
            [
              `${method.toUpperCase()} ${path}` as string,
              operation.security?.flatMap((requirement) => requirement.integrationOAuth ?? []) ?? [],
            ] as const,
        ),
      ),
  );
}

/** A valid body for each v1 operation that takes one. */
const bodies: Record<string, unknown> = {
  [`POST ${V1}/cases/{caseNumber}/status`]: { status: 'In progress', memberNote: 'We have started.' },
  [`POST ${V1}/cases/{caseNumber}/documents/received`]: { document: 'Proof of identity' },
  [`POST ${V1}/cases/{caseNumber}/documents/request`]: {
    document: 'Birth certificate',
    memberNote: 'Please send your birth certificate.',
  },
  [`POST ${V1}/members`]: { businessGroup: 'MER', members: [{ referenceNumber: '1' }] },
  [`POST ${V1}/member-data`]: { businessGroup: 'MER', rows: [{ kind: 'valuation', referenceNumber: '1' }] },
};

/**
 * One valid request for every v1 operation of the OpenAPI document, about a new case of Meridian's
 * (MER) with a file the member sent: a route added later is in every matrix at once.
 */
async function v1Requests() {
  const caseNumber = await openCase();
  const [file] = await context.database.db
    .insert(memberDocuments)
    .values({
      businessGroup: 'MER',
      referenceNumber: '1000010',
      caseNumber,
      name: `passport-${caseNumber}.png`,
      type: 'Proof of identity',
      kind: 'upload',
      context: 'case',
      mediaType: 'image/png',
      sizeBytes: 4,
    })
    .returning({ id: memberDocuments.id });
  await context.app.documentLibrary.store.put(file!.id, new Uint8Array([1, 2, 3, 4]), 'image/png');
  const values: Record<string, string> = { caseNumber, documentId: file!.id };
  const scopes = scopesByOperation();
  return operationsOf(context.app)
    .filter((operation) => operation.path.startsWith(`${V1}/`))
    .map((operation) => ({
      label: operation.label,
      method: operation.method as 'GET' | 'POST',
      path: operation.path.replace(V1, '').replace(/:(\w+)/g, (_, name: string) => values[name]!),
      aboutACase: operation.path.includes(':caseNumber'),
      body: bodies[operation.label],
      needed: scopes.get(operation.label)![0] as IntegrationScope,
    }));
}

describe('integration API: scopes, generated over every route of the OpenAPI document', () => {
  it('documents each v1 route with the one scope it needs', () => {
    const routes = [...scopesByOperation()];
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const [label, scopes] of routes) expect(scopes, label).toHaveLength(1);
  });

  it('refuses every route without a token (401) and with a token lacking its scope (403 scope_missing), changing nothing', async () => {
    const tokens = new Map<IntegrationScope, string>();
    for (const scope of integrationScopes) tokens.set(scope, await tokenFor(await client([scope])));

    const requests = await v1Requests();
    const failures: string[] = [];
    let checked = 0;
    for (const { label, method, path, body, needed } of requests) {
      const before = await stateOf();
      const anonymous = await call(null, method, path, body);
      if (anonymous.statusCode !== 401) failures.push(`${label} without a token → ${anonymous.statusCode}`);
      for (const [scope, token] of tokens) {
        if (scope === needed) continue;
        const response = await call(token, method, path, body);
        checked += 1;
        if (response.statusCode !== 403 || errorCode(response) !== 'scope_missing')
          failures.push(`${label} with ${scope} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        else if (!String(response.headers['www-authenticate']).includes('insufficient_scope'))
          failures.push(`${label} with ${scope}: no insufficient_scope challenge`);
      }
      const after = await stateOf();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) failures.push(`${label} refused but changed ${changed.join(', ')}`);
      const allowed = await call(tokens.get(needed)!, method, path, body);
      if ([401, 403].includes(allowed.statusCode))
        failures.push(`${label} with ${needed} → ${allowed.statusCode} ${allowed.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(requests.length * (integrationScopes.length - 1));
    const denied = await context.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'integration_call'), eq(staffAudit.outcome, 'denied')));
    expect(denied.filter((row) => row.details.reason === 'scope_missing').length).toBe(checked);
  });
});

describe('integration API: cases', () => {
  it('lists the tenant’s cases by status, type and changed since, a page at a time, never another tenant’s', async () => {
    const ours = [await openCase(), await openCase()];
    const theirs = await openCase('BLU', '2000001');
    const token = await tokenFor(await client(['cases:read']));
    const all: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await call(token, 'GET', `/cases?limit=2&offset=${offset}`);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as {
        cases: Array<{ caseNumber: string; businessGroup: string }>;
        nextOffset: number | null;
      };
      expect(body.cases.length).toBeLessThanOrEqual(2);
      all.push(...body.cases.map((found) => found.caseNumber));
      expect(body.cases.every((found) => found.businessGroup === 'MER')).toBe(true);
      offset = body.nextOffset;
    }
    expect(all).toEqual(expect.arrayContaining(ours));
    expect(all).not.toContain(theirs);
    expect(new Set(all).size).toBe(all.length);

    await context.database.db
      .update(memberCases)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(memberCases.caseNumber, ours[0]!));
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = (
      await call(
        token,
        'GET',
        `/cases?status=Received&type=RTP9&updatedSince=${encodeURIComponent(since)}&limit=200`,
      )
    ).json() as { cases: Array<{ caseNumber: string; status: string }> };
    expect(recent.cases.map((found) => found.caseNumber)).toContain(ours[1]);
    expect(recent.cases.map((found) => found.caseNumber)).not.toContain(ours[0]);
    expect(recent.cases.every((found) => found.status === 'Received')).toBe(true);
    const bad = await call(token, 'GET', '/cases?status=Lost');
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'field_invalid']);
  });

  it('reads a case with its answers, documents and timeline; an unknown case is not found', async () => {
    const caseNumber = await openCase();
    const found = await client(['cases:read', 'cases:write', 'documents:read']);
    const token = await tokenFor(found);
    const detail = await call(token, 'GET', `/cases/${caseNumber}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      case: { caseNumber, status: 'Received', allowedMoves: ['In progress', 'Waiting for you', 'Rejected'] },
      documents: [{ name: 'Proof of identity', status: 'outstanding' }],
      timeline: [{ kind: 'opened' }],
    });

    const missing = await call(token, 'GET', '/cases/NOPE-1');
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'case_not_found']);
  });

  it('answers a client of another tenant, with every scope, 404 on every route about a Meridian case, changing nothing', async () => {
    const blueToken = await tokenFor(await client(integrationScopes, BLUEWATER), BLUEWATER);
    const requests = (await v1Requests()).filter((request) => request.aboutACase);
    expect(requests.length).toBeGreaterThanOrEqual(4);
    const before = await stateOf();
    for (const { label, method, path, body } of requests) {
      const response = await call(blueToken, method, path, body, BLUEWATER);
      expect([response.statusCode, errorCode(response)], label).toEqual([404, 'case_not_found']);
    }
    expect(await stateOf()).toEqual(before);
  });

  it('moves a case only as its state machine allows: a refused move changes nothing and is audited with the client', async () => {
    const caseNumber = await openCase();
    const found = await client(['cases:read', 'cases:write']);
    const token = await tokenFor(found);
    const before = await stateOf();
    const tooFar = await call(token, 'POST', `/cases/${caseNumber}/status`, {
      status: 'Completed',
      memberNote: 'All done.',
    });
    expect([tooFar.statusCode, errorCode(tooFar)]).toEqual([409, 'case_move_not_allowed']);
    const received = await call(token, 'POST', `/cases/${caseNumber}/status`, {
      status: 'Received',
      memberNote: 'Back to the start.',
    });
    expect(received.statusCode).toBe(400);
    expect(await stateOf()).toEqual(before);
    const refusals = (await auditOf(found.id)).filter((row) => row.action === 'case_completed');
    expect(refusals).toMatchObject([
      {
        outcome: 'denied',
        caseNumber,
        staffId: null,
        details: { reason: 'move_not_allowed', from: 'Received', to: 'Completed' },
      },
    ]);

    const started = await call(token, 'POST', `/cases/${caseNumber}/status`, {
      status: 'In progress',
      memberNote: 'We are working out your pension.',
    });
    expect(started.statusCode, started.body).toBe(200);
    const completed = await call(token, 'POST', `/cases/${caseNumber}/status`, {
      status: 'Completed',
      memberNote: 'Your pension starts next month.',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const row = await caseRow(caseNumber);
    expect(row.status).toBe('Completed');
    expect(row.closedAt).not.toBeNull();
    expect(row.memberNote).toBe('Your pension starts next month.');
    const closed = await call(token, 'POST', `/cases/${caseNumber}/status`, {
      status: 'In progress',
      memberNote: 'Reopened.',
    });
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, 'case_closed']);

    const events = await context.database.db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.caseNumber, caseNumber))
      .orderBy(caseEvents.at);
    expect(events.map((event) => [event.kind, event.status, event.clientId, event.staffId])).toEqual([
      ['status', 'In progress', found.id, null],
      ['completed', 'Completed', found.id, null],
    ]);
    const detail = (await call(token, 'GET', `/cases/${caseNumber}`)).json() as {
      timeline: Array<{ kind: string; by: string }>;
    };
    expect(detail.timeline.slice(1)).toMatchObject([
      { kind: 'status', by: found.name },
      { kind: 'completed', by: found.name },
    ]);
    const successes = (await auditOf(found.id))
      .filter((entry) => entry.outcome === 'success')
      .map((entry) => entry.action);
    expect(successes).toEqual(['integration_token', 'case_status', 'case_completed', 'case_view']);
  });

  it('asks the member for a document, which they see in My requests, marks documents received, and hands over what they sent', async () => {
    const caseNumber = await openCase();
    const writer = await client(['cases:write', 'documents:read']);
    const token = await tokenFor(writer);
    const note = 'Please send your marriage certificate: upload it from My requests.';
    const asked = await call(token, 'POST', `/cases/${caseNumber}/documents/request`, {
      document: 'Marriage certificate',
      memberNote: note,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const twice = await call(token, 'POST', `/cases/${caseNumber}/documents/request`, {
      document: 'Marriage certificate',
      memberNote: note,
    });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'case_document_outstanding']);

    const member = new BrowserAgent(context.app);
    await member.signIn('db.retiring');
    const mine = (await member.request({ method: 'GET', url: '/mdp-api/api/cases' })).json() as {
      cases: Array<{ caseNumber: string; memberNote: string | null; documents: unknown[] }>;
    };
    expect(mine.cases.find((found) => found.caseNumber === caseNumber)).toMatchObject({
      memberNote: note,
      documents: [
        { name: 'Proof of identity', status: 'outstanding' },
        { name: 'Marriage certificate', status: 'outstanding' },
      ],
    });

    // Both documents come by post: marked received, the last one moves the waiting case back to the scheme.
    const received = (document: string) =>
      call(token, 'POST', `/cases/${caseNumber}/documents/received`, { document });
    expect((await received('Proof of identity')).statusCode).toBe(200);
    expect((await caseRow(caseNumber)).status).toBe('Waiting for you');
    expect((await received('Marriage certificate')).statusCode).toBe(200);
    expect(await caseRow(caseNumber)).toMatchObject({
      status: 'In progress',
      documents: [
        { name: 'Proof of identity', status: 'received' },
        { name: 'Marriage certificate', status: 'received' },
      ],
    });
    const again = await received('Marriage certificate');
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'case_document_received']);
    const unlisted = await received('Payslip');
    expect([unlisted.statusCode, errorCode(unlisted)]).toEqual([404, 'case_document_not_found']);
    const events = await context.database.db
      .select({ actor: caseEvents.actor, clientId: caseEvents.clientId, note: caseEvents.note })
      .from(caseEvents)
      .where(and(eq(caseEvents.caseNumber, caseNumber), eq(caseEvents.kind, 'document_received')))
      .orderBy(caseEvents.at);
    expect(events).toEqual([
      { actor: 'integration', clientId: writer.id, note: 'Proof of identity' },
      { actor: 'integration', clientId: writer.id, note: 'Marriage certificate' },
    ]);

    const [file] = await context.database.db
      .insert(memberDocuments)
      .values({
        businessGroup: 'MER',
        referenceNumber: '1000010',
        caseNumber,
        name: 'certificate.png',
        type: 'Marriage certificate',
        kind: 'upload',
        context: 'case',
        mediaType: 'image/png',
        sizeBytes: 4,
      })
      .returning({ id: memberDocuments.id });
    await context.app.documentLibrary.store.put(file!.id, new Uint8Array([9, 8, 7, 6]), 'image/png');
    const download = await call(token, 'GET', `/cases/${caseNumber}/documents/${file!.id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect([...download.rawPayload]).toEqual([9, 8, 7, 6]);
    const otherCase = await openCase();
    const elsewhere = await call(token, 'GET', `/cases/${otherCase}/documents/${file!.id}`);
    expect([elsewhere.statusCode, errorCode(elsewhere)]).toEqual([404, 'case_file_not_found']);
  });
});

describe('integration API: member data', () => {
  const sample = () =>
    JSON.parse(
      readFileSync(new URL('../../../../docs/examples/members-import.json', import.meta.url), 'utf8'),
    ) as Array<Record<string, unknown>>;
  const references = () => sample().map((record) => String(record.referenceNumber));
  const held = () =>
    context.database.db
      .select()
      .from(members)
      .where(and(eq(members.businessGroup, 'MER'), inArray(members.referenceNumber, references())));

  it('refuses a push with one bad row, naming it, and changes nothing, not even the good rows', async () => {
    const found = await client(['members:write']);
    const token = await tokenFor(found);
    const records = sample();
    records[1] = { ...records[1], surname: '<img src=x onerror=alert(1)>', shoeSize: 9 };
    const before = await stateOf();
    const response = await call(token, 'POST', '/members', { businessGroup: 'MER', members: records });
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'member_rows_invalid']);
    const problems = (response.json() as { errors: Array<{ code: string; field?: string }> }).errors.slice(1);
    expect(problems.map((problem) => [problem.code, problem.field])).toEqual(
      expect.arrayContaining([['member_row_invalid', 'members[1].shoeSize']]),
    );
    expect(await stateOf()).toEqual(before);
    expect(await held()).toEqual([]);
    expect((await auditOf(found.id)).at(-1)).toMatchObject({ action: 'members_push', outcome: 'failure' });

    const blue = await call(token, 'POST', '/members', { businessGroup: 'BLU', members: sample() });
    expect([blue.statusCode, errorCode(blue)]).toEqual([404, 'business_group_not_found']);
    expect(await stateOf()).toEqual(before);
  });

  it('checks with a dry run, then saves every member, then reports them unchanged', async () => {
    const found = await client(['members:write']);
    const token = await tokenFor(found);
    const push = (dryRun: boolean) =>
      call(token, 'POST', '/members', { businessGroup: 'mer', members: sample(), dryRun });
    const dry = await push(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      created: 3,
      updated: 0,
      unchanged: 0,
      bankAccountsChanged: 2,
    });
    expect(await held()).toEqual([]);
    const saved = await push(false);
    expect(saved.json()).toEqual({
      dryRun: false,
      created: 3,
      updated: 0,
      unchanged: 0,
      bankAccountsChanged: 2,
    });
    expect(await held()).toHaveLength(3);
    const again = await push(false);
    expect(again.json()).toEqual({
      dryRun: false,
      created: 0,
      updated: 0,
      unchanged: 3,
      bankAccountsChanged: 0,
    });
    const pushes = (await auditOf(found.id)).filter((row) => row.action === 'members_push');
    expect(pushes.map((row) => [row.outcome, row.businessGroup])).toEqual([
      ['success', 'MER'],
      ['success', 'MER'],
      ['success', 'MER'],
    ]);
  });

  it('applies rows of member data, and refuses a file with one bad row, naming it and changing nothing', async () => {
    const found = await client(['members:write']);
    const token = await tokenFor(found);
    const rows = [
      { kind: 'salary', referenceNumber: '1000002', from: '2026-10-01', pensionableSalaryPence: 5_400_000 },
      { kind: 'valuation', referenceNumber: '1000006', on: '2026-10-31', potPence: 2_300_000 },
      {
        kind: 'payroll',
        referenceNumber: '1000004',
        annualPensionPence: 1_900_000,
        taxCode: '1185L',
        increaseRule: 'CPI up to 5% a year',
        nextIncreaseOn: '2027-04-01',
      },
    ];
    const before = await stateOf();
    const bad = await call(token, 'POST', '/member-data', {
      businessGroup: 'MER',
      rows: [
        ...rows,
        {
          kind: 'holding',
          referenceNumber: '1000002',
          fundCode: 'CASH',
          units: 1,
          unitPricePence: 100,
          pricedOn: '2026-11-27',
        },
      ],
    });
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'member_data_rows_invalid']);
    expect((bad.json() as { errors: Array<{ field?: string; message: string }> }).errors[1]).toEqual({
      code: 'member_data_row_invalid',
      field: 'rows[3].kind',
      message: 'Row 4 (1000002): kind: A holding row is for a DC record; 1000002 is DB',
    });
    expect(await stateOf()).toEqual(before);

    const saved = await call(token, 'POST', '/member-data', { businessGroup: 'MER', rows });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      dryRun: false,
      rows: 3,
      membersChanged: 2,
      paymentsAdded: 0,
      payrollsSet: 1,
      increasesSet: 0,
    });
    const [payroll] = await context.database.db
      .select()
      .from(pensionPayroll)
      .where(and(eq(pensionPayroll.businessGroup, 'MER'), eq(pensionPayroll.referenceNumber, '1000004')));
    expect(payroll).toMatchObject({ annualPensionPence: 1_900_000, taxCode: '1185L' });
    const [active] = await context.database.db
      .select()
      .from(members)
      .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, '1000002')));
    expect(active!.benefits).toMatchObject({ finalPensionableSalaryPence: 5_400_000 });
    expect((await auditOf(found.id)).map((row) => [row.action, row.outcome]).slice(-2)).toEqual([
      ['member_data_push', 'failure'],
      ['member_data_push', 'success'],
    ]);
  });
});

describe('integration clients in the console', () => {
  it('lists the tenant’s clients to an administrator, who disables one (its tokens stop at once); other roles are refused', async () => {
    const found = await client(['cases:read']);
    const token = await tokenFor(found);
    const theirs = await client(['cases:read'], BLUEWATER);
    const secret = 'INTEGRATIONADMINSECRETFORTESTSAA';
    await addStaff(context.database.db, {
      email: 'integration.admin@meridian.example',
      name: 'Ada Ministrator',
      role: 'administrator',
      tenantUrl: MERIDIAN,
      password: 'administrator password',
      totp: { secret },
    });
    const admin = new BrowserAgent(context.app);
    await admin.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: 'integration.admin@meridian.example', password: 'administrator password' },
    });
    const signedIn = await admin.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code: await generate({ secret }) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const listed = await admin.request({ method: 'GET', url: '/admin-api/integration-clients' });
    expect(listed.statusCode, listed.body).toBe(200);
    const clientsListed = (listed.json() as { clients: Array<{ id: string; lastTokenAt: string | null }> })
      .clients;
    expect(clientsListed.find((row) => row.id === found.id)).toMatchObject({
      scopes: ['cases:read'],
      disabledAt: null,
      lastTokenAt: expect.any(String),
    });
    expect(clientsListed.map((row) => row.id)).not.toContain(theirs.id);

    const other = await admin.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${theirs.id}/disable`,
    });
    expect([other.statusCode, errorCode(other)]).toEqual([404, 'integration_client_not_found']);
    const disabled = await admin.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${found.id}/disable`,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await call(token, 'GET', '/cases');
    expect([refused.statusCode, errorCode(refused)]).toEqual([401, 'integration_token_invalid']);

    const leader = new BrowserAgent(context.app);
    const worker = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;
    await context.database.db
      .update(staffAccounts)
      .set({ totpLastStep: null })
      .where(eq(staffAccounts.email, worker.email));
    await leader.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: worker.email, password: DEMO_STAFF_PASSWORD },
    });
    await leader.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code: await generate({ secret: worker.totpSecret }) },
    });
    const notAdmin = await leader.request({ method: 'GET', url: '/admin-api/integration-clients' });
    expect([notAdmin.statusCode, errorCode(notAdmin)]).toEqual([403, 'staff_role_not_allowed']);
    // The role is checked before the body is read: a bad body from a team leader is refused for the role.
    const badBody = await leader.request({
      method: 'POST',
      url: '/admin-api/integration-clients',
      payload: { name: '' },
    });
    expect([badBody.statusCode, errorCode(badBody)]).toEqual([403, 'staff_role_not_allowed']);
  });
});

/** A new administrator of Meridian (of every tenant with `tenantUrl` null), signed in with password and code. */
async function signedInAdministrator(email: string, secret: string, tenantUrl: string | null = MERIDIAN) {
  await addStaff(context.database.db, {
    email,
    name: 'Rota Administrator',
    role: 'administrator',
    tenantUrl,
    password: 'administrator password',
    totp: { secret },
  });
  const admin = new BrowserAgent(context.app);
  await admin.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email, password: 'administrator password' },
  });
  const signedIn = await admin.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await generate({ secret }) },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return admin;
}

describe('integration clients: a new secret', () => {
  const tokenAnswer = (secret: { id: string; secret: string }) =>
    askToken({ grant_type: 'client_credentials', client_id: secret.id, client_secret: secret.secret });

  it('issues a new secret shown once; the old one works through its grace period, then is refused with integration_secret_retired', async () => {
    const first = await client(['cases:read']);
    const admin = await signedInAdministrator(
      'rotation.admin@meridian.example',
      'ROTATIONADMINSECRETFORTESTSAAAAA',
    );
    const before = Date.now();
    const rotated = await admin.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${first.id}/rotate-secret`,
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const answer = rotated.json() as { clientId: string; secret: string; previousSecretUntil: string };
    expect(answer.clientId).toBe(first.id);
    expect(answer.secret).toMatch(/^mis_[A-Za-z0-9_-]{43}$/);
    expect(answer.secret).not.toBe(first.secret);
    // The server's setting: 24 hours.
    const until = Date.parse(answer.previousSecretUntil);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(until - before).toBeLessThan(24 * 3_600_000 + 60_000);
    const [row] = await context.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.id, first.id));
    expect(JSON.stringify(row)).not.toContain(answer.secret);

    // Both work during the grace period; the old one's token is audited as the previous secret.
    const second = { id: first.id, secret: answer.secret };
    await tokenFor(second);
    await tokenFor(first);
    const granted = (await auditOf(first.id)).filter(
      (entry) => entry.action === 'integration_token' && entry.outcome === 'success',
    );
    expect(granted.map((entry) => entry.details.secretUsed)).toEqual(['current', 'previous']);
    const listed = await admin.request({ method: 'GET', url: '/admin-api/integration-clients' });
    expect(
      (listed.json() as { clients: Array<{ id: string }> }).clients.find((item) => item.id === first.id),
    ).toMatchObject({ secretRotatedAt: expect.any(String), previousSecretUntil: answer.previousSecretUntil });

    // The grace period ends: the old secret is refused with its own code, and audited so.
    await context.database.db
      .update(integrationClients)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationClients.id, first.id));
    const retired = await tokenAnswer(first);
    expect(retired.statusCode).toBe(401);
    expect(retired.json()).toMatchObject({
      error: 'invalid_client',
      errors: [{ code: 'integration_secret_retired' }],
    });
    expect((await auditOf(first.id)).at(-1)).toMatchObject({
      action: 'integration_token',
      outcome: 'failure',
      details: { reason: 'secret_retired' },
    });
    await tokenFor(second);
    const relisted = await admin.request({ method: 'GET', url: '/admin-api/integration-clients' });
    expect(
      (relisted.json() as { clients: Array<{ id: string }> }).clients.find((item) => item.id === first.id),
    ).toMatchObject({ previousSecretUntil: null });

    // Rotated again with no grace (a leaked secret): the second stops at once, the first is just wrong.
    const again = await admin.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${first.id}/rotate-secret`,
      payload: { graceHours: 0 },
    });
    expect(again.statusCode, again.body).toBe(200);
    const third = { id: first.id, secret: (again.json() as { secret: string }).secret };
    expect((again.json() as { previousSecretUntil: string | null }).previousSecretUntil).toBeNull();
    const stopped = await tokenAnswer(second);
    expect([stopped.statusCode, errorCode(stopped)]).toEqual([401, 'integration_secret_retired']);
    const wrong = await tokenAnswer(first);
    expect([wrong.statusCode, errorCode(wrong)]).toEqual([401, 'invalid_client']);
    await tokenFor(third);

    const rotations = (
      await context.database.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, 'integration_client_rotate'))
    ).filter((entry) => entry.details.clientId === first.id);
    expect(rotations.map((entry) => [entry.outcome, entry.details.graceHours])).toEqual([
      ['success', 24],
      ['success', 0],
    ]);
    expect(JSON.stringify(rotations)).not.toContain('mis_');
  });

  it('refuses bad grace hours, another tenant’s client, a disabled client and other roles, changing nothing', async () => {
    const found = await client(['cases:read']);
    const theirs = await client(['cases:read'], BLUEWATER);
    const disabled = await client(['cases:read']);
    await disableIntegrationClient(context.database.db, disabled.id);
    const admin = await signedInAdministrator(
      'rotation.refusals@meridian.example',
      'ROTATIONREFUSALSSECRETFORTESTSAA',
    );
    const rotate = (id: string, payload: unknown) =>
      admin.request({
        method: 'POST',
        url: `/admin-api/integration-clients/${id}/rotate-secret`,
        payload: payload as Record<string, unknown>,
      });
    const secretOf = async (id: string) =>
      (await context.database.db.select().from(integrationClients).where(eq(integrationClients.id, id)))[0]!
        .secretHash;
    const hashBefore = await secretOf(found.id);
    for (const payload of [
      { graceHours: 169 },
      { graceHours: -1 },
      { graceHours: 1.5 },
      { graceHours: '2' },
    ]) {
      const refused = await rotate(found.id, payload);
      expect([refused.statusCode, errorCode(refused)], JSON.stringify(payload)).toEqual([
        400,
        'field_invalid',
      ]);
    }
    const other = await rotate(theirs.id, {});
    expect([other.statusCode, errorCode(other)]).toEqual([404, 'integration_client_not_found']);
    const off = await rotate(disabled.id, {});
    expect([off.statusCode, errorCode(off)]).toEqual([409, 'integration_client_disabled']);
    expect(await secretOf(found.id)).toBe(hashBefore);
    await tokenFor(found);
    await tokenFor(theirs, BLUEWATER);

    const leader = new BrowserAgent(context.app);
    const worker = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;
    await context.database.db
      .update(staffAccounts)
      .set({ totpLastStep: null })
      .where(eq(staffAccounts.email, worker.email));
    await leader.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: worker.email, password: DEMO_STAFF_PASSWORD },
    });
    await leader.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code: await generate({ secret: worker.totpSecret }) },
    });
    const notAdmin = await leader.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${found.id}/rotate-secret`,
      payload: {},
    });
    expect([notAdmin.statusCode, errorCode(notAdmin)]).toEqual([403, 'staff_role_not_allowed']);
    expect(await secretOf(found.id)).toBe(hashBefore);
  });

  it('rotates with no request body at all, taking the default grace of 24 hours as {} does', async () => {
    const found = await client(['cases:read']);
    const admin = await signedInAdministrator(
      'rotation.nobody@meridian.example',
      'NOBODYROTATIONSECRETFORTESTSAAAA',
    );
    const before = Date.now();
    // No payload: no body and no content type, as a client posting nothing sends it (400 before).
    const rotated = await admin.request({
      method: 'POST',
      url: `/admin-api/integration-clients/${found.id}/rotate-secret`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const answer = rotated.json() as { secret: string; previousSecretUntil: string };
    const until = Date.parse(answer.previousSecretUntil);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(until - before).toBeLessThan(24 * 3_600_000 + 60_000);
    // Both secrets work during the grace period.
    await tokenFor(found);
    await tokenFor({ id: found.id, secret: answer.secret });
    const [audited] = (
      await context.database.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, 'integration_client_rotate'))
    ).filter((entry) => entry.details.clientId === found.id);
    expect([audited!.outcome, audited!.details.graceHours]).toEqual(['success', 24]);
  });
});

describe('integration clients: added in the console', () => {
  const add = (admin: BrowserAgent, payload: unknown) =>
    admin.request({
      method: 'POST',
      url: '/admin-api/integration-clients',
      payload: payload as Record<string, unknown>,
    });
  const clientCount = async () =>
    (await context.database.db.select({ id: integrationClients.id }).from(integrationClients)).length;

  it('adds a client of the administrator’s tenant with the scopes chosen, its secret shown once and audited without it', async () => {
    const admin = await signedInAdministrator(
      'adding.admin@meridian.example',
      'ADDINGADMINSECRETFORTESTSAAAAAAA',
    );
    const added = await add(admin, { name: '  Pensions office  ', scopes: ['cases:read', 'documents:read'] });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    const answer = added.json() as { clientId: string; tenantUrl: string; secret: string };
    expect(answer.tenantUrl).toBe(MERIDIAN);
    expect(answer.secret).toMatch(/^mis_[A-Za-z0-9_-]{43}$/);

    const token = await tokenFor({ id: answer.clientId, secret: answer.secret });
    expect((await call(token, 'GET', '/cases')).statusCode).toBe(200);
    const lacking = await call(token, 'POST', '/members', { businessGroup: 'MER', members: [{}] });
    expect([lacking.statusCode, errorCode(lacking)]).toEqual([403, 'scope_missing']);
    const refusedScope = await askToken({
      grant_type: 'client_credentials',
      client_id: answer.clientId,
      client_secret: answer.secret,
      scope: 'members:write',
    });
    expect(refusedScope.statusCode).toBe(400);

    const listed = await admin.request({ method: 'GET', url: '/admin-api/integration-clients' });
    expect(
      (listed.json() as { clients: Array<{ id: string }> }).clients.find((row) => row.id === answer.clientId),
    ).toMatchObject({
      name: 'Pensions office',
      tenantUrl: MERIDIAN,
      scopes: ['cases:read', 'documents:read'],
    });
    const audited = (await auditOf(answer.clientId)).find(
      (entry) => entry.action === 'integration_client_add',
    );
    expect(audited).toMatchObject({
      outcome: 'success',
      tenantUrl: MERIDIAN,
      details: { name: 'Pensions office', scopes: ['cases:read', 'documents:read'] },
    });
    expect(JSON.stringify(await auditOf(answer.clientId))).not.toContain(answer.secret);
  });

  it('refuses a bad name or scopes, another tenant and an unknown one, changing nothing and auditing the refusals', async () => {
    const admin = await signedInAdministrator(
      'adding.refusals@meridian.example',
      'ADDINGREFUSALSSECRETFORTESTSAAAA',
    );
    const before = await clientCount();
    for (const payload of [
      { name: '', scopes: ['cases:read'] },
      { name: 'x'.repeat(121), scopes: ['cases:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['cases:delete'] },
      { name: 'Twice', scopes: ['cases:read', 'cases:read'] },
      { name: 'No list', scopes: 'cases:read' },
    ]) {
      const refused = await add(admin, payload);
      expect([refused.statusCode, errorCode(refused)], JSON.stringify(payload)).toEqual([
        400,
        'field_invalid',
      ]);
    }
    const nameless = await add(admin, { scopes: ['cases:read'] });
    expect([nameless.statusCode, errorCode(nameless)]).toEqual([400, 'field_required']);
    const theirs = await add(admin, { name: 'Theirs', tenantUrl: BLUEWATER, scopes: ['cases:read'] });
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([403, 'staff_tenant_not_allowed']);
    expect(await clientCount()).toBe(before);
    const denied = await context.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'integration_client_add'), eq(staffAudit.outcome, 'denied')));
    expect(denied.map((entry) => entry.details.reason)).toContain('staff_tenant_not_allowed');

    // An administrator of every tenant names one that exists.
    const firm = await signedInAdministrator(
      'adding.firm@meridian.example',
      'ADDINGFIRMADMINSECRETFORTESTSAAA',
      null,
    );
    const unnamed = await add(firm, { name: 'Which scheme', scopes: ['cases:read'] });
    expect([unnamed.statusCode, errorCode(unnamed)]).toEqual([400, 'tenant_required']);
    const unknown = await add(firm, {
      name: 'Nowhere',
      tenantUrl: 'nowhere.example',
      scopes: ['cases:read'],
    });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([400, 'tenant_unknown']);
    expect(await clientCount()).toBe(before);
    const bluewater = await add(firm, {
      name: 'Bluewater office',
      tenantUrl: BLUEWATER,
      scopes: ['cases:read'],
    });
    expect(bluewater.statusCode, bluewater.body).toBe(201);
    const { clientId, secret: theirSecret } = bluewater.json() as { clientId: string; secret: string };
    await tokenFor({ id: clientId, secret: theirSecret }, BLUEWATER);
    const elsewhere = await askToken({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: theirSecret,
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
