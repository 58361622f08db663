import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { operationsOf, requestFor, validParts, type KnownValues } from './openapi-walk';

// Nothing listens on port 1: every calculation request is refused at once.
const ctx = useTestApp({ CALCULATION_API_URL: 'http://127.0.0.1:1' });

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  const response = await agent.signIn(username);
  expect(response.statusCode).toBe(200);
  return agent;
}

const unavailable = { isCalculationSuccessful: false, dbCalculationStatus: 'calcNotAccessible' };

describe('the calculation provider is unreachable', () => {
  it('still issues the access key, without figures but with the current age', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' });
    expect(response.statusCode).toBe(200);
    const payload = response.json().attributes as Record<string, unknown>;
    expect(payload).toMatchObject({
      isCalculationSuccessful: false,
      lifeStage: 'Undefined',
      retirementApplicationStatus: 'Undefined',
      dbCalculationStatus: 'calcNotAccessible',
      dcLifeStage: 'undefined',
      schemeType: 'DB',
      memberStatus: 'Deferred',
    });
    expect(payload.currentAge).toMatch(/^60Y2M$/);
    expect(payload.wordingFlags).toContain('CalculationFailed');
  });

  it('answers the hub’s figures with 200s that say they are unavailable', async () => {
    const agent = await signedIn('db.deferred');
    for (const url of [
      '/mdp-api/api/members/current/time-to-retirement',
      '/mdp-api/api/members/current/age-lines',
      '/mdp-api/api/v3/retirement/quotes',
      '/mdp-api/api/v2/retirement/retirement-date',
      '/mdp-api/api/retirement/transfer-quote',
    ]) {
      const response = await agent.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject(unavailable);
    }
    const personal = await agent.request({ url: '/mdp-api/api/members/personal-details' });
    expect(personal.json()).toMatchObject({ name: 'Mrs Margaret Hughes' });
  });

  it('answers status-v2 with Undefined status and life stage', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({
      url: '/mdp-api/api/members/current/retirement-application-status-v2?selectedRetirementDate=2030-01-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      retirementApplicationStatus: 'Undefined',
      lifeStage: 'Undefined',
      isCalculationSuccessful: false,
      expirationRaDateForSelectedDate: null,
    });
  });

  it('serves the content pages and tokens with the key', async () => {
    const agent = await signedIn('db.deferred');
    const { contentAccessKey } = (
      await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
    ).json();
    const page = await ctx.app.inject({
      url: `/content-api/api/v2/content/authorized-page?pageUrl=/my-pension&contentAccessKey=${contentAccessKey}`,
    });
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.json().blocks)).toContain('defined benefit pension');
    const tokens = await agent.request({ url: '/mdp-api/api/retirement/cms-token-information' });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json().tokens).toMatchObject({
      name: 'Mrs Margaret Hughes',
      current_age_formatted: '60Y2M',
      normal_retirement_date: '-',
      time_to_normal_retirement: '-',
      retirement_journey_expiration_date: '-',
    });
    expect(tokens.json().tokens.current_age_iso).toMatch(/^60Y2M\d+W\d+D$/);
    expect(tokens.json().figuresUnavailable).toBe(true);
  });

  it('refuses to start a retirement application without figures, with a 4xx', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/journeys/dbretirementapplication/start-db-core-journey',
      payload: { retirementDate: '2030-01-01', selectedQuoteName: 'full-pension' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('never answers 5xx on any member GET route, for DB, DC and pensioner records', async () => {
    const operations = operationsOf(ctx.app).filter(
      (operation) => operation.method === 'GET' && operation.path.startsWith('/mdp-api/'),
    );
    expect(operations.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const username of ['db.deferred', 'dc.near', 'db.pensioner']) {
      const agent = await signedIn(username);
      const known: KnownValues = new Map([['tenantUrl', ['localhost']]]);
      const { contentAccessKey } = (
        await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
      ).json();
      known.set('contentAccessKey', [contentAccessKey]);
      for (const operation of operations) {
        const response = await agent.request(requestFor(operation, validParts(operation, known)));
        if (response.statusCode >= 500)
          failures.push(`${username} ${operation.label} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
