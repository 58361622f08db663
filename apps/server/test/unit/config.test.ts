import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('configuration', () => {
  it('starts with embedded defaults and says API_URL and EPA_DOMAIN were derived', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.IDLE_TIMEOUT_MINUTES).toBe(30);
    expect(config.SESSION_REPLAY_PERCENT).toBe(0);
    expect(config.derived).toEqual({ apiUrl: true, epaDomain: true, oidcIssuer: true });
    expect(config.oidcIssuer).toBe('http://localhost:3000/oidc');
    expect(config.demo).toBe(false);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.loopbackOnly).toBe(true);
  });

  it('refuses production without API_URL, EPA_DOMAIN and SECRETS_KEY, listing each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'API_URL: required in production',
        'EPA_DOMAIN: required in production',
        'SECRETS_KEY: required in production',
      ]);
    }
  });

  it('refuses to start production with the demo, naming the setting', () => {
    const production = {
      NODE_ENV: 'production',
      API_URL: 'https://portal.example.org',
      EPA_DOMAIN: 'epa.example.org',
      SECRETS_KEY: 'k'.repeat(32),
    };
    for (const demo of ['true', '1']) {
      expect(() => loadConfig({ ...production, MERIDIAN_DEMO: demo })).toThrowError(
        /MERIDIAN_DEMO: must be unset in production/,
      );
    }
    expect(loadConfig({ ...production, MERIDIAN_DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ ...production }).demo).toBe(false);
    expect(loadConfig({ MERIDIAN_DEMO: 'true' }).demo).toBe(true);
  });

  it('explains malformed values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(/DATABASE_URL: must be a postgres/);
    expect(loadConfig({}).REFRESH_TOKEN_SWEEP_MINUTES).toBe(60);
    for (const minutes of ['0', '0.5', '1441']) {
      expect(() => loadConfig({ REFRESH_TOKEN_SWEEP_MINUTES: minutes })).toThrowError(
        /REFRESH_TOKEN_SWEEP_MINUTES/,
      );
    }
  });

  it('takes LETTER_PRINT_MINUTES=0 as off, and whole minutes up to a day otherwise', () => {
    expect(loadConfig({}).LETTER_PRINT_MINUTES).toBe(24 * 60);
    expect(loadConfig({ LETTER_PRINT_MINUTES: '0' }).LETTER_PRINT_MINUTES).toBe(0);
    expect(loadConfig({ LETTER_PRINT_MINUTES: '60' }).LETTER_PRINT_MINUTES).toBe(60);
    // Left blank, as a compose file's `LETTER_PRINT_MINUTES=` does, it is the default, not off.
    expect(loadConfig({ LETTER_PRINT_MINUTES: '' }).LETTER_PRINT_MINUTES).toBe(24 * 60);
    for (const minutes of ['-1', '0.5', '1441', 'never'])
      expect(() => loadConfig({ LETTER_PRINT_MINUTES: minutes }), minutes).toThrowError(
        /LETTER_PRINT_MINUTES/,
      );
  });

  it('splits list settings on commas and semicolons', () => {
    const config = loadConfig({ WHITELISTED_COOKIES: 'a; b,c', HIDE_COOKIE_BANNER_PATHS: '/bereavement' });
    expect(config.WHITELISTED_COOKIES).toEqual(['a', 'b', 'c']);
    expect(config.HIDE_COOKIE_BANNER_PATHS).toEqual(['/bereavement']);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        API_URL: 'https://p.example',
        EPA_DOMAIN: 'epa.example',
        SECRETS_KEY: 'k'.repeat(32),
      }).trustProxy,
    ).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrowError(/REDIS_URL/);
  });
});
