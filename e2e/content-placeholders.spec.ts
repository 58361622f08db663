import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { money } from './support/money';

async function signIn(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a member sees figures from member data, opens a modal and a tooltip by keyboard, and signs out', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'db.deferred');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await page.goto('/my-pension');
  const main = page.getByRole('main');
  await expect(main).toContainText('Your reference number is 1000001');
  await expect(main).toContainText(
    /You reach your normal retirement age of 65 on \d{2} \w{3} \d{4}, in \d+ years?(, \d+ months?)?\./,
  );
  await expect(main).toContainText(new RegExp(`your full pension is ${money} a year`));
  await expect(main).not.toContainText('[[');

  const info = main.getByRole('button', { name: 'More information' }).first();
  await tabTo(page, info);
  await page.keyboard.press('Enter');
  await expect(info).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('status').first()).toHaveText(
    'Your reference number is on your annual pension statement.',
  );
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(main.getByRole('status').first()).toHaveText('');
  await expect(info).toBeFocused();

  const trigger = main.getByRole('button', { name: 'What is a tax-free lump sum?' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'What is a tax-free lump sum?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'What is a tax-free lump sum?' })).toBeFocused();
  await expect(dialog).toContainText('up to a quarter of your pension');
  // A tooltip inside the dialog: Escape closes the tip, not the dialog.
  await page.keyboard.press('Tab');
  const allowance = dialog.getByRole('button', { name: 'More information' });
  await expect(allowance).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(/at most £268,275 can be paid tax-free/);
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('status')).toHaveText('');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Signing out is the header's: the page itself has no Sign out button of its own.
  await expect(main.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?reason=signedOut$/);
  await page.goto('/my-pension');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a visitor signs in from a content button and comes back to the page', async ({ page }) => {
  await page.goto('/help');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await main.getByRole('button', { name: 'More information' }).click();
  await expect(main.getByRole('status')).toHaveText(
    'Your reference number is on your annual pension statement.',
  );
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Sign in to see your pension' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'db.deferred');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await expect(page).toHaveURL(/\/help$/);
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Sign in to see your pension' }),
  ).toHaveCount(0);
});
