import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { startFirmProvider, type FirmProvider } from '../apps/server/test/firm-provider';
import { expectNoAccessibilityViolations } from './support/axe';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

/**
 * Staff single sign-on (issue 43) in Chromium: the firm's OpenID provider is a real oidc-provider
 * started here on 127.0.0.1 (another site than the portal on localhost) with a sign-in page of its own;
 * the portal of this spec is configured with it. Bluewater's own provider (a second one) is named by
 * Bluewater's staff-sso.json in a copy of the content the portal loads (CONTENT_DIR).
 */
const CLIENT_ID = 'meridian-console';
const CLIENT_SECRET = 'the firm provider client secret for e2e';
const BLUEWATER_CLIENT_ID = 'bluewater-console';
const BLUEWATER_SECRET = 'the bluewater provider client secret for e2e';

/** The firm's provider, and how its next sign-in is made: its amr (a second factor or not). */
interface Firm {
  provider: FirmProvider;
  amr: string[];
}

async function startFirm(): Promise<Firm> {
  const firm = { amr: ['pwd', 'otp'] } as Firm;
  firm.provider = await startFirmProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accounts: new Map([['firm-casey', { email: 'caseworker@meridian.example', email_verified: true }]]),
    nextLogin: () => ({ accountId: 'firm-casey', amr: firm.amr }),
    signInPage: (formAction) =>
      `<!doctype html><html lang="en"><title>Meridian Group sign-in</title><main><h1>Meridian Group sign-in</h1>` +
      `<form method="post" action="${formAction}"><button type="submit">Continue as Casey</button></form></main></html>`,
  });
  return firm;
}

/** Bluewater Trustees' own provider, signing in Bluewater's caseworker with a second factor. */
const startBluewaterProvider = () =>
  startFirmProvider({
    clientId: BLUEWATER_CLIENT_ID,
    clientSecret: BLUEWATER_SECRET,
    accounts: new Map([['blue-bea', { email: 'caseworker@bluewater.example', email_verified: true }]]),
    nextLogin: () => ({ accountId: 'blue-bea', amr: ['pwd', 'hwk'] }),
    signInPage: (formAction) =>
      `<!doctype html><html lang="en"><title>Bluewater Trustees sign-in</title><main><h1>Bluewater Trustees sign-in</h1>` +
      `<form method="post" action="${formAction}"><button type="submit">Continue as Bea</button></form></main></html>`,
  });

/** A copy of the repository's content whose Bluewater tenant names its own staff provider. */
function contentNaming(issuer: string) {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-e2e-content-'));
  cpSync('content', dir, { recursive: true });
  writeFileSync(
    join(dir, 'tenants/bluewater/staff-sso.json'),
    JSON.stringify({
      issuer,
      clientId: BLUEWATER_CLIENT_ID,
      clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET_BLUEWATER',
      name: 'Bluewater Trustees',
      emailDomains: ['bluewater.example'],
    }),
  );
  return dir;
}

const test = base.extend<object, { firm: Firm; bluewater: FirmProvider; ssoPortal: OwnPortal }>({
  firm: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const firm = await startFirm();
      await use(firm);
      await firm.provider.close();
    },
    { scope: 'worker' },
  ],
  bluewater: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await startBluewaterProvider();
      await use(provider);
      await provider.close();
    },
    { scope: 'worker' },
  ],
  ssoPortal: [
    async ({ firm, bluewater }, use) => {
      const content = contentNaming(bluewater.issuer);
      const portal = await startOwnPortal('staff-sso', {
        STAFF_OIDC_ISSUER: firm.provider.issuer,
        STAFF_OIDC_CLIENT_ID: CLIENT_ID,
        STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        STAFF_OIDC_NAME: 'Meridian Group',
        STAFF_OIDC_CLIENT_SECRET_BLUEWATER: BLUEWATER_SECRET,
        CONTENT_DIR: content,
      });
      firm.provider.configure([`${portal.url('')}/admin-api/sign-in/sso/callback`]);
      bluewater.configure([`${onBluewater(portal, '/admin-api/sign-in/sso/callback')}`]);
      await use(portal);
      await portal.stop();
      rmSync(content, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ssoPortal }, use) => use(ssoPortal.url('')),
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
/** The portal's address on Bluewater's host. */
const onBluewater = (portal: OwnPortal, path: string) =>
  portal.url(path).replace('//localhost:', '//bluewater.localhost:');

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

test('Bluewater’s caseworker signs in on Bluewater’s host through Bluewater’s own provider; Meridian’s host offers only its own', async ({
  page,
  ssoPortal,
}) => {
  test.setTimeout(120_000);
  // Meridian's host: the deployment's provider, not Bluewater's.
  await page.goto('/admin');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Meridian Group single sign-on' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bluewater Trustees/ })).toHaveCount(0);

  await page.goto(onBluewater(ssoPortal, '/admin'));
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  const sso = page.getByRole('link', { name: 'Sign in with Bluewater Trustees single sign-on' });
  await expect(sso).toBeVisible();
  await expect(page.getByRole('link', { name: /Meridian Group/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await sso.click();
  await expect(heading(page, 'Bluewater Trustees sign-in')).toBeVisible();
  await page.getByRole('button', { name: 'Continue as Bea' }).click();
  await expect(heading(page, 'Case queue')).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(onBluewater(ssoPortal, '')).host);
  await expect(page.getByText('Bea Waters (Caseworker)')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
