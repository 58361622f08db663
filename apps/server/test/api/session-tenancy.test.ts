import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants, userRecords, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import { clearContentCache } from '../../src/areas/content/content-cache';
import {
  operationsOf,
  remember,
  requestFor,
  validParts,
  type KnownValues,
  type Operation,
} from './openapi-walk';

/**
 * A session belongs to the tenant whose host opened it. Every member operation of the OpenAPI
 * document (one a visitor is refused with ERROR_ACCESS_TOKEN_MISSING) is sent with a Bluewater
 * session to the Meridian host and to an unknown host, and with a Meridian session to the Bluewater
 * host: 401 session_wrong_tenant, and the database reads back unchanged.
 */

const ctx = useTestApp();
const refresh = '/authentication-api/api/authentication/refresh-token';
const switchUser = '/authentication-api/api/authentication/switch-user';
const UNKNOWN_HOST = 'portal.unknown.example';

let addressCounter = 0;
const nextAddress = () => `10.9.${(addressCounter >> 8) & 255}.${++addressCounter & 255}`;

async function signedIn(userName: string, host: string) {
  const agent = new BrowserAgent(ctx.app, host);
  const response = await agent.request({
    method: 'POST',
    url: '/authentication-api/api/authentication/login',
    payload: { userName, password: 'MeridianDemo!2026' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

/** The same cookies (session and XSRF token) presented to another host. */
function carriedTo(agent: BrowserAgent, host: string) {
  const elsewhere = new BrowserAgent(ctx.app, host);
  for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
  return elsewhere;
}

const memberOperations: Operation[] = [];
const known: KnownValues = new Map<string, unknown[]>([['tenantUrl', ['bluewater.localhost', 'localhost']]]);

describe('sessions carry their tenant', () => {
  beforeAll(async () => {
    const visitor = new BrowserAgent(ctx.app);
    for (const operation of operationsOf(ctx.app)) {
      const response = await visitor.request({
        ...requestFor(operation, validParts(operation, known)),
        remoteAddress: nextAddress(),
      });
      if (response.statusCode === 401 && response.body.includes('"ERROR_ACCESS_TOKEN_MISSING"')) {
        memberOperations.push(operation);
      }
    }
    const bluewater = await signedIn('second.member', 'bluewater.localhost');
    for (const operation of memberOperations.filter((candidate) => candidate.method === 'GET')) {
      const response = await bluewater.request({
        ...requestFor(operation, validParts(operation, known)),
        remoteAddress: nextAddress(),
      });
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
        remember(known, response.json());
      }
    }
  }, 120_000);

  it('finds the member operations, switch-user among them', () => {
    expect(memberOperations.length).toBeGreaterThan(10);
    expect(memberOperations.map((operation) => operation.path)).toContain(switchUser);
  });

  it.each([
    ['a Bluewater session', 'second.member', 'bluewater.localhost', 'localhost'],
    ['a Bluewater session', 'second.member', 'bluewater.localhost', UNKNOWN_HOST],
    ['a Meridian session', 'linked', 'localhost', 'bluewater.localhost'],
    ['a Meridian session', 'linked', 'localhost', UNKNOWN_HOST],
  ])(
    'refuses %s (%s, opened on %s) on every member operation at %s, and changes nothing',
    async (_, userName, home, host) => {
      const agent = await signedIn(userName, home);
      const elsewhere = carriedTo(agent, host);
      const failures: string[] = [];
      const before = await databaseFingerprint(ctx.database);
      for (const operation of memberOperations) {
        const response = await elsewhere.request({
          ...requestFor(operation, validParts(operation, known)),
          remoteAddress: nextAddress(),
        });
        if (response.statusCode !== 401 || response.json().errors[0].code !== 'session_wrong_tenant') {
          failures.push(
            `${operation.label} on ${host} → ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
      const after = await databaseFingerprint(ctx.database);
      expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
      expect(failures).toEqual([]);
      const atHome = await agent.request({
        method: 'POST',
        url: '/authentication-api/api/sso/session/keep-alive',
      });
      expect(atHome.statusCode).toBe(200);
    },
    120_000,
  );

  it('refuses a refresh token on another tenant’s host without spending it', async () => {
    const agent = await signedIn('second.member', 'bluewater.localhost');
    const token = agent.cookies.get('refreshToken')!;
    for (const host of ['localhost', UNKNOWN_HOST]) {
      const elsewhere = carriedTo(agent, host);
      const response = await elsewhere.request({
        method: 'POST',
        url: refresh,
        payload: { refreshToken: token },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('session_wrong_tenant');
    }
    const atHome = await agent.request({ method: 'POST', url: refresh });
    expect(atHome.statusCode).toBe(200);
    expect(agent.cookies.get('refreshToken')).not.toBe(token);
  });
});

describe('records and switching stay within the tenant', () => {
  beforeAll(async () => {
    // The member with two Meridian records also holds the Bluewater record, as someone who worked for both.
    const [linked] = await ctx.database.db.select().from(users).where(eq(users.username, 'linked'));
    await ctx.database.db
      .insert(userRecords)
      .values({ userId: linked!.id, businessGroup: 'BLU', referenceNumber: '2000001', recordNumber: 3 });
  });

  it('lists only the tenant’s records and says others exist', async () => {
    const agent = await signedIn('linked', 'localhost');
    const list = await agent.request({ url: '/mdp-api/api/linked-records' });
    expect(list.statusCode).toBe(200);
    expect(list.json().members.map((record: { referenceNumber: string }) => record.referenceNumber)).toEqual([
      '1000007',
      '1000008',
    ]);
    expect(list.json().hasOutsideRecords).toBe(true);
  });

  it('refuses switching, or acting through the record headers, to a record of another tenant', async () => {
    const agent = await signedIn('linked', 'localhost');
    const switched = await agent.request({
      method: 'POST',
      url: switchUser,
      payload: { businessGroup: 'BLU', referenceNumber: '2000001' },
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json().errors[0].code).toBe('record_not_entitled');
    const asOther = await agent.request({
      url: '/mdp-api/api/members/personal-details',
      headers: { 'auth-business-group': 'BLU', 'auth-reference-number': '2000001' },
    });
    expect(asOther.statusCode).toBe(403);
    const own = await agent.request({ url: '/mdp-api/api/members/personal-details' });
    expect(own.json()).toMatchObject({ businessGroup: 'MER', referenceNumber: '1000007' });
  });

  it('keeps to a tenant’s linkedRecords switch in the record check as well as in switch-user', async () => {
    const agent = await signedIn('linked', 'localhost');
    // Changed behind the content sync's back, so the content cache is cleared as the sync clears it.
    const setLinkedRecords = async (on: boolean) => {
      await ctx.database.db
        .update(tenants)
        .set({
          settings: sql`jsonb_set(${tenants.settings}, '{features}', ${JSON.stringify({ linkedRecords: on })}::jsonb)`,
        })
        .where(eq(tenants.tenantUrl, 'localhost'));
      clearContentCache(ctx.database.db);
    };
    await setLinkedRecords(false);
    try {
      const switched = await agent.request({
        method: 'POST',
        url: switchUser,
        payload: { businessGroup: 'MER', referenceNumber: '1000008' },
      });
      expect(switched.statusCode).toBe(403);
      expect(switched.json().errors[0].code).toBe('linked_records_disabled');
      const asLinked = await agent.request({
        url: '/mdp-api/api/members/personal-details',
        headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
      });
      expect(asLinked.statusCode).toBe(403);
      expect(asLinked.json().errors[0].code).toBe('record_not_entitled');
      const asOwn = await agent.request({
        url: '/mdp-api/api/members/personal-details',
        headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' },
      });
      expect(asOwn.statusCode).toBe(200);
    } finally {
      await setLinkedRecords(true);
    }
    // A signed-in session keeps its tenant's settings for up to SESSION_CACHE_MS, so a new session sees the switch back on.
    const again = await signedIn('linked', 'localhost');
    const allowed = await again.request({
      url: '/mdp-api/api/members/personal-details',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
    });
    expect(allowed.json()).toMatchObject({ referenceNumber: '1000008' });
  });
});
