import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';

const potRegion = (page: Page) => page.getByRole('region', { name: 'Your pot today' });

test('dc.near sees the pot today and its funds on the hub and My pension', async ({ page }) => {
  await signInToHub(page, 'dc.near');
  const pot = potRegion(page);
  // The seed's pot (£186,400) in three funds, each units × unit price to the penny.
  await expect(pot.locator('.dc-pot__value')).toContainText('£186,400.00');
  const funds = pot.getByRole('table', { name: 'The funds your pot is invested in' });
  await expect(funds.getByRole('rowheader')).toHaveText([
    'Global Equity Fund',
    'Diversified Growth Fund',
    'Cash Fund',
    'Your pot',
  ]);
  await expect(funds.getByRole('row', { name: /Diversified Growth Fund/ })).toContainText(
    /81,372\.6555\s*164\.0958p.*£133,529\.11/,
  );
  await expect(funds.getByRole('row', { name: /Your pot/ })).toContainText('£186,400.00');
  await expect(pot.getByText('You paid', { exact: true }).locator('xpath=..')).toContainText('£3,000.00');
  await expect(pot.getByText('Your employer paid').locator('xpath=..')).toContainText('£4,500.00');
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'See my pension' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My pension' })).toBeVisible();
  await expect(potRegion(page).locator('.dc-pot__value')).toContainText('£186,400.00');
  await expectNoAccessibilityViolations(page);
});
