import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { bluewaterUrl } from './support/tenants';

const laptop = { width: 1366, height: 768 };

/** The heading and the sign-in call to action are on the first screen, under the cookie banner. */
async function expectAboveTheFold(page: Page) {
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
  const signIn = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
  expect(signIn).not.toBeNull();
  expect(signIn!.y + signIn!.height).toBeLessThan(laptop.height);
}

test.use({ viewport: laptop });

test('the public home page says what the portal is for, with sign in, register, help and contact', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to your Meridian pension' }),
  ).toBeVisible();
  await expectAboveTheFold(page);
  const main = page.getByRole('main');
  await expect(main).toContainText('final salary section and a retirement savings section');
  await expect(main.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(main).toContainText('Call us on 0300 123 4567');
  await expect(main.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/help');
  await page.screenshot({ path: 'test-results/screenshots/home-meridian.png' });
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Register for an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/');
  await main.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the second tenant has its own home page', async ({ page }) => {
  await page.goto(bluewaterUrl('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Bluewater Retirement Plan' })).toBeVisible();
  await expectAboveTheFold(page);
  await expect(page.getByRole('main')).toContainText(
    'Bluewater Defined Benefit Plan pays a pension for life',
  );
  await expect(page.getByRole('main')).toContainText('Call us on 0300 765 4321');
  await page.screenshot({ path: 'test-results/screenshots/home-bluewater.png' });
  await expectNoAccessibilityViolations(page);
});

test('a signed-in member opening the site address goes to the hub', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('dc.far');
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/hub$/);
});
