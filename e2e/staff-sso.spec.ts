import { expect, test as base, type Page } from '@playwright/test';
import { startFirmProvider, type FirmProvider } from '../apps/server/test/firm-provider';
import { expectNoAccessibilityViolations } from './support/axe';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

/**
 * Staff single sign-on (issue 43) in Chromium: the firm's OpenID provider is a real oidc-provider
 * started here on 127.0.0.1 (another site than the portal on localhost) with a sign-in page of its own;
 * the portal of this spec is configured with it.
 */
const CLIENT_ID = 'meridian-console';
const CLIENT_SECRET = 'the firm provider client secret for e2e';

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

const test = base.extend<object, { firm: Firm; ssoPortal: OwnPortal }>({
  firm: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const firm = await startFirm();
      await use(firm);
      await firm.provider.close();
    },
    { scope: 'worker' },
  ],
  ssoPortal: [
    async ({ firm }, use) => {
      const portal = await startOwnPortal('staff-sso', {
        STAFF_OIDC_ISSUER: firm.provider.issuer,
        STAFF_OIDC_CLIENT_ID: CLIENT_ID,
        STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        STAFF_OIDC_NAME: 'Meridian Group',
      });
      firm.provider.configure([`${portal.url('')}/admin-api/sign-in/sso/callback`]);
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
