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
