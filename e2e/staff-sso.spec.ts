// The server's declaration of the oidc-provider parts it uses (the package ships none); a script, so referenced.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/areas/identity-provider/oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base, type Page } from '@playwright/test';
import Provider, { type Account } from 'oidc-provider';
import { expectNoAccessibilityViolations } from './support/axe';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

/**
 * Staff single sign-on (issue 43) in Chromium: the firm's OpenID provider is a real oidc-provider
 * started here on 127.0.0.1 (another site than the portal on localhost) with a sign-in page of its own;
 * the portal of this spec is configured with it.
 */
const CLIENT_ID = 'meridian-console';
const CLIENT_SECRET = 'the firm provider client secret for e2e';

interface Firm {
  issuer: string;
  /** How the provider's next sign-in is made: its amr (a second factor or not). */
  amr: string[];
  server: Server;
  provider?: Provider;
}

async function startFirm(): Promise<Firm> {
  const firm = { amr: ['pwd', 'otp'] } as Firm;
  firm.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const provider = firm.provider!;
      if (request.url?.startsWith('/interaction/')) {
        const interaction = await provider.interactionDetails(request, response);
        if (request.method === 'GET') {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(
            `<!doctype html><html lang="en"><title>Meridian Group sign-in</title><main><h1>Meridian Group sign-in</h1>` +
              `<form method="post" action="/interaction/${interaction.uid}"><button type="submit">Continue as Casey</button></form></main></html>`,
          );
          return;
        }
        const returnTo = await provider.interactionResult(
          request,
          response,
          { login: { accountId: 'firm-casey', amr: firm.amr } },
          { mergeWithLastSubmission: false },
        );
        response.statusCode = 303;
        response.setHeader('location', returnTo);
        response.end();
        return;
      }
      await provider.callback()(request, response);
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => firm.server.listen(0, '127.0.0.1', resolve));
  firm.issuer = `http://127.0.0.1:${(firm.server.address() as AddressInfo).port}`;
  return firm;
}

function configureFirm(firm: Firm, portalOrigin: string) {
  firm.provider = new Provider(firm.issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${portalOrigin}/admin-api/sign-in/sso/callback`],
      },
    ],
    findAccount: async (_ctx, sub): Promise<Account | undefined> =>
      sub === 'firm-casey'
        ? {
            accountId: sub,
            claims: () => ({ sub, email: 'caseworker@meridian.example', email_verified: true }),
          }
        : undefined,
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const { client, session, provider: owner } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new owner.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
}

const test = base.extend<object, { firm: Firm; ssoPortal: OwnPortal }>({
  firm: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const firm = await startFirm();
      await use(firm);
      await new Promise<void>((resolve) => firm.server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
  ssoPortal: [
    async ({ firm }, use) => {
      const portal = await startOwnPortal('staff-sso', {
        STAFF_OIDC_ISSUER: firm.issuer,
        STAFF_OIDC_CLIENT_ID: CLIENT_ID,
        STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        STAFF_OIDC_NAME: 'Meridian Group',
      });
      configureFirm(firm, portal.url(''));
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ssoPortal }, use) => use(ssoPortal.url('')),
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a caseworker signs in through the firm’s single sign-on and sees the queue; without a second factor they are refused', async ({
  page,
  firm,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  const sso = page.getByRole('link', { name: 'Sign in with Meridian Group single sign-on' });
  await expect(sso).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The firm's provider signs them in with a password only: the console refuses, and says why.
  firm.amr = ['pwd'];
  await sso.click();
  await expect(heading(page, 'Meridian Group sign-in')).toBeVisible();
  await page.getByRole('button', { name: 'Continue as Casey' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?sso=staff_sso_mfa_required$/);
  await expect(page.getByRole('alert')).toContainText('did not use a second factor');
  await expectNoAccessibilityViolations(page);

  // Signed in again at the provider with a second factor (its own session forgotten first).
  await page.context().clearCookies({ domain: '127.0.0.1' });
  firm.amr = ['pwd', 'otp'];
  await page.getByRole('link', { name: 'Sign in with Meridian Group single sign-on' }).click();
  await page.getByRole('button', { name: 'Continue as Casey' }).click();
  await expect(heading(page, 'Case queue')).toBeVisible();
  await expect(page.getByText('Casey Worker', { exact: false }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
