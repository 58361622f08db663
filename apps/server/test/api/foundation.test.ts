import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const ctx = useTestApp();

describe('operations', () => {
  it('reports liveness and readiness against the database', async () => {
    expect((await ctx.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true });
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const generated = await ctx.app.inject({ url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({ url: '/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const response = await ctx.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/content-api/api/v2/content/unauthorized-page');
    expect(document.paths['/content-api/api/v2/content/unauthorized-page'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'pageUrl', in: 'query', required: true })]),
    );
  });
});

describe('error model', () => {
  it('answers an unknown API route with a JSON 404 in the errors shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/mdp-api/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      errors: [{ code: 'route_not_found', message: 'No route GET /mdp-api/api/no-such-thing' }],
    });
  });

  it('answers an invalid query with 400 and a code per field', async () => {
    const response = await ctx.app.inject({ url: '/content-api/api/v2/content/unauthorized-page?pageUrl=' });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'field_invalid', field: 'querystring.pageUrl' }),
        expect.objectContaining({ code: 'field_required', field: 'querystring.tenantUrl' }),
      ]),
    );
  });

  it('answers a malformed JSON body with 400 invalid_json and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(response.json().errors[0].code).toEqual(expect.any(String));
  });

  it('serves the browsable API page', async () => {
    const response = await ctx.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(response.statusCode);
  });
});

describe('content foundation', () => {
  it('describes each tenant by host, with its own branding and business groups', async () => {
    const meridian = await ctx.app.inject({
      url: '/content-api/api/v2/content/tenant-content?tenantUrl=localhost',
    });
    const bluewater = await ctx.app.inject({
      url: '/content-api/api/v2/content/tenant-content?tenantUrl=bluewater.localhost',
    });
    expect(meridian.json()).toMatchObject({ tenantName: 'Meridian Pension Scheme', businessGroups: ['MER'] });
    expect(bluewater.json()).toMatchObject({
      tenantName: 'Bluewater Retirement Plan',
      businessGroups: ['BLU'],
    });
    expect(meridian.json().primaryColor).not.toBe(bluewater.json().primaryColor);
  });

  it('returns a public page by URL and 404 with a code for an unknown one', async () => {
    const page = await ctx.app.inject({
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
    });
    expect(page.json()).toMatchObject({
      key: 'home',
      title: 'Welcome to your Meridian pension',
      bgroup: 'MER',
    });
    const missing = await ctx.app.inject({
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/no-such-page&tenantUrl=localhost',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('page_not_found');
  });

  it('finds a page URL by key for the tenant of the Host header', async () => {
    const response = await ctx.app.inject({
      url: '/content-api/api/v2/content/url?key=home',
      headers: { host: 'bluewater.localhost:3000' },
    });
    expect(response.json()).toEqual({ url: '/' });
  });
});
