import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import {
  describeValue,
  operationsOf,
  remember,
  requestFor,
  validParts,
  type KnownValues,
  type Operation,
} from './openapi-walk';

/**
 * Ownership: member A (db.deferred) against member B (linked, two records). Every member operation
 * of the OpenAPI document (one a visitor is refused with ERROR_ACCESS_TOKEN_MISSING) is sent by A
 * acting as each of B's records through the record headers, and with every value only B's answers
 * hold (B's reference numbers, ids, …) in each parameter or body field of that name, and by the
 * record's names in the query of the download routes that declare them: 403 or 404, and the database
 * reads back unchanged.
 */

const context = useTestApp();
const MEMBER_A = 'db.deferred';
const MEMBER_B = 'linked';
const journeyTypes = (
  JSON.parse(
    readFileSync(new URL('../../../../content/tenants/meridian/journeys.json', import.meta.url), 'utf8'),
  ) as {
    type: string;
  }[]
).map((journey) => journey.type);

const seeds = (): KnownValues =>
  new Map<string, unknown[]>([
    ['tenantUrl', ['localhost']],
    ['journeyType', journeyTypes],
  ]);
const knownToA = seeds();
const knownToB = seeds();
const memberOperations: Operation[] = [];
const recordsOfB: { businessGroup: string; referenceNumber: string }[] = [];

let addressCounter = 0;
const nextAddress = () => `10.7.${(addressCounter >> 8) & 255}.${++addressCounter & 255}`;

async function signedIn(userName: string) {
  const agent = new BrowserAgent(context.app);
  const response = await agent.request({
    method: 'POST',
    url: '/authentication-api/api/authentication/login',
    payload: { userName, password: 'MeridianDemo!2026' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { agent, signIn: response.json() };
}

/** Everything a member's GET operations answer, remembered by field name. */
async function harvest(
  agent: BrowserAgent,
  known: KnownValues,
  operations: Operation[],
  { ofB = false } = {},
) {
  for (let pass = 0; pass < 2; pass += 1) {
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const response = await agent.request({
        ...requestFor(operation, validParts(operation, known)),
        remoteAddress: nextAddress(),
      });
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
        const body = response.json();
        remember(known, body);
        if (ofB) collectRecords(body);
      }
    }
  }
}

/** Any object in B's answers naming a record: its business group and reference number. */
function collectRecords(value: unknown, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  const { businessGroup, referenceNumber } = value as Record<string, unknown>;
  if (
    typeof businessGroup === 'string' &&
    typeof referenceNumber === 'string' &&
    !recordsOfB.some((record) => record.referenceNumber === referenceNumber)
  ) {
    recordsOfB.push({ businessGroup, referenceNumber });
  }
  for (const child of Object.values(value)) collectRecords(child, depth + 1);
}

/** Field names that identify something a member owns: id, caseId, referenceNumber, caseReference… */
const identifierName = /(^id$|Id$|Number$|^reference|Reference$)/;

/** Identifiers B's answers hold that A's never do: B's own. */
function onlyB(): Map<string, unknown[]> {
  const values = new Map<string, unknown[]>();
  for (const [name, ofB] of knownToB) {
    if (!identifierName.test(name)) continue;
    const ofA = knownToA.get(name) ?? [];
    const own = ofB.filter((value) => !ofA.includes(value));
    if (own.length > 0) values.set(name, own);
  }
  return values;
}

/**
 * The database as it must stay: read once, and compared again after each operation's refused requests
 * (one read an operation rather than one a request: each read is a query over every table).
 */
let expected: Record<string, string> = {};

async function expectUnchanged(where: string, failures: string[]) {
  const after = await databaseFingerprint(context.database);
  const changed = Object.keys(after).filter((table) => after[table] !== expected[table]);
  if (changed.length > 0) failures.push(`${where} changed ${changed.join(', ')}`);
  expected = after;
}

async function expectRefused(
  agent: BrowserAgent,
  where: string,
  request: ReturnType<typeof requestFor>,
  failures: string[],
) {
  const response = await agent.request({ ...request, remoteAddress: nextAddress() });
  if (![403, 404].includes(response.statusCode)) {
    failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
}

/** Member A, signed in again (a change the sign-in makes is not a refused request's) if a request ended its session. */
async function memberAStillSignedIn(operation: Operation, failures: string[]) {
  if (memberA.cookies.has('accessToken')) return;
  await expectUnchanged(operation.label, failures);
  memberA = (await signedIn(MEMBER_A)).agent;
  expected = await databaseFingerprint(context.database);
}

let memberA: BrowserAgent;

describe('ownership: member A against member B on every member operation', () => {
  beforeAll(async () => {
    const operations = operationsOf(context.app);
    const visitor = new BrowserAgent(context.app);
    for (const operation of operations) {
      const response = await visitor.request({
        ...requestFor(operation, validParts(operation, knownToA)),
        remoteAddress: nextAddress(),
      });
      if (response.statusCode === 401 && response.body.includes('"ERROR_ACCESS_TOKEN_MISSING"')) {
        memberOperations.push(operation);
      }
    }
    const b = await signedIn(MEMBER_B);
    collectRecords(b.signIn);
    await harvest(b.agent, knownToB, memberOperations, { ofB: true });
    memberA = (await signedIn(MEMBER_A)).agent;
    await harvest(memberA, knownToA, memberOperations);
  }, 180_000);

  it('finds the member operations and B’s records', () => {
    expect(memberOperations.length).toBeGreaterThan(10);
    expect(recordsOfB.map((record) => record.referenceNumber).sort()).toEqual(['1000007', '1000008']);
  });

  it('refuses A acting as any of B’s records through the record headers, and nothing changes', async () => {
    const failures: string[] = [];
    expected = await databaseFingerprint(context.database);
    for (const operation of memberOperations) {
      for (const record of recordsOfB) {
        await memberAStillSignedIn(operation, failures);
        const request = requestFor(operation, validParts(operation, knownToA));
        request.headers['auth-business-group'] = record.businessGroup;
        request.headers['auth-reference-number'] = record.referenceNumber;
        await expectRefused(memberA, `${operation.label} as ${record.referenceNumber}`, request, failures);
      }
      await expectUnchanged(operation.label, failures);
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('refuses A naming any of B’s records in the address of a download link, and nothing changes', async () => {
    const failures: string[] = [];
    const takingRecordInQuery = memberOperations.filter((operation) =>
      operation.parameters.some(
        (parameter) => parameter.in === 'query' && parameter.name === 'auth-business-group',
      ),
    );
    expect(takingRecordInQuery.map((operation) => operation.label)).toEqual(
      expect.arrayContaining([
        'GET /mdp-api/api/members/current/documents/{id}/download',
        'GET /mdp-api/api/members/current/documents/zip',
        'GET /mdp-api/api/members/current/beneficiaries/download',
      ]),
    );
    expected = await databaseFingerprint(context.database);
    for (const operation of takingRecordInQuery) {
      for (const record of recordsOfB) {
        await memberAStillSignedIn(operation, failures);
        const parts = validParts(operation, knownToA);
        parts.query['auth-business-group'] = record.businessGroup;
        parts.query['auth-reference-number'] = record.referenceNumber;
        await expectRefused(
          memberA,
          `${operation.label} naming ${record.referenceNumber} in its query`,
          requestFor(operation, parts),
          failures,
        );
      }
      await expectUnchanged(operation.label, failures);
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('refuses A using B’s identifiers in any parameter or body field, and nothing changes', async () => {
    const failures: string[] = [];
    const ownValues = onlyB();
    let attempts = 0;
    expected = await databaseFingerprint(context.database);
    for (const operation of memberOperations) {
      const fields = [
        ...operation.parameters.map((parameter) => ({ name: parameter.name, place: parameter.in })),
        ...Object.keys(operation.body?.properties ?? {}).map((name) => ({ name, place: 'body' as const })),
      ];
      const taking = fields.filter((candidate) => ownValues.has(candidate.name));
      if (taking.length === 0) continue;
      for (const field of taking) {
        for (const value of ownValues.get(field.name)!.slice(0, 3)) {
          await memberAStillSignedIn(operation, failures);
          const parts = validParts(operation, knownToA);
          if (field.place === 'body') parts.body = { ...(parts.body as object), [field.name]: value };
          else parts[field.place][field.name] = value;
          attempts += 1;
          await expectRefused(
            memberA,
            `${operation.label} with B's ${field.name}=${describeValue(value)}`,
            requestFor(operation, parts),
            failures,
          );
        }
      }
      await expectUnchanged(operation.label, failures);
    }
    expect(attempts, 'no operation took one of B’s identifiers').toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 900_000);
});
