import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';

test.use({ viewport: { width: 375, height: 667 } });

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

/**
 * Tabs to each link of the main menu in turn; each is focused and in view. Tab starts where the sign-in
 * left focus, so reaching the menu can mean passing the rest of the page and the footer first.
 */
async function tabThroughMenu(page: Page) {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const names = await links.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  await page.locator('body').focus();
  for (const name of names) {
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
    for (
      let presses = 0;
      presses < 60 && !(await link.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await expect(link).toBeInViewport();
  }
}

for (const [name, shot, open] of [
  ['the public home page', 'mobile-home', (page: Page) => page.goto('/').then(() => undefined)],
  ['the hub', 'mobile-hub', (page: Page) => signInToHub(page, 'db.deferred')],
] as const) {
  test(`on a 375px phone ${name} does not scroll sideways and its menu is reachable by keyboard`, async ({
    page,
  }) => {
    await open(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const { scrollWidth, innerWidth } = await pageWidth(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await tabThroughMenu(page);
    expect((await pageWidth(page)).scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `test-results/screenshots/${shot}.png` });
    await expectNoAccessibilityViolations(page);
  });
}
