import { describe, expect, it } from 'vitest';
import { outboundSsoAddress, outboundTarget, relayStateFor } from './outbound-link';

const here = new URL('http://localhost:3000/hub');

describe('links to the other member site', () => {
  it('recognises the EPA domain and its subdomains, whatever the configured form', () => {
    expect(outboundTarget('https://epa.example.org/accounts', 'epa.example.org', here)?.pathname).toBe(
      '/accounts',
    );
    expect(outboundTarget('https://www.epa.example.org/', 'https://epa.example.org/', here)).not.toBeNull();
    expect(outboundTarget('https://EPA.example.org:8443/x', 'epa.example.org', here)).not.toBeNull();
  });

  it('leaves every other link alone', () => {
    expect(outboundTarget('/help', 'epa.example.org', here)).toBeNull();
    expect(outboundTarget('https://notepa.example.org/', 'epa.example.org', here)).toBeNull();
    expect(outboundTarget('https://example.org/', 'epa.example.org', here)).toBeNull();
    expect(outboundTarget('mailto:help@epa.example.org', 'epa.example.org', here)).toBeNull();
    expect(outboundTarget('https://epa.example.org/', '', here)).toBeNull();
    // An EPA domain that is this very site (a misconfiguration) never loops through SSO.
    expect(outboundTarget('http://localhost:3000/hub', 'localhost', here)).toBeNull();
  });

  it('relays the target path as next and keeps its other query parameters', () => {
    const relay = new URL(
      relayStateFor(new URL('https://epa.example.org/accounts/documents?tab=letters&next=/x')),
    );
    expect(relay.origin + relay.pathname).toBe('https://epa.example.org/accounts/ssosamlgen/');
    expect(relay.searchParams.get('next')).toBe('/accounts/documents');
    expect(relay.searchParams.getAll('tab')).toEqual(['letters']);
    expect(relay.searchParams.getAll('next')).toHaveLength(1);
  });

  it('sends the browser to the outbound SSO address with the relay state and lookup code', () => {
    const address = new URL(
      outboundSsoAddress('/api/dev/other-member-site/sso', 'https://epa/relay?a=1', 'code123', here),
    );
    expect(address.origin).toBe('http://localhost:3000');
    expect(address.searchParams.get('relayState')).toBe('https://epa/relay?a=1');
    expect(address.searchParams.get('lookupCode')).toBe('code123');
    expect(outboundSsoAddress('https://sso.example.org/in?x=1', 'r', 'c', here)).toBe(
      'https://sso.example.org/in?x=1&relayState=r&lookupCode=c',
    );
  });
});
