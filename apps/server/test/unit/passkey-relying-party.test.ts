import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, passkeyRpIdProblem } from '../../src/config';
import { relyingPartyId } from '../../src/areas/passkeys/relying-party';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('PASSKEY_RP_ID', () => {
  const portalAndIssuer = {
    API_URL: 'https://portal.meridian.example.org',
    OIDC_ISSUER: 'https://id.meridian.example.org/oidc',
  };

  it('is unset by default: each host is its own relying party', () => {
    expect(loadConfig({}).passkeyRpId).toBeNull();
    expect(loadConfig({ PASSKEY_RP_ID: '' }).passkeyRpId).toBeNull();
    expect(relyingPartyId('portal.meridian.example.org', null)).toBe('portal.meridian.example.org');
  });

  it('accepts a registrable domain both the portal and the issuer are under, and is read in lower case', () => {
    const config = loadConfig({ ...portalAndIssuer, PASSKEY_RP_ID: ' Meridian.Example.org ' });
    expect(config.passkeyRpId).toBe('meridian.example.org');
    // The portal's own host is allowed too, when the issuer is under it.
    expect(
      loadConfig({
        API_URL: 'https://meridian.example.org',
        OIDC_ISSUER: 'https://id.meridian.example.org/oidc',
        PASSKEY_RP_ID: 'meridian.example.org',
      }).passkeyRpId,
    ).toBe('meridian.example.org');
    // The issuer derived from API_URL is on the portal's host.
    expect(
      loadConfig({ API_URL: 'https://portal.meridian.example.org', PASSKEY_RP_ID: 'meridian.example.org' })
        .passkeyRpId,
    ).toBe('meridian.example.org');
  });

  it('refuses to start with a host outside it, naming the host and where it came from', () => {
    expect(problemsOf({ ...portalAndIssuer, PASSKEY_RP_ID: 'portal.meridian.example.org' })).toEqual([
      'PASSKEY_RP_ID: must be a parent domain of (or equal to) every host that offers passkeys: id.meridian.example.org (OIDC_ISSUER) is not under portal.meridian.example.org',
    ]);
    expect(
      problemsOf({
        API_URL: 'https://portal.meridian.example.org',
        OIDC_ISSUER: 'https://login.other.example.net/oidc',
        PASSKEY_RP_ID: 'meridian.example.org',
      }),
    ).toEqual([
      'PASSKEY_RP_ID: must be a parent domain of (or equal to) every host that offers passkeys: login.other.example.net (OIDC_ISSUER) is not under meridian.example.org',
    ]);
    // A suffix of the text that is not a parent domain: "ridian.example.org" is no parent of "meridian…".
    expect(problemsOf({ ...portalAndIssuer, PASSKEY_RP_ID: 'ridian.example.org' })).toHaveLength(1);
    // Without API_URL the derived issuer is localhost, which no real domain covers.
    expect(problemsOf({ PASSKEY_RP_ID: 'meridian.example.org' })).toEqual([
      'PASSKEY_RP_ID: must be a parent domain of (or equal to) every host that offers passkeys: localhost (the derived issuer) is not under meridian.example.org',
    ]);
  });

  it('refuses a public suffix, an address, or a value with a scheme, port or path', () => {
    const hosts = [{ host: 'portal.meridian.co.uk', from: 'API_URL' }];
    for (const suffix of ['co.uk', 'uk', 'github.io'])
      expect(passkeyRpIdProblem(suffix, [{ host: `a.b.${suffix}`, from: 'API_URL' }])).toContain(
        'is a public suffix',
      );
    for (const malformed of [
      'https://meridian.co.uk',
      'meridian.co.uk:443',
      'meridian.co.uk/oidc',
      '127.0.0.1',
      '[::1]',
      'meridian..co.uk',
      '-meridian.co.uk',
      '',
    ])
      expect(passkeyRpIdProblem(malformed, hosts), malformed).toContain('must be a domain name');
    expect(passkeyRpIdProblem('meridian.co.uk', hosts)).toBeNull();
  });

  it('names the shared id for hosts under it only; a tenant elsewhere keeps its own host', () => {
    const shared = 'meridian.example.org';
    expect(relyingPartyId('portal.meridian.example.org', shared)).toBe(shared);
    expect(relyingPartyId('id.meridian.example.org', shared)).toBe(shared);
    expect(relyingPartyId('meridian.example.org', shared)).toBe(shared);
    expect(relyingPartyId('bluewater.example.net', shared)).toBe('bluewater.example.net');
    expect(relyingPartyId('notmeridian.example.org', shared)).toBe('notmeridian.example.org');
  });
});
