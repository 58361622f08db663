import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { analyticsSources } from '../../src/plugins/analytics-sources';

describe('analytics Content-Security-Policy sources', () => {
  it('allows nothing extra when analytics is not configured', () => {
    expect(analyticsSources(loadConfig({}))).toEqual({ scriptSrc: [], imgSrc: [], connectSrc: [] });
  });

  it('needs both the Matomo URL and its site id', () => {
    const urlOnly = loadConfig({ MATOMO_URL: 'https://stats.example.org/matomo/' });
    expect(analyticsSources(urlOnly).scriptSrc).toEqual([]);
  });

  it('allows the Matomo origin for its script and hits, and the Mixpanel API host', () => {
    const config = loadConfig({
      MATOMO_URL: 'https://stats.example.org/matomo/',
      MATOMO_SITE_ID: '3',
      MIXPANEL_TOKEN: 'token',
      MIXPANEL_API_HOST: 'http://localhost:4303/mixpanel',
    });
    expect(analyticsSources(config)).toEqual({
      scriptSrc: ['https://stats.example.org'],
      imgSrc: ['https://stats.example.org'],
      connectSrc: ['https://stats.example.org', 'http://localhost:4303'],
    });
  });

  it('uses Mixpanel’s own API host by default, and its recorder only with session replay', () => {
    const config = loadConfig({ MIXPANEL_TOKEN: 'token', SESSION_REPLAY_PERCENT: '5' });
    expect(analyticsSources(config)).toEqual({
      scriptSrc: ['https://cdn.mxpnl.com'],
      imgSrc: [],
      connectSrc: ['https://api-js.mixpanel.com'],
    });
  });

  it('reads the excluded paths as a list', () => {
    expect(loadConfig({ ANALYTICS_EXCLUDED_PATHS: '/sa/*; /deeplink' }).ANALYTICS_EXCLUDED_PATHS).toEqual([
      '/sa/*',
      '/deeplink',
    ]);
  });
});
