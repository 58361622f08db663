import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const TOKEN = 'scraper-secret-0123456789';
const ctx = useTestApp({ METRICS_TOKEN: TOKEN });


describe('Prometheus metrics', () => {
  it('counts requests per route for a scraper holding the metrics token', async () => {
    await ctx.app.inject({ url: '/content-api/api/v2/content/tenant-content?tenantUrl=localhost' });
    const scraped = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    expect(scraped.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/content-api\/api\/v2\/content\/tenant-content",status_code="200"\} 1/,
    );
    expect(scraped.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('refuses anyone without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, 'Bearer scraper-secret-012345678é']) {
      const refused = await ctx.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].code).toBe('metrics_token_invalid');
    }
  });
});
