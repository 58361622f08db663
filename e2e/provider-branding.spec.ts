import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { bluewaterUrl } from './support/tenants';

const tenants = [
  {
    name: 'Meridian Pension Scheme',
    login: '/login',
    logoText: 'Meridian',
    headerText: 'Your Meridian pension',
    font: 'Source Sans 3',
    screenshot: 'provider-sign-in-meridian',
  },
  {
    name: 'Bluewater Retirement Plan',
    login: bluewaterUrl('/login'),
    logoText: 'Bluewater',
    headerText: 'Bluewater member portal',
    font: 'Nunito',
    screenshot: 'provider-sign-in-bluewater',
  },
];

/** What the eye takes as the brand: header colours, link colour and the typeface in use. */
async function brandOf(page: Page) {
  const header = await page.getByRole('banner').evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderBottomColor };
  });
  return {
    header,
    link: await page
      .getByRole('link', { name: 'Create an account' })
      .evaluate((link) => getComputedStyle(link).color),
    font: await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
  };
}

for (const tenant of tenants) {
  test(`the provider's sign-in page wears ${tenant.name}'s logo, typeface and colours`, async ({ page }) => {
    await page.goto(tenant.login);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const portal = await brandOf(page);

    await page.getByRole('link', { name: 'Sign in with your Meridian account' }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
    await expect(page).toHaveTitle(`Sign in – ${tenant.name}`);
    const banner = page.getByRole('banner');
    const logo = banner.getByRole('img', { name: tenant.logoText });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(banner).toContainText(tenant.headerText);
    await expect(page.getByRole('main')).toContainText(`to see your ${tenant.name} pension`);

    const provider = await brandOf(page);
    expect(provider).toEqual(portal);
    expect(provider.header.background).toMatch(/^rgb\(/);
    expect(provider.font).toMatch(new RegExp(`^"?${tenant.font}"?, "?${tenant.font} Fallback"?`));
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate((font) => document.fonts.check(`700 24px "${font}"`), tenant.font)).toBe(true);

    await page.screenshot({ path: `test-results/screenshots/${tenant.screenshot}.png`, fullPage: true });
    await expectNoAccessibilityViolations(page);
  });
}
