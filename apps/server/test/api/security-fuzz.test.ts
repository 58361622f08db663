import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { integrationScopes } from '@meridian/contracts';
import { memberCases, staffAccounts } from '../../src/db/schema';
import { addIntegrationClient } from '../../src/areas/integration/clients';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { hostileBodies, hostileBodyField, hostileParameter, type Hostile } from './hostile-values';
import {
  describeValue,
  hasErrorBody,
  isStateChanging,
  operationsOf,
  remember,
  requestFor,
  validParts,
  type JsonSchema,
  type KnownValues,
  type Operation,
  type RequestParts,
} from './openapi-walk';

/**
 * Fuzz: every operation of the OpenAPI document, every parameter and body field, fast-check-generated
 * hostile values, as a visitor and as a signed-in member (with the CSRF token, so requests get past
 * it). Never a 5xx; every 4xx carries the errors array; what breaks the input policy or the schema is
 * refused. Seeded: FUZZ_SEED=<n> replays a run on the database it names, FUZZ_RUNS=<n> sets the values per
 * field. A run on one database tries 4 per field; a run on both tries 2 on each, different ones (the
 * database is part of each field's seed), so the pair still tries 4 while the file costs half on each.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const DATABASE = process.env.TEST_DATABASE_KIND === 'postgres' ? 'postgres' : 'pglite';
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 2 : 4));
/** Signed-in fuzzing takes turns among demo members: sign-in is also limited per username. */
const MEMBERS = ['linked', 'dc.near', 'db.avc', 'dc.far', 'db.pensioner', 'db.active'];
let signIns = 0;

const context = useTestApp();
const known: KnownValues = new Map([['tenantUrl', ['localhost']]]);
let operations: Operation[] = [];

let addressCounter = 0;
/** Each request from its own address, so per-IP rate limits do not hide what lies behind them. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function signedInMember() {
  const agent = new BrowserAgent(context.app);
  const userName = MEMBERS[signIns++ % MEMBERS.length]!;
  const response = await agent.request({
    method: 'POST',
    url: '/authentication-api/api/authentication/login',
    payload: { userName, password: 'MeridianDemo!2026' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, `${userName}: ${response.body}`).toBe(200);
  return agent;
}

/**
 * The member's agent after a request that dropped its cookies (a refused refresh clears them): the
 * same session when it is still live, a new sign-in when it ended (sign-out).
 */
async function stillSignedIn(agent: BrowserAgent, cookies: Map<string, string>) {
  if (agent.cookies.has('accessToken')) return agent;
  for (const [name, value] of cookies) agent.cookies.set(name, value);
  const session = await agent.request({ method: 'GET', url: '/authentication-api/api/sso/session' });
  return session.statusCode === 200 ? agent : signedInMember();
}

const STAFF = demoStaff.find((staff) => staff.role === 'team_leader')!;

/** A team leader signed in to the staff API; a code is taken once, so the last accepted step is forgotten first. */
async function signedInStaff() {
  await context.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, STAFF.email));
  const agent = new BrowserAgent(context.app);
  const password = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email: STAFF.email, password: DEMO_STAFF_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(password.statusCode, password.body).toBe(200);
  const code = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await generate({ secret: STAFF.totpSecret }) },
    remoteAddress: nextAddress(),
  });
  expect(code.statusCode, code.body).toBe(200);
  return agent;
}

/** An administration system: every request carries a bearer token for a client with every scope. */
class IntegrationAgent extends BrowserAgent {
  constructor(
    app: ConstructorParameters<typeof BrowserAgent>[0],
    private readonly token: string,
  ) {
    super(app);
  }

  override rawRequest(...[options, flags]: Parameters<BrowserAgent['rawRequest']>) {
    const headers = { ...(options.headers as Record<string, string>), authorization: `Bearer ${this.token}` };
    return super.rawRequest({ ...options, headers }, flags);
  }
}

async function integrationClient() {
  const client = await addIntegrationClient(context.database.db, {
    tenantUrl: 'localhost',
    name: 'Fuzzed administration system',
    scopes: [...integrationScopes],
  });
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/integration/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return new IntegrationAgent(context.app, (response.json() as { access_token: string }).access_token);
}

async function visitor() {
  const agent = new BrowserAgent(context.app);
  await agent.request({ method: 'GET', url: '/health' });
  return agent;
}

const seedFor = (label: string) =>
  [...label].reduce((hash, character) => (Math.imul(hash, 31) + character.charCodeAt(0)) | 0, SEED);

interface Slot {
  name: string;
  hostiles: Hostile[];
  place: (parts: RequestParts, hostile: Hostile) => void;
}

const placed = (hostile: Hostile) => (hostile.raw ? { raw: String(hostile.value) } : hostile.value);

/** Every place a hostile value can go in an operation: parameters, body fields (nested too), the whole body. */
function slotsOf(operation: Operation): Slot[] {
  const sample = (name: string, arbitrary: fc.Arbitrary<Hostile>) =>
    fc.sample(arbitrary, { seed: seedFor(`${DATABASE} ${operation.label} ${name}`), numRuns: RUNS });
  const slots: Slot[] = operation.parameters.map((parameter) => ({
    name: `${parameter.in} ${parameter.name}`,
    hostiles: sample(parameter.name, hostileParameter(parameter.schema, parameter.in)),
    place: (parts, hostile) => {
      parts[parameter.in][parameter.name] = placed(hostile);
    },
  }));
  const bodyFields = (schema: JsonSchema, path: string[]): Slot[] =>
    Object.entries(schema.properties ?? {}).flatMap(([property, propertySchema]) => {
      const fieldPath = [...path, property];
      return [
        {
          name: `body.${fieldPath.join('.')}`,
          hostiles: sample(fieldPath.join('.'), hostileBodyField(propertySchema)),
          place: (parts: RequestParts, hostile: Hostile) => {
            let target = parts.body as Record<string, unknown>;
            for (const step of path) {
              target[step] = { ...(target[step] as object) };
              target = target[step] as Record<string, unknown>;
            }
            target[property] = hostile.value;
          },
        },
        ...(fieldPath.length < 3 ? bodyFields(propertySchema, fieldPath) : []),
      ];
    });
  if (operation.body) slots.push(...bodyFields(operation.body, []));
  // Fastify reads no body on GET and HEAD.
  if (!isStateChanging(operation)) return slots;
  slots.push({
    name: 'whole body',
    hostiles: hostileBodies(operation.body, validParts(operation, known).body),
    place: (parts, hostile) => {
      parts.body = { raw: String(hostile.value) };
    },
  });
  return slots;
}

async function fuzz(
  operation: Operation,
  persona: 'visitor' | 'member' | 'staff' | 'integration',
  agent: BrowserAgent,
) {
  const failures: string[] = [];
  for (const slot of slotsOf(operation)) {
    for (const hostile of slot.hostiles) {
      const cookies = new Map(agent.cookies);
      const parts = structuredClone(validParts(operation, known));
      if (slot.name.startsWith('body.') && (typeof parts.body !== 'object' || parts.body === null))
        parts.body = {};
      slot.place(parts, hostile);
      const request = requestFor(operation, parts);
      const where = `${persona} ${operation.label} ${slot.name}=${describeValue(hostile.value)} (${hostile.kind}, seed ${SEED} on ${DATABASE})`;
      let response;
      try {
        response = await agent.request({ ...request, remoteAddress: nextAddress() });
      } catch (error) {
        // The HTTP layer refuses such a header before the server sees it (light-my-request as Node's parser).
        if (slot.name.startsWith('header ') && /Invalid character/.test(String(error))) continue;
        failures.push(`${where} → threw ${String(error)}`);
        continue;
      }
      // An operation that signs out (or drops the cookies) must not leave the next value unsigned.
      if (persona === 'member') agent = await stillSignedIn(agent, cookies);
      if (persona === 'staff' && !agent.cookies.has('staffSession')) agent = await signedInStaff();
      const status = response.statusCode;
      const answer = `${status} ${response.body.slice(0, 200)}`;
      if (status >= 500) failures.push(`${where} → ${answer}`);
      else if (status >= 400 && operation.answersJson && !hasErrorBody(response.body))
        failures.push(`${where} → ${answer} (no errors array)`);
      else if (hostile.mustRefuse && status < 400)
        failures.push(`${where} → ${answer} (accepted, must be refused)`);
    }
  }
  return { failures, agent };
}

describe('fuzz over every operation of the OpenAPI document', () => {
  beforeAll(async () => {
    operations = operationsOf(context.app);
    // Valid values come from what the server answers the member (a content access key, record numbers…).
    const member = await signedInMember();
    for (let pass = 0; pass < 2; pass += 1) {
      for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
        const response = await member.request({ ...requestFor(operation, validParts(operation, known)) });
        if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
          remember(known, response.json());
        }
      }
    }
  }, 180_000);

  it('walks a document that describes the API', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(known.has('contentAccessKey')).toBe(true);
  });

  it('never answers 5xx, always answers a 4xx with the errors array, refuses what breaks the policy (visitor)', async () => {
    const failures: string[] = [];
    const agent = await visitor();
    for (const operation of operations) failures.push(...(await fuzz(operation, 'visitor', agent)).failures);
    expect(failures).toEqual([]);
  }, 900_000);

  it('never answers 5xx, always answers a 4xx with the errors array, refuses what breaks the policy (member)', async () => {
    const failures: string[] = [];
    let agent = await signedInMember();
    for (const operation of operations) {
      const outcome = await fuzz(operation, 'member', agent);
      failures.push(...outcome.failures);
      agent = outcome.agent;
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('never answers 5xx, always answers a 4xx with the errors array, refuses what breaks the policy (staff)', async () => {
    const failures: string[] = [];
    let agent = await signedInStaff();
    const staffOperations = operations.filter((operation) => operation.path.startsWith('/admin-api/'));
    expect(staffOperations.length).toBeGreaterThan(10);
    // Valid values (case numbers, staff ids) from what the staff API answers, signed in as staff.
    let answered = 0;
    for (const operation of staffOperations.filter((candidate) => candidate.method === 'GET')) {
      const response = await agent.request({ ...requestFor(operation, validParts(operation, known)) });
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
        answered += 1;
        remember(known, response.json());
      }
    }
    expect(answered).toBeGreaterThanOrEqual(3);
    for (const operation of staffOperations) {
      const outcome = await fuzz(operation, 'staff', agent);
      failures.push(...outcome.failures);
      agent = outcome.agent;
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('never answers 5xx, always answers a 4xx with the errors array, refuses what breaks the policy (integration client)', async () => {
    const failures: string[] = [];
    const agent = await integrationClient();
    const integrationOperations = operations.filter((operation) =>
      operation.path.startsWith('/api/integration/v1/'),
    );
    expect(integrationOperations.length).toBeGreaterThanOrEqual(6);
    // A case to work (the demo opens none), and valid values from what the integration API answers.
    await context.database.db.insert(memberCases).values({
      caseNumber: 'FUZZ-100001',
      businessGroup: 'MER',
      referenceNumber: '1000010',
      caseType: 'RTP9',
      title: 'Apply for your pension',
      documents: [{ name: 'Proof of identity', status: 'outstanding' }],
    });
    const answered = new Set<string>();
    for (let pass = 0; pass < 2; pass += 1) {
      for (const operation of integrationOperations.filter((candidate) => candidate.method === 'GET')) {
        const response = await agent.request({ ...requestFor(operation, validParts(operation, known)) });
        if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
          answered.add(operation.label);
          remember(known, response.json());
        }
      }
    }
    expect(answered.size).toBeGreaterThanOrEqual(2);
    for (const operation of integrationOperations)
      failures.push(...(await fuzz(operation, 'integration', agent)).failures);
    expect(failures).toEqual([]);
  }, 900_000);

  it('leaves no prototype polluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
