import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';
import { bluewaterUrl } from './support/tenants';

test('the shell renders a public content page, shows Loading... while it loads, and passes axe', async ({
  page,
}) => {
  await page.route('**/content-api/api/v2/content/unauthorized-page**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to your Meridian pension' }),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Meridian');
  await expect(page).toHaveTitle('Welcome to your Meridian pension - Meridian Pension Scheme');
  await page.screenshot({ path: 'test-results/screenshots/home.png', fullPage: true });
  await expectNoAccessibilityViolations(page);
});

async function expectLogoAndTypeface(page: Page, logoText: string, typeface: string) {
  const logo = page.getByRole('banner').getByRole('link', { name: logoText }).getByRole('img');
  await expect(logo).toHaveAttribute('alt', logoText);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // The tenant's face is actually downloaded and used, not merely named.
  await expect
    .poll(() =>
      page.evaluate((face) => {
        let loaded = false;
        document.fonts.forEach((font) => {
          if (font.family.replace(/"/g, '') === face && font.status === 'loaded') loaded = true;
        });
        return loaded;
      }, typeface),
    )
    .toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(typeface);
}

test('each tenant has its own branding', async ({ page }) => {
  await page.goto(bluewaterUrl('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Bluewater Retirement Plan' })).toBeVisible();
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
  );
  expect(primary).toBe('#00594f');
  await expectLogoAndTypeface(page, 'Bluewater', 'Nunito');
  await page.screenshot({ path: 'test-results/screenshots/bluewater-home.png', fullPage: true });

  await page.goto('/');
  await expectLogoAndTypeface(page, 'Meridian', 'Source Sans 3');
});

/** How many lines the header's strapline takes: its height over its line height. */
const straplineLines = (page: Page) =>
  page
    .getByRole('banner')
    .getByText('Bluewater member portal', { exact: true })
    .evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    });

test('the second tenant’s strapline keeps to one line on a phone, a tablet and a laptop, signed in or not', async ({
  page,
}) => {
  for (const width of [320, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(bluewaterUrl('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bluewater Retirement Plan' })).toBeVisible();
    expect(await straplineLines(page), `visitor at ${width}px`).toBe(1);
  }
  await signInToHub(page, 'second.member', bluewaterUrl('/login'));
  // The account menu from content, the longest header row.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your beneficiaries' }),
  ).toBeAttached();
  for (const width of [1280, 768, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await straplineLines(page), `member at ${width}px`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await expectNoAccessibilityViolations(page);
});

test('a busy service keeps the visitor on the page, says to wait, and tries again when asked', async ({
  page,
}) => {
  let busy = true;
  await page.route('**/content-api/api/v2/content/unauthorized-page**', async (route) => {
    if (!busy) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      json: { errors: [{ code: 'service_busy', message: 'The service is busy. Try again shortly.' }] },
    });
  });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
  ).toBeVisible();
  await expect(page.getByText('The service is busy. Wait a few seconds and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAccessibilityViolations(page);

  busy = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to your Meridian pension' }),
  ).toBeVisible();
});

test('an unknown address shows a clear not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('the skip link moves keyboard users to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the API documentation page is served', async ({ page }) => {
  const response = await page.goto('/docs');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#swagger-ui')).toBeVisible();
});
