import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from './harness';

const direct = useTestApp();
const behindProxies = useTestApp({ TRUST_PROXY: '10.0.0.0/8' });

const discovery = async (ctx: TestContext, remoteAddress: string, headers: Record<string, string>) => {
  const response = await ctx.app.inject({
    url: '/oidc/.well-known/openid-configuration',
    remoteAddress,
    headers: { host: 'localhost', ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, string>;
};

const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

describe('the embedded OpenID provider behind proxies', () => {
  it('does not echo a forged X-Forwarded-Host or -Proto when TRUST_PROXY is off', async () => {
    const answer = await discovery(direct, '203.0.113.9', forged);
    expect(JSON.stringify(answer)).not.toContain('attacker.example');
    expect(answer.authorization_endpoint).toBe('http://localhost/oidc/auth');
  });

  it('does not believe X-Forwarded-Host from an address outside the trusted proxies', async () => {
    const answer = await discovery(behindProxies, '203.0.113.9', forged);
    expect(JSON.stringify(answer)).not.toContain('attacker.example');
    expect(answer.token_endpoint).toBe('http://localhost/oidc/token');
  });

  it('builds its endpoints from the host and protocol a trusted proxy forwards', async () => {
    const answer = await discovery(behindProxies, '10.1.2.3', {
      'x-forwarded-host': 'portal.example.org',
      'x-forwarded-proto': 'https',
    });
    expect(answer.authorization_endpoint).toBe('https://portal.example.org/oidc/auth');
    expect(answer.end_session_endpoint).toBe('https://portal.example.org/oidc/session/end');
  });
});
