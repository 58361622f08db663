import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from './harness';

const direct = useTestApp();
const behindProxies = useTestApp({
  TRUST_PROXY: '10.0.0.0/8',
  OIDC_ISSUER: 'https://portal.example.org/oidc',
});

const discovery = async (
  ctx: TestContext,
  remoteAddress: string,
  headers: Record<string, string>,
  url = '/oidc/.well-known/openid-configuration',
) => {
  const response = await ctx.app.inject({ url, remoteAddress, headers: { host: 'localhost', ...headers } });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>;
};

/** Every URL the document names, each expected on the issuer's origin. */
const urlsIn = (document: Record<string, unknown>) =>
  Object.entries(document).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:/.test(entry[1]),
  );

const expectAllOn = (document: Record<string, unknown>, issuer: string) => {
  expect(document.issuer).toBe(issuer);
  const urls = urlsIn(document);
  expect(urls.map(([name]) => name)).toEqual(
    expect.arrayContaining(['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']),
  );
  for (const [name, url] of urls) expect(url, name).toMatch(new RegExp(`^${issuer}(/|$)`));
};

const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

describe('the embedded OpenID provider’s discovery document', () => {
  it('names the configured issuer’s origin, not the request’s Host', async () => {
    const issuer = direct.config.oidcIssuer;
    expect(issuer).toBe('http://localhost:3000/oidc');
    expectAllOn(await discovery(direct, '203.0.113.9', {}), issuer);
    const answer = await discovery(direct, '203.0.113.9', { host: 'attacker.example' });
    expect(JSON.stringify(answer)).not.toContain('attacker.example');
    expectAllOn(answer, issuer);
  });

  it('does not echo a forged X-Forwarded-Host or -Proto when TRUST_PROXY is off', async () => {
    const answer = await discovery(direct, '203.0.113.9', forged);
    expect(JSON.stringify(answer)).not.toContain('attacker.example');
    expectAllOn(answer, direct.config.oidcIssuer);
  });

  it('names the configured public origin whatever a proxy, trusted or not, forwards', async () => {
    const attempts: Record<string, string>[] = [
      forged,
      { host: 'attacker.example' },
      { 'x-forwarded-host': 'internal:8080' },
    ];
    for (const remoteAddress of ['203.0.113.9', '10.1.2.3']) {
      for (const headers of attempts) {
        const answer = await discovery(behindProxies, remoteAddress, headers);
        expect(JSON.stringify(answer)).not.toMatch(/attacker\.example|internal:8080|localhost/);
        expectAllOn(answer, 'https://portal.example.org/oidc');
      }
    }
    // The provider answers the document at these spellings of its path too.
    for (const url of [
      '/oidc/.well-known/openid-configuration?x=1',
      '/oidc/.well-known/openid-configuration/',
      '/oidc/.WELL-KNOWN/openid-configuration',
    ]) {
      const answer = await discovery(behindProxies, '10.1.2.3', forged, url);
      expectAllOn(answer, 'https://portal.example.org/oidc');
    }
  });
});
