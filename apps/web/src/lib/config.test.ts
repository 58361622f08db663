import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './config';

const defaults = {
  environment: 'local',
  apiUrl: '',
  epaDomain: '',
  idleTimeoutMinutes: 30,
  bereavementJourneyMinutes: 15,
  loaderDelayMs: 200,
  cookieBannerHiddenPaths: [],
  whitelistedCookies: [],
  matomo: null,
  mixpanel: null,
  sessionReplayPercent: 0,
  analyticsExcludedPaths: [],
};

describe('runtime config', () => {
  it('uses the defaults when nothing was injected', () => {
    expect(readRuntimeConfig(undefined)).toEqual(defaults);
    expect(readRuntimeConfig('not an object')).toEqual(defaults);
    expect(readRuntimeConfig([1])).toEqual(defaults);
  });

  it('reads the injected values and ignores keys it does not know', () => {
    const injected = {
      environment: 'staging',
      apiUrl: 'https://api.example.org',
      epaDomain: 'members.example.org',
      idleTimeoutMinutes: 15,
      bereavementJourneyMinutes: 0.25,
      loaderDelayMs: 0,
      cookieBannerHiddenPaths: ['/cookies'],
      whitelistedCookies: ['consent'],
      matomo: {
        url: 'https://stats.example.org',
        scriptFile: 'matomo.js',
        serverSideFile: 'matomo.php',
        siteId: '3',
      },
      mixpanel: { token: 'token', apiHost: 'https://api-eu.mixpanel.com' },
      sessionReplayPercent: 5,
      analyticsExcludedPaths: ['/sa/*'],
      identityVerificationCacheExpiryMs: 3_600_000,
    };
    const { identityVerificationCacheExpiryMs: _ignored, ...known } = injected;
    expect(readRuntimeConfig(injected)).toEqual(known);
  });

  it('falls back key by key when a value is malformed', () => {
    expect(
      readRuntimeConfig({
        environment: 'test',
        loaderDelayMs: -5,
        idleTimeoutMinutes: '30',
        whitelistedCookies: 'x',
        matomo: { url: 'https://stats.example.org' },
        mixpanel: 'token',
      }),
    ).toEqual({
      ...defaults,
      environment: 'test',
    });
  });

  it('reads window.__MERIDIAN_CONFIG__ by default', () => {
    window.__MERIDIAN_CONFIG__ = { environment: 'from-window' };
    expect(readRuntimeConfig().environment).toBe('from-window');
    delete window.__MERIDIAN_CONFIG__;
  });
});
