import { describe, expect, it } from 'vitest';
import {
  isTenantPortalOrigin,
  isTenantReturnUri,
  returnPathsFor,
} from '../../src/areas/identity-provider/tenant-directory';

const directory = new Map([
  ['localhost', returnPathsFor({})],
  [
    'bluewater.localhost',
    returnPathsFor({ signInHolding: '/members/holding', postLogout: '//evil.example' }),
  ],
  ['portal.example.org', returnPathsFor({})],
]);

describe('tenant return URIs for the embedded provider', () => {
  it('accepts each tenant’s holding routes, on any port for loopback hosts only', () => {
    for (const uri of [
      'http://localhost:3000/sa/sign-in/holding',
      'http://localhost:4174/sa/register/holding',
      'http://bluewater.localhost:4173/members/holding',
      'https://portal.example.org/sa/sign-in/holding',
    ]) {
      expect(isTenantReturnUri(uri, 'redirect', directory), uri).toBe(true);
    }
  });

  it('refuses other hosts, paths, ports, schemes and anything riding along', () => {
    for (const uri of [
      'https://evil.example/sa/sign-in/holding',
      'http://bluewater.localhost:4173/sa/sign-in/holding',
      'https://portal.example.org:8443/sa/sign-in/holding',
      'http://portal.example.org/sa/sign-in/holding',
      'http://localhost:3000/sa/sign-in/holding?next=/x',
      'http://localhost:3000/sa/sign-in/holding#x',
      'http://user:pw@localhost:3000/sa/sign-in/holding',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isTenantReturnUri(uri, 'redirect', directory), uri).toBe(false);
    }
  });

  it('lets the post-logout route carry the sign-in page’s notice, and ignores unsafe route overrides', () => {
    expect(isTenantReturnUri('http://localhost:4173/login?reason=signedOut', 'postLogout', directory)).toBe(
      true,
    );
    expect(isTenantReturnUri('http://bluewater.localhost:4173/login', 'postLogout', directory)).toBe(true);
    expect(isTenantReturnUri('http://localhost:4173/sa/sign-in/holding', 'postLogout', directory)).toBe(
      false,
    );
  });

  it('allows CORS only from tenant portal origins', () => {
    expect(isTenantPortalOrigin('http://bluewater.localhost:4173', directory)).toBe(true);
    expect(isTenantPortalOrigin('https://portal.example.org', directory)).toBe(true);
    expect(isTenantPortalOrigin('https://evil.example', directory)).toBe(false);
    expect(isTenantPortalOrigin('null', directory)).toBe(false);
    expect(isTenantPortalOrigin('http://portal.example.org', directory)).toBe(false);
  });
});
