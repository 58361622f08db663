import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { showsSecondFactor } from '../../src/areas/operations/staff-sso';

const configured = {
  STAFF_OIDC_ISSUER: 'https://login.firm.example',
  STAFF_OIDC_CLIENT_ID: 'meridian-console',
  STAFF_OIDC_CLIENT_SECRET: 'secret',
};

describe('staff single sign-on configuration', () => {
  it('is off unless STAFF_OIDC_ISSUER is set', () => {
    expect(loadConfig({}).staffOidc).toBeNull();
  });

  it('reads the provider, the name, the domains and the second factor required by default', () => {
    expect(
      loadConfig({ ...configured, STAFF_OIDC_EMAIL_DOMAINS: 'Firm.example, scheme.example' }).staffOidc,
    ).toEqual({
      issuer: 'https://login.firm.example',
      clientId: 'meridian-console',
      clientSecret: 'secret',
      name: "your firm's",
      emailDomains: ['firm.example', 'scheme.example'],
      requireMfa: true,
      mfaAmr: ['mfa', 'otp', 'hwk'],
      mfaAcr: [],
    });
    const relaxed = loadConfig({
      ...configured,
      STAFF_OIDC_NAME: 'Firm',
      STAFF_OIDC_REQUIRE_MFA: 'false',
      STAFF_OIDC_MFA_AMR: 'mfa',
      STAFF_OIDC_MFA_ACR: 'urn:firm:mfa',
    }).staffOidc!;
    expect(relaxed).toMatchObject({
      name: 'Firm',
      requireMfa: false,
      mfaAmr: ['mfa'],
      mfaAcr: ['urn:firm:mfa'],
    });
  });

  it('requires the client id and secret with the issuer, and https in production', () => {
    try {
      loadConfig({ STAFF_OIDC_ISSUER: 'http://login.firm.example' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'STAFF_OIDC_CLIENT_ID: required with STAFF_OIDC_ISSUER',
        'STAFF_OIDC_CLIENT_SECRET: required with STAFF_OIDC_ISSUER',
      ]);
    }
    try {
      loadConfig({
        NODE_ENV: 'production',
        API_URL: 'https://portal.example.org',
        EPA_DOMAIN: 'epa.example.org',
        SECRETS_KEY: 'k'.repeat(32),
        ...configured,
        STAFF_OIDC_ISSUER: 'http://login.firm.example',
      });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'STAFF_OIDC_ISSUER: must be an https:// URL in production',
      ]);
    }
  });

  it('takes an amr or acr the deployment names as a second factor, or none when not required', () => {
    const sso = loadConfig({ ...configured, STAFF_OIDC_MFA_ACR: 'urn:firm:mfa' }).staffOidc!;
    expect(showsSecondFactor(sso, { amr: ['pwd', 'hwk'] })).toBe(true);
    expect(showsSecondFactor(sso, { amr: ['pwd'] })).toBe(false);
    expect(showsSecondFactor(sso, {})).toBe(false);
    expect(showsSecondFactor(sso, { amr: 'mfa' })).toBe(false);
    expect(showsSecondFactor(sso, { acr: 'urn:firm:mfa' })).toBe(true);
    expect(showsSecondFactor(sso, { acr: 'urn:firm:pwd' })).toBe(false);
    expect(showsSecondFactor({ ...sso, requireMfa: false }, { amr: ['pwd'] })).toBe(true);
  });
});
