import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/hub$/);
}

const memberWebsite = (page: Page) =>
  page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Member website' });

test('a link to the other member site signs the member in there and out of the portal', async ({ page }) => {
  await signIn(page, 'db.deferred');
  await memberWebsite(page).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signed in to the other member site' }),
  ).toBeVisible();
  await expect(page.getByText('Member: MER 1000001')).toBeVisible();
  await expect(
    page.getByText('https://epa.localhost/accounts/ssosamlgen/?next=%2Faccounts%2Fdocuments&tab=letters'),
  ).toBeVisible();

  // A password sign-in ends here as the other site takes over.
  await page.goto('/hub');
  await expect(page).toHaveURL(/\/login/);
});

test('when no lookup code can be had the plain link is followed', async ({ page }) => {
  await signIn(page, 'db.active');
  await page.route('**/mdp-api/api/sso/outbound**', (route) =>
    route.fulfill({ status: 503, json: { errors: [{ code: 'unavailable', message: 'Try later' }] } }),
  );
  await page.route('https://epa.localhost/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Plain link</title><h1>Reached by the plain link</h1>',
    }),
  );
  await memberWebsite(page).click();
  await expect(page).toHaveURL('https://epa.localhost/accounts/documents?tab=letters');
  await expect(page.getByRole('heading', { name: 'Reached by the plain link' })).toBeVisible();
});
