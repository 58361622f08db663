import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';

test('the blocks demo page shows every kind of block, works by keyboard and passes axe', async ({ page }) => {
  await page.goto('/blocks-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Content blocks' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Only members of the defined benefit section see this message.')).toHaveCount(
    0,
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
    'href',
    '/',
  );

  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Figures' }).click();
  await expect(page.locator('#figures')).toBeFocused();
  await expect(page).toHaveURL(/\/blocks-demo#figures$/);

  const tabs = page.getByRole('tablist', { name: 'Ways to take your pension' });
  await tabs.getByRole('tab', { name: 'Income' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Lump sum' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Lump sum' })).toContainText(
    'Up to a quarter of your pension',
  );

  const question = page.getByRole('button', { name: 'Can I keep working?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(page.getByText('Taking your pension does not mean you have to stop work.')).toBeVisible();

  const trigger = page.getByRole('button', { name: 'What is a normal retirement age?' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Normal retirement age' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.getByRole('button', { name: 'Before you call us' }).click();
  const checklist = page.getByRole('dialog', { name: 'Before you call us' });
  await checklist.getByRole('button', { name: 'I have them' }).click();
  await expect(checklist).toBeHidden();

  const summary = page.locator('.summary-list');
  await expect(summary).toContainText('£12,346 a year');
  await expect(summary).toContainText('03 Jan 1964');
  await expect(summary).toContainText('11 months, 5 days');
  await expect(summary).toContainText('40-47-84');

  const table = page.getByRole('table', { name: 'Example payments' });
  await table.getByRole('button', { name: 'Amount' }).click();
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.getByRole('row').nth(1)).toContainText('£25,000');
  await page
    .getByRole('navigation', { name: 'Example payments: pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(table.getByRole('row')).toHaveCount(3);

  await expect(page.getByRole('img', { name: /^Example contributions\. Bar chart/ })).toBeVisible();
  await page.getByText('Show the figures as a table').first().click();
  await expect(page.getByRole('table', { name: 'Example contributions' })).toContainText('£3,960.00');

  const feed = page.getByRole('region', { name: 'More to read' });
  await expect(feed.getByRole('heading', { name: 'Home' })).toHaveCount(0);
  await feed.getByRole('button', { name: 'Next' }).click();
  await expect(feed.getByRole('heading', { name: 'Home' })).toBeVisible();

  for (const link of await page.getByRole('link', { name: 'MoneyHelper' }).all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(page.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/help');
  await page.screenshot({ path: 'test-results/screenshots/blocks-demo.png', fullPage: true });
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Get help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
});
