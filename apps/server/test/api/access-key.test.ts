import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
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

const payloadOf = (token: string) => decodeJwt(token).key as Record<string, unknown>;

describe('content access key', () => {
  it('carries the DB deferred member’s attributes, signed and bound to the record', async () => {
    const { body } = await keyFor('db.deferred');
    expect(body).toMatchObject({ schemeType: 'DB', schemeCodeAndCategory: 'MDB-GEN' });
    const claims = decodeJwt(body.contentAccessKey);
    expect(claims.sub).toBe('MER:1000001');
    expect(payloadOf(body.contentAccessKey)).toMatchObject({
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
    const near = payloadOf((await keyFor('dc.near')).body.contentAccessKey);
    expect(near).toMatchObject({
      schemeType: 'DC',
      dcLifeStage: 'closeToTRD',
      transferApplicationStatus: 'UnavailableTA',
    });
    const avc = payloadOf((await keyFor('db.avc')).body.contentAccessKey);
    expect(avc).toMatchObject({ hasAdditionalContributions: true, lifeStage: 'PreRetiree' });
  });

  it('marks a member with linked records, and basic mode carries only the flags', async () => {
    const { body } = await keyFor('linked', `${accessKeyUrl}&basicMode=true`);
    expect(body).toMatchObject({ schemeType: null, schemeCodeAndCategory: null });
    expect(payloadOf(body.contentAccessKey)).toMatchObject({
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

  it('opens authorised pages, and a forged or re-signed key is rejected', async () => {
    const { body } = await keyFor('db.deferred');
    const page = await ctx.app.inject({
      url: `/content-api/api/v2/content/authorized-page?pageUrl=/&contentAccessKey=${body.contentAccessKey}`,
    });
    expect(page.statusCode).toBe(200);

    const [header, , signature] = body.contentAccessKey.split('.');
    const claims = decodeJwt(body.contentAccessKey);
    const tampered = Buffer.from(
      JSON.stringify({ ...claims, key: { ...(claims.key as object), memberStatus: 'Pensioner' } }),
    ).toString('base64url');
    const forgedWithOldSignature = `${header}.${tampered}.${signature}`;
    const forgedWithOwnKey = await new SignJWT({ key: claims.key })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('meridian-member-data')
      .setAudience('meridian-content')
      .setSubject('MER:1000001')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('an attacker does not know the server secret'));
    for (const forged of [forgedWithOldSignature, forgedWithOwnKey, 'not-a-key-at-all-but-long-enough']) {
      const response = await ctx.app.inject({
        url: `/content-api/api/v2/content/authorized-page?pageUrl=/&contentAccessKey=${forged}`,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('access_key_invalid');
    }
  });
});

describe('content access key bound to its session', () => {
  const pageWith = (key: string) =>
    ctx.app.inject({ url: `/content-api/api/v2/content/authorized-page?pageUrl=/&contentAccessKey=${key}` });
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
    expect(decodeJwt(body.contentAccessKey).sub).toBe('MER:1000007');
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
    expect(decodeJwt(renewed.contentAccessKey).sub).toBe('MER:1000008');
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
