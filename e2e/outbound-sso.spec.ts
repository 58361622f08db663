import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/hub$/);
}

const memberWebsite = (page: Page) =>
  page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Member website' });

const leaveDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'You are leaving Meridian Pension Scheme' });

test('the member is warned before leaving for the other member site, and may stay', async ({ page }) => {
  await signIn(page, 'db.deferred');
  await memberWebsite(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('on the Member website at epa.localhost');
  await expect(dialog).toContainText('You will be signed out of this site.');
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/leave-site-warning.png' });

  await dialog.getByRole('button', { name: 'Stay on this site' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(memberWebsite(page)).toBeFocused();

  // Escape stays too.
  await memberWebsite(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/hub$/);
});

test('a link to the other member site signs the member in there and out of the portal', async ({ page }) => {
  await signIn(page, 'db.deferred');
  await memberWebsite(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Continue to the Member website' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signed in to the other member site' }),
  ).toBeVisible();
  await expect(page.getByText('Member: MER 1000001')).toBeVisible();
  await expect(
    page.getByText('https://epa.localhost/accounts/ssosamlgen/?next=%2Faccounts%2Fdocuments&tab=letters'),
  ).toBeVisible();

  await expectNoAccessibilityViolations(page);

  // The way back leads to the portal, where a password sign-in has ended as the other site took over.
  await page.getByRole('link', { name: 'Back to the pension portal' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
  await leaveDialog(page).getByRole('button', { name: 'Continue to the Member website' }).click();
  await expect(page).toHaveURL('https://epa.localhost/accounts/documents?tab=letters');
  await expect(page.getByRole('heading', { name: 'Reached by the plain link' })).toBeVisible();
});
