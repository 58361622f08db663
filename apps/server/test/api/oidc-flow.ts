import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BrowserAgent } from './browser-agent';

export const CLIENT_ID = 'meridian-web';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const pathOf = (location: unknown) => {
  const url = new URL(String(location), 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** The start of an authorisation code + PKCE sign-in at the embedded provider, up to its sign-in page. */
export async function startSignIn(agent: BrowserAgent, portal = 'http://localhost') {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${portal}/sa/sign-in/holding`;
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'state-123',
    nonce: 'nonce-123',
    prompt: 'login',
    ui_locales: 'en-GB',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorize = await agent.request({ method: 'GET', url: `/oidc/auth?${query}` });
  expect(authorize.statusCode, authorize.body).toBe(303);
  const interactionPath = pathOf(authorize.headers.location);
  expect(interactionPath).toMatch(/^\/oidc\/interaction\//);
  return { verifier, redirectUri, interactionPath };
}

/** Signs in on the provider's page and follows the redirects back to the portal; returns the tokens. */
export async function signInWithProvider(agent: BrowserAgent, username: string, portal = 'http://localhost') {
  const { verifier, redirectUri, interactionPath } = await startSignIn(agent, portal);
  const login = await agent.request({
    method: 'POST',
    url: `${interactionPath}/login`,
    ...form({ username, password: 'MeridianDemo!2026' }),
  });
  expect(login.statusCode, login.body).toBe(303);
  return finishSignIn(agent, login.headers.location, { verifier, redirectUri });
}

/**
 * From the provider's answer to a completed sign-in page (its redirect), back to the portal's callback
 * and the code exchanged for the tokens.
 */
export async function finishSignIn(
  agent: BrowserAgent,
  signedInRedirect: unknown,
  { verifier, redirectUri }: { verifier: string; redirectUri: string },
) {
  const resume = await agent.request({ method: 'GET', url: pathOf(signedInRedirect) });
  expect(resume.statusCode, resume.body).toBe(303);
  const callback = new URL(String(resume.headers.location));
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(callback.searchParams.get('state')).toBe('state-123');
  const token = await agent.request({
    method: 'POST',
    url: '/oidc/token',
    ...form({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json() as { id_token: string; access_token: string; expires_in: number };
}
