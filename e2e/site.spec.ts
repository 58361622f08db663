import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { answerBusy } from './support/busy';
import { bluewaterUrl } from './support/tenants';

test('the menu and footer come from the tenant’s content', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Your pension' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }),
  ).toBeVisible();
});

test('a busy service: the menu bar says so, and Try again brings the menu', async ({ page }) => {
  const busy = await answerBusy(page, (path) => path.endsWith('/unauthorized-menu'));
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toContainText('Sorry, we cannot show the menu right now.');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  busy.over();
  await menu.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(menu.getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(menu.getByRole('link').first()).toBeFocused();
  await expect(menu).not.toContainText('cannot show the menu');
});

test('search finds a help page by its words', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Search this site').fill('tax-free lump sum');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=tax-free\+lump\+sum$/);
  await expect(page.getByRole('heading', { name: /result.* for ‘tax-free lump sum’/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help and contact' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.goto('/recherche?q=nothing-matches-this');
  await expect(page.getByRole('heading', { name: 'No results for ‘nothing-matches-this’' })).toBeVisible();
});

test('someone reporting a death finds what to do from the home page, search and the footer, on both tenants', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Tell us about a death' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about a death' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('You do not need an account');
  await expect(main).toContainText('Call 0300 123 4567');
  await expect(main.getByRole('heading', { level: 2, name: 'What we will ask you' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // Each tenant's search finds its own page for these words, signed out, and the result opens it.
  for (const [at, phone] of [
    [(path: string) => path, '0300 123 4567'],
    [bluewaterUrl, '0300 765 4321'],
  ] as const) {
    for (const words of ['died', 'death', 'bereavement']) {
      await page.goto(at(`/search?q=${words}`));
      await expect(page.getByRole('heading', { name: new RegExp(`for ‘${words}’`) })).toBeVisible();
      const result = main.getByRole('link', { name: 'Tell us about a death', exact: true });
      await expect(result).toHaveAttribute('href', '/bereavement');
    }
    await expectNoAccessibilityViolations(page);
    await main.getByRole('link', { name: 'Tell us about a death', exact: true }).click();
    await expect(page).toHaveURL(at('/bereavement'));
    await expect(main).toContainText(`Call ${phone}`);
    await expect(main.getByRole('link', { name: 'Report a death online' })).toHaveAttribute(
      'href',
      '/bereavement/report',
    );
  }
  await page.goto(bluewaterUrl('/help'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tell us about a death' }).click();
  await expect(page.getByRole('main')).toContainText('Call 0300 765 4321');
  await expect(page.getByRole('main')).toContainText('Bluewater Retirement Plan');
});

test('Help and Contact us signpost telling us about a death, with what we need and the phone, on both tenants', async ({
  page,
}) => {
  for (const [at, phone, scheme] of [
    [(path: string) => path, '0300 123 4567', 'Meridian'],
    [bluewaterUrl, '0300 765 4321', 'Bluewater'],
  ] as const) {
    await page.goto(at('/help'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Tell us about a death' })).toBeVisible();
    await expect(main).toContainText('You do not need an account');
    await expect(main).toContainText('a copy of the death certificate');
    await expect(main).toContainText('National Insurance number');
    await expect(main).toContainText(`call ${phone}`);
    await expectNoAccessibilityViolations(page);
    await main.getByRole('link', { name: 'Tell us about a death' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about a death' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(scheme);

    await page.goto(at('/contact-us'));
    await expect(main.getByRole('heading', { level: 2, name: 'Tell us about a death' })).toBeVisible();
    await expect(main).toContainText(`Call ${phone} and choose the option for telling us about a death`);
    await expectNoAccessibilityViolations(page);
    await main.getByRole('link', { name: 'What we will ask you' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about a death' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Report a death online' })).toBeVisible();
  }
});

test('a signed-out visitor searching “transfer” finds their own scheme’s guide to transferring, on both tenants', async ({
  page,
}) => {
  for (const [at, scheme, charge] of [
    [(path: string) => path, 'Meridian Pension Scheme', 'we charge for another within 12 months'],
    [bluewaterUrl, 'Bluewater Retirement Plan', 'it costs £150'],
  ] as const) {
    await page.goto(at('/search?q=transfer'));
    await expect(page.getByRole('heading', { name: /for ‘transfer’/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Transferring your pension' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transferring your pension' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(scheme);
    await expect(main).toContainText(charge);
    await expect(main.getByRole('link', { name: 'ScamSmart', exact: false })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  }
});

test('search never offers the demo’s developer page, though the demo runs here', async ({ page }) => {
  // The blocks demo is served (MERIDIAN_DEMO) and mentions transfers, with notes for developers.
  await page.goto('/blocks-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Content blocks' })).toBeVisible();
  await page.goto('/search?q=transfer');
  await expect(page.getByRole('heading', { name: /for ‘transfer’/ })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Content blocks');
  await expect(page.getByRole('main')).not.toContainText('Only members of the defined benefit section');
  await expect(page.locator('main a[href="/blocks-demo"]')).toHaveCount(0);
});

test('the cookie banner records a choice and can be hidden', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies on this site' });
  await expect(banner).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await banner.getByRole('button', { name: 'Reject analytics cookies' }).click();
  await expect(banner.getByRole('status')).toContainText('You’ve rejected analytics cookies');
  await banner.getByRole('button', { name: 'Hide cookie message' }).click();
  await expect(banner).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value).toBe(
    'rejected',
  );
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
});
