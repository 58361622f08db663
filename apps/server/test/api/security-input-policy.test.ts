import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
const FAILING_ROUTE = '/test/failing-query';
const NI_NUMBER = 'AB123456C';
const accessKeyUrl =
  '/mdp-api/api/content/access-key?tenantUrl=localhost&preRetirementAgePeriodInYears=5&newlyRetiredRangeInMonth=6';

const context = useTestApp(
  { LOG_LEVEL: 'info' },
  {
    logStream,
    beforeReady: ({ app, database }) => {
      // A query PostgreSQL refuses, with an NI number as its value: the error carries it.
      app.get(FAILING_ROUTE, { schema: { hide: true } }, async () =>
        database.db.execute(sql`select ${NI_NUMBER}::date as day`),
      );
    },
  },
);

const expectRefused = (response: { statusCode: number; json: () => unknown }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    errors: [expect.objectContaining({ code: 'field_invalid', field: expect.stringContaining(field) })],
  });
};

describe('the input policy', () => {
  it('refuses a NUL in a sign-in name with a 400 naming the field, before the database sees it', async () => {
    const agent = new BrowserAgent(context.app);
    const response = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/login',
      payload: { userName: 'db.deferred\u0000', password: 'MeridianDemo!2026' },
    });
    expectRefused(response, 'body.userName');
  });

  it('refuses C0 controls and lone surrogates in query strings, bodies, keys and record headers', async () => {
    const agent = new BrowserAgent(context.app);
    expectRefused(
      await agent.request({
        method: 'GET',
        url: '/content-api/api/v2/content/tenant-content?tenantUrl=local%00host',
      }),
      'querystring.tenantUrl',
    );
    expectRefused(
      await agent.request({
        method: 'GET',
        url: `/content-api/api/v2/content/authorized-page?pageUrl=/hub&contentAccessKey=${'k'.repeat(30)}%01`,
      }),
      'querystring.contentAccessKey',
    );
    expectRefused(
      await agent.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"userName":"a\\ud800","password":"x"}',
      }),
      'body.userName',
    );
    expectRefused(
      await agent.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/login',
        payload: { userName: 'a', password: 'x', 'bad\u0000key': true },
      }),
      'body',
    );
    await agent.signIn('db.deferred');
    expectRefused(
      await agent.request({
        method: 'GET',
        url: '/mdp-api/api/members/personal-details',
        headers: { 'auth-business-group': 'MER\u0000', 'auth-reference-number': '1000001' },
      }),
      'headers.auth-business-group',
    );
    expectRefused(
      await agent.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/switch-user',
        payload: { referenceNumber: '1000001\u0000', businessGroup: 'MER' },
      }),
      'body.referenceNumber',
    );
  });

  it('allows tab and new lines in body text only, never in a query value or a header', async () => {
    const agent = new BrowserAgent(context.app);
    expectRefused(
      await agent.request({
        method: 'GET',
        url: '/content-api/api/v2/content/search?tenantUrl=localhost&q=line%0Abreak',
      }),
      'querystring.q',
    );
    const freeText = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/login',
      payload: { userName: 'someone', password: 'two\nlines\tand a tab' },
    });
    expect(freeText.statusCode).toBe(401);
  });

  it('refuses a date of birth outside 1900 to 2100 instead of failing in the database', async () => {
    const agent = new BrowserAgent(context.app);
    for (const dateOfBirth of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const response = await agent.request({
        method: 'POST',
        url: '/authentication-api/api/registration/start',
        payload: {
          referenceNumber: '1000009',
          dateOfBirth,
          insuranceNumber: 'QQ123456B',
          email: 'a@example.com',
        },
      });
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json().errors[0].field).toBe('body.dateOfBirth');
    }
  });

  it('refuses a body nested deeper than any request needs', async () => {
    const agent = new BrowserAgent(context.app);
    const deep = '{"userName":'.repeat(1) + '['.repeat(5000) + ']'.repeat(5000) + ',"password":"x"}';
    const response = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/nested too deeply/);
  });
});

describe('the log', () => {
  it('keeps no request values or personal data: no bodies, query values, NI numbers, dates of birth or tokens', async () => {
    logLines.length = 0;
    const agent = new BrowserAgent(context.app);
    const signIn = await agent.signIn('db.deferred');
    const { accessToken } = signIn.json();
    await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: {
        referenceNumber: '1000009',
        dateOfBirth: '1961-07-23',
        insuranceNumber: 'QQ123456B',
        email: 'private.person@example.com',
      },
    });
    await agent.request({
      method: 'GET',
      url: '/content-api/api/v2/content/search?tenantUrl=localhost&q=secret-search-words',
    });
    await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/login',
      payload: { userName: 'x' },
    });
    const log = logLines.join('');
    expect(log).toContain('request completed');
    for (const secret of [
      'MeridianDemo!2026',
      '1961-07-23',
      'QQ123456B',
      'private.person@example.com',
      'secret-search-words',
      accessToken,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('/content-api/api/v2/content/search?tenantUrl=…&q=…');
  });

  it('keeps no record reference or content access key that a link carries in its query', async () => {
    logLines.length = 0;
    const agent = new BrowserAgent(context.app);
    await agent.signIn('db.avc');
    const library = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json();
    const recordQuery = 'auth-business-group=MER&auth-reference-number=1000003';
    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${library.items[0].id}/download?${recordQuery}`,
    });
    expect(download.statusCode).toBe(200);
    const { contentAccessKey } = (await agent.request({ url: accessKeyUrl })).json();
    const globals = await agent.request({
      url: `/content-api/api/v2/content/authorized-globals?contentAccessKey=${contentAccessKey}`,
    });
    expect(globals.statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/download?auth-business-group=…&auth-reference-number=…');
    expect(log).toContain('/authorized-globals?contentAccessKey=…');
    // As a number of its own: a response time such as 42.190111000003526 holds the digits by chance.
    expect(log).not.toMatch(/(?<!\d)1000003(?!\d)/);
    expect(log).not.toContain(contentAccessKey);
  });

  it('writes one line for each request, when it ends, with the path, the status and the time taken', async () => {
    logLines.length = 0;
    const response = await context.app.inject({
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
    });
    expect(response.statusCode).toBe(200);
    const entries = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(entries).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({
          method: 'GET',
          url: '/content-api/api/v2/content/unauthorized-page?pageUrl=…&tenantUrl=…',
        }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('logs a failed query without its values', async () => {
    logLines.length = 0;
    const response = await context.app.inject({ method: 'GET', url: FAILING_ROUTE });
    expect(response.statusCode).toBe(500);
    expect(response.json().errors[0].code).toBe('something_went_wrong');
    const failure = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(failure.failure).toMatchObject({ sqlState: '22007', sql: expect.stringContaining('::date') });
    expect(logLines.join('')).not.toContain(NI_NUMBER);
  });
});

describe('address lines', () => {
  it('refuses control and direction-changing characters in an address, leaving the one on file', async () => {
    const agent = new BrowserAgent(context.app);
    expect((await agent.signIn('db.deferred')).statusCode).toBe(200);
    const url = '/mdp-api/api/members/current/contacts/address';
    const before = (await agent.request({ url })).json();
    const address = { lines: ['1 High Street'], town: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' };
    for (const [field, change] of [
      ['lines.0', { lines: ['1 High \u202eteertS'] }],
      ['lines.1', { lines: ['1 High Street', 'Flat\u200b 2'] }],
      ['lines.0', { lines: ['1 High\u0085Street'] }],
      ['lines.0', { lines: ['1 High\u2028Street'] }],
      ['town', { town: 'Le\u2066eds\u2069' }],
      ['county', { county: 'West\u200fYorkshire' }],
      ['postcode', { postcode: 'LS1\u200b4AP' }],
      ['postcode', { postcode: '75\u202e001', countryCode: 'FR' }],
    ] as const) {
      const response = await agent.request({ method: 'PUT', url, payload: { ...address, ...change } });
      expectRefused(response, field);
    }
    expect((await agent.request({ url })).json()).toEqual(before);
  });
});
