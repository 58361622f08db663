import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';
import { finishSignIn, startSignIn } from './oidc-flow';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * The embedded OpenID provider on another host than the portal (issue 41's passkeys): Bluewater's portal
 * on bluewater.localhost, the issuer on id.bluewater.localhost. With PASSKEY_RP_ID naming the portal's
 * domain, a passkey made on the portal signs in on the provider's page; without it the provider's page is
 * a relying party of its own and does not know the passkey.
 */
const PORTAL = 'bluewater.localhost';
const ISSUER_HOST = `id.${PORTAL}`;
const env = { API_URL: `http://${PORTAL}`, OIDC_ISSUER: `http://${ISSUER_HOST}/oidc` };
const shared = useTestApp({ ...env, PASSKEY_RP_ID: PORTAL });
const separate = useTestApp(env);

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload });
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** second.member adds a passkey on the portal; answers the authenticator and the relying party it named. */
async function passkeyMadeOnPortal(ctx: TestContext) {
  const portal = new BrowserAgent(ctx.app, PORTAL);
  expect((await portal.signIn('second.member')).statusCode).toBe(200);
  const { options } = (await post(portal, '/authentication-api/api/account/passkeys/options')).json();
  const authenticator = new SoftwareAuthenticator(options.rp.id, `http://${PORTAL}`);
  const added = await post(portal, '/authentication-api/api/account/passkeys', {
    name: 'Portal laptop',
    credential: authenticator.register(options),
  });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, rpId: options.rp.id as string };
}

/** The provider's sign-in page on its own host, and the options its Use a passkey asks for. */
async function providerPage(ctx: TestContext) {
  const browser = new BrowserAgent(ctx.app, ISSUER_HOST);
  const flow = await startSignIn(browser, `http://${PORTAL}`);
  const answer = await post(browser, `${flow.interactionPath}/passkey/options`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { browser, flow, options: answer.json().options as { challenge: string; rpId: string } };
}

describe('passkeys with the OpenID provider on another host', () => {
  it('with PASSKEY_RP_ID, a passkey made on the portal signs in on the provider’s page, answered from that page’s own origin', async () => {
    const { authenticator, rpId } = await passkeyMadeOnPortal(shared);
    expect(rpId).toBe(PORTAL);
    const { browser, flow, options } = await providerPage(shared);
    expect(options.rpId).toBe(PORTAL);

    // The page's own origin is the only one accepted there: the portal's is refused.
    const fromPortalOrigin = await browser.request({
      method: 'POST',
      url: `${flow.interactionPath}/passkey`,
      ...form({ credential: JSON.stringify(authenticator.assert(options)) }),
    });
    expect(fromPortalOrigin.statusCode).toBe(400);
    expect(fromPortalOrigin.body).toContain('This passkey answer came from another website');

    const again = await post(browser, `${flow.interactionPath}/passkey/options`);
    const done = await browser.request({
      method: 'POST',
      url: `${flow.interactionPath}/passkey`,
      ...form({
        credential: JSON.stringify(
          authenticator.assert(again.json().options, { origin: `http://${ISSUER_HOST}`, counter: 5 }),
        ),
      }),
    });
    expect(done.statusCode, done.body).toBe(303);
    const tokens = await finishSignIn(browser, done.headers.location, {
      verifier: flow.verifier,
      redirectUri: flow.redirectUri,
    });
    expect(decodeJwt(tokens.id_token).amr).toEqual(['hwk', 'mfa']);
  });

  it('without it, the provider’s page is its own relying party and does not know the portal’s passkey', async () => {
    const { authenticator, rpId } = await passkeyMadeOnPortal(separate);
    expect(rpId).toBe(PORTAL);
    const { browser, flow, options } = await providerPage(separate);
    expect(options.rpId).toBe(ISSUER_HOST);
    const refused = await browser.request({
      method: 'POST',
      url: `${flow.interactionPath}/passkey`,
      ...form({
        credential: JSON.stringify(authenticator.assert(options, { origin: `http://${ISSUER_HOST}` })),
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This passkey is not one we know');
  });
});
