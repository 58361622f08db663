import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { bluewaterUrl } from './support/tenants';

const START = 'Sign in with your Meridian account';
const providerOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;

async function startSingleAuth(page: Page) {
  await page.getByRole('link', { name: START }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
}

async function signInAtProvider(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The embedded provider's session cookie (the provider is served from the localhost origin). */
const providerSession = async (context: BrowserContext) =>
  (await context.cookies(providerOrigin)).find((cookie) => cookie.name === '_session');

test('a member signs in with the built-in OpenID provider and lands on the hub', async ({ page }) => {
  await page.goto('/login');
  await startSingleAuth(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in – Meridian Pension Scheme');
  await expectNoAccessibilityViolations(page);

  // Hold the session call so the holding page can be checked while it works.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/authentication-api/api/sso/session/create', async (route) => {
    await released;
    await route.continue();
  });
  await signInAtProvider(page, 'db.deferred');
  await expect(page).toHaveURL(/\/sa\/sign-in\/holding\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  release();

  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByText('Welcome, Mrs Margaret Hughes.')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('singleAuthData') ?? 'null'));
  expect(stored).toEqual({ hasMultipleRecords: false, primaryBgroup: 'MER', primaryRefno: '1000001' });
});

test('a wrong password is explained on the provider page with an error summary', async ({ page }) => {
  await page.goto('/login');
  await startSingleAuth(page);
  await page.getByLabel('Username').fill('db.active');
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('There is a problem');
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Sign in/);
  await expect(page.getByLabel('Username')).toHaveValue('db.active');
  await expectNoAccessibilityViolations(page);
});

test('cancelling on the provider page returns to the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await startSingleAuth(page);
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the page asked for before signing in is kept across the OpenID round trip', async ({ page }) => {
  await page.goto('/hub?from=statement');
  await expect(page).toHaveURL(/\/login$/);
  await startSingleAuth(page);
  await signInAtProvider(page, 'dc.near');
  await expect(page).toHaveURL(/\/hub\?from=statement$/);
  await expect(page.getByText('Defined contribution (savings pot)')).toBeVisible();
});

test('signing out at /sa/logout ends both the portal and the provider sessions', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await startSingleAuth(page);
  await signInAtProvider(page, 'db.active');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  expect(await providerSession(context)).toBeDefined();

  await page.goto('/sa/logout');
  await expect(page).toHaveURL(/\/login\?reason=signedOut$/);
  await expect(page.getByRole('status')).toContainText('You have signed out.');
  expect(await providerSession(context)).toBeUndefined();
  await page.goto('/hub');
  await expect(page).toHaveURL(/\/login$/);

  await startSingleAuth(page);
  await expect(page.getByLabel('Password')).toBeEmpty();
  await signInAtProvider(page, 'db.active');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
});

test('the second tenant brands the provider page and signs its member in', async ({ page }) => {
  await page.goto(bluewaterUrl('/login'));
  await startSingleAuth(page);
  await expect(page).toHaveTitle('Sign in – Bluewater Retirement Plan');
  await expect(page.getByRole('banner')).toContainText('Bluewater member portal');
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(0, 53, 47)');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    new RegExp(`^${bluewaterUrl('/register?returnTo=')}`.replace(/[.?]/g, '\\$&')),
  );
  await expectNoAccessibilityViolations(page);
  await signInAtProvider(page, 'second.member');
  await expect(page).toHaveURL(bluewaterUrl('/hub'));
  await expect(page.getByText('Welcome, Mr Iain MacLeod.')).toBeVisible();
});

test('when the issuer cannot be reached, the password sign-in is offered alone', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/oidc/.well-known/openid-configuration', (route) => route.abort());
  await page.goto('/login');
  await expect.poll(() => errors.some((text) => text.startsWith('MSAL initialization failed'))).toBe(true);
  await expect(page.getByRole('link', { name: START })).toHaveCount(0);
  await page.getByLabel('Username').fill('db.pensioner');
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
});
