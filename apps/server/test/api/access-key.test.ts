import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentAccessKeys } from '../../src/db/schema';
import { verifyContentAccessKey } from '../../src/areas/access-key/content-access-key';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const accessKeyUrl =
  '/mdp-api/api/content/access-key?tenantUrl=localhost&preRetirementAgePeriodInYears=5&newlyRetiredRangeInMonth=6';

async function keyFor(username: string, url = accessKeyUrl) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  const response = await agent.request({ url });
  return { agent, response, body: response.json() };
}

const storedKey = async (token: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(contentAccessKeys)
    .where(eq(contentAccessKeys.id, token.split('.')[0]!));
  return row!;
};

const pageWith = (key: string) =>
  ctx.app.inject({ url: `/content-api/api/v2/content/authorized-page?pageUrl=/&contentAccessKey=${key}` });
const codeOf = async (key: string) => {
  const response = await pageWith(key);
  return `${response.statusCode} ${response.json().errors?.[0]?.code ?? ''}`.trim();
};

describe('content access key', () => {
  it('stands for the DB deferred member’s attributes, bound to the record, and names none of them itself', async () => {
    const { body } = await keyFor('db.deferred');
    expect(body).toMatchObject({ schemeType: 'DB', schemeCodeAndCategory: 'MDB-GEN' });
    expect(body.contentAccessKey).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    const stored = await storedKey(body.contentAccessKey);
    expect(stored.subject).toBe('MER:1000001');
    expect(stored.payload).toEqual(body.attributes);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(body.attributes).toMatchObject({
      tenantUrl: 'localhost',
      schemeType: 'DB',
      memberStatus: 'Deferred',
      lifeStage: 'EligibleToRetire',
      isCalculationSuccessful: true,
      currentAge: '60Y2M',
      transferApplicationStatus: 'NotStartedTA',
      hasAdditionalContributions: false,
      wordingFlags: ['scheme_MDB', 'category_GEN', 'NMPA.Pre'],
    });
  });

  it('gives a DC member close to target their DC life stage and the AVC member the contributions flag', async () => {
    const near = (await keyFor('dc.near')).body.attributes;
    expect(near).toMatchObject({
      schemeType: 'DC',
      dcLifeStage: 'closeToTRD',
      transferApplicationStatus: 'UnavailableTA',
    });
    const avc = (await keyFor('db.avc')).body.attributes;
    expect(avc).toMatchObject({ hasAdditionalContributions: true, lifeStage: 'PreRetiree' });
  });

  it('marks a member with linked records, and basic mode carries only the flags', async () => {
    const { body } = await keyFor('linked', `${accessKeyUrl}&basicMode=true`);
    expect(body).toMatchObject({ schemeType: null, schemeCodeAndCategory: null });
    expect(body.attributes).toMatchObject({
      basicMode: true,
      lifeStage: null,
      wordingFlags: ['HASLINKEDMEMBER', 'scheme_MDB', 'category_GEN'],
    });
  });

  it('is refused for a tenant the record does not belong to, and without sign-in', async () => {
    const { response } = await keyFor(
      'db.active',
      '/mdp-api/api/content/access-key?tenantUrl=bluewater.localhost',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('tenant_not_found');
    const anonymous = await ctx.app.inject({ url: accessKeyUrl });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens authorised pages; a forged, unknown or expired key is refused', async () => {
    const { body } = await keyFor('db.deferred');
    expect(await codeOf(body.contentAccessKey)).toBe('200');

    const [id, mac] = body.contentAccessKey.split('.');
    const otherId = `${id!.slice(0, -1)}${id!.endsWith('A') ? 'B' : 'A'}`;
    const macWith = (secret: string, keyId: string) =>
      createHmac('sha256', secret).update(keyId).digest('base64url').slice(0, 22);
    for (const forged of [
      `${otherId}.${mac}`,
      `${id}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      `${otherId}.${macWith('an attacker does not know the server secret', otherId!)}`,
      'not-a-key-at-all-but-long-enough',
    ])
      expect(await codeOf(forged)).toBe('401 access_key_invalid');

    const anHourOn = Date.now() + 60 * 60_000 + 1000;
    expect(await verifyContentAccessKey(ctx.app.contentAccessKeys, body.contentAccessKey, anHourOn)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const { body: late } = await keyFor('db.active');
    await ctx.database.db
      .update(contentAccessKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contentAccessKeys.id, late.contentAccessKey.split('.')[0]));
    expect(await codeOf(late.contentAccessKey)).toBe('401 access_key_expired');
  });
});

describe('content access key bound to its session', () => {
  const menuWith = (key: string) =>
    ctx.app.inject({ url: `/content-api/api/v2/content/authorized-menu?contentAccessKey=${key}` });

  it('is refused once its session has signed out', async () => {
    const { agent, body } = await keyFor('db.deferred');
    expect((await pageWith(body.contentAccessKey)).statusCode).toBe(200);
    const logout = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/logout',
    });
    expect(logout.statusCode).toBe(204);
    for (const response of [await pageWith(body.contentAccessKey), await menuWith(body.contentAccessKey)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('access_key_session_ended');
    }
  });

  it('is refused once its session has switched to another record, and a key for the new record works', async () => {
    const { agent, body } = await keyFor('linked');
    expect((await storedKey(body.contentAccessKey)).subject).toBe('MER:1000007');
    const switched = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/switch-user',
      payload: { businessGroup: 'MER', referenceNumber: '1000008' },
    });
    expect(switched.statusCode).toBe(200);
    const stale = await pageWith(body.contentAccessKey);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().errors[0].code).toBe('access_key_record_switched');

    const renewed = (await agent.request({ url: accessKeyUrl })).json();
    expect((await storedKey(renewed.contentAccessKey)).subject).toBe('MER:1000008');
    expect((await pageWith(renewed.contentAccessKey)).statusCode).toBe(200);
  });

  it('reads no analytics profile with a key another session of the same member holds', async () => {
    const first = await keyFor('db.active');
    const second = await keyFor('db.active');
    const profile = await second.agent.request({
      url: `/mdp-api/api/members/current/analytics-profile?contentAccessKey=${first.body.contentAccessKey}`,
    });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().errors[0].code).toBe('access_key_other_session');
    const own = await second.agent.request({
      url: `/mdp-api/api/members/current/analytics-profile?contentAccessKey=${second.body.contentAccessKey}`,
    });
    expect(own.statusCode).toBe(200);
  });
});
