import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo, tick } from './support/keyboard';
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
  // Each fund's charge as the scheme lists it, the one its projections take (MDC: 0.4% for this fund).
  await expect(
    potRegion(page)
      .getByRole('table', { name: 'The funds your pot is invested in' })
      .getByRole('row', { name: /Diversified Growth Fund/ }),
  ).toContainText('0.4% a year');
  // My pension adds the pot's five years and what moved it over the last year.
  await expect(page.getByRole('heading', { name: 'Your pot over time' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Your pot’s value: £[\d,]+ on .*, £186,400 on / })).toBeVisible();
  await page.getByText('Show your pot’s value over time as a table').click();
  const history = page.getByRole('table', { name: 'Your pot’s value at each month end, and today' });
  // 60 month ends and today, newest first, under the header.
  await expect(history.getByRole('row')).toHaveCount(62);
  await expect(history.getByRole('row').nth(1)).toContainText('£186,400.00');
  await expect(page.getByRole('heading', { name: /^How your pot changed from / })).toBeVisible();
  await expect(page.getByText('Paid in', { exact: true }).locator('xpath=..')).toContainText('£7,500.00');
  await expect(page.getByText('Charges taken').locator('xpath=..')).toContainText(/£[1-9][\d,]*\.\d\d/);
  await expectNoAccessibilityViolations(page);
});

test('linked: no pot on the final salary record, the DC record’s pot once it is chosen', async ({ page }) => {
  await signInToHub(page, 'linked');
  await expect(page.getByRole('region', { name: 'Your Meridian Final Salary Section record' })).toBeVisible();
  await expect(potRegion(page)).toHaveCount(0);
  const picker = page.getByRole('group', { name: 'Your records' });
  await picker.getByLabel(/Meridian Retirement Savings Section \(1000008\)/).check();
  await page.getByRole('button', { name: 'Show this record' }).click();
  await expect(potRegion(page).locator('.dc-pot__value')).toContainText('£97,200.00');
  await expect(potRegion(page).getByRole('rowheader')).toHaveText([
    'Global Equity Fund',
    'Diversified Growth Fund',
    'Your pot',
  ]);
  await expect(potRegion(page).getByText('You paid', { exact: true }).locator('xpath=..')).toContainText(
    '£2,640.00',
  );
  await expectNoAccessibilityViolations(page);
});

const optionCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('dc.near explores the options, changes the drawdown income and compares two options', async ({
  page,
}) => {
  await signInToHub(page, 'dc.near');
  await page.getByRole('link', { name: 'See my pension' }).click();
  await page.getByRole('link', { name: 'See your options and compare them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore your options' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: /^Your options on \d{2} \w{3} \d{4}$/ }),
  ).toBeVisible();
  const drawdown = optionCard(page, 'Tax-free cash and a flexible income (drawdown)');
  await expect(drawdown.getByRole('img', { name: /Your drawdown pot by age/ })).toBeVisible();
  await expect(optionCard(page, 'Take it all as cash')).toContainText('Money Purchase Annual Allowance');
  await expect(optionCard(page, 'Leave it all invested')).not.toContainText(
    'Money Purchase Annual Allowance',
  );
  await expectNoAccessibilityViolations(page);

  // A typing slip is refused in the error summary, which links to the field.
  await page.getByLabel('Yearly income from drawdown, in pounds').fill('nine thousand');
  await page.getByRole('button', { name: 'Show the figures' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('There is a problem');
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAccessibilityViolations(page);
  await summary.getByRole('link', { name: /Enter an amount in pounds and pence/ }).click();
  await expect(page.getByLabel('Yearly income from drawdown, in pounds')).toBeFocused();

  await page.getByLabel('Yearly income from drawdown, in pounds').fill('9000');
  await page.getByRole('button', { name: 'Show the figures' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(drawdown.getByRole('definition').filter({ hasText: 'from £' })).toContainText(
    '£9,000.00 a year',
  );
  await drawdown.getByText('Show the pot at each age as a table').click();
  await expect(drawdown.getByRole('table', { name: 'Your drawdown pot on each birthday' })).toBeVisible();

  await drawdown.getByLabel('Compare this option').check();
  await page.getByRole('button', { name: 'Compare the options you chose' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose 2 or 3 options to compare');
  await optionCard(page, 'Tax-free cash and a guaranteed income for life (annuity)')
    .getByLabel('Compare this option')
    .check();
  await page.getByRole('button', { name: 'Compare the options you chose' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Compare your options' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your options side by side' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Tax-free cash and a flexible income (drawdown)',
    'Tax-free cash and a guaranteed income for life (annuity)',
  ]);
  await expect(table.getByRole('row', { name: /Yearly income after estimated tax/ })).toContainText('a year');
  await expect(table.getByRole('rowheader', { name: /Against the moderate standard/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('A couple').check();
  await page.getByRole('button', { name: 'Update the comparison' }).click();
  await expect(page.getByText(/what a couple might spend a year/)).toBeVisible();
});

test('dc.far sees the projected pot and the options at their target date', async ({ page }) => {
  await signInToHub(page, 'dc.far');
  await expect(potRegion(page).locator('.dc-pot__value')).toContainText('£23,150.00');
  await page.getByRole('link', { name: 'Explore your options' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore your options' })).toBeVisible();
  const projected = page.getByRole('definition').filter({ hasText: 'an estimate, when you are 65' });
  await expect(projected).toBeVisible();
  await expect(optionCard(page, 'Tax-free cash and a guaranteed income for life (annuity)')).toContainText(
    'Yearly income after estimated tax',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('At an age').check();
  await page.getByLabel('Age in years').fill('60');
  await page.getByRole('button', { name: 'Show the figures' }).click();
  await expect(
    page.getByRole('definition').filter({ hasText: 'an estimate, when you are 60' }),
  ).toBeVisible();
});

test('dc.near explores and compares by keyboard alone', async ({ page }) => {
  await signInToHub(page, 'dc.near');
  await tabTo(page, page.getByRole('link', { name: 'Explore your options' }).last());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore your options' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/dc-explore.png', fullPage: true });
  const income = page.getByLabel('Yearly income from drawdown, in pounds');
  await tabTo(page, income);
  await page.keyboard.type('9500');
  await page.keyboard.press('Enter');
  const drawdown = optionCard(page, 'Tax-free cash and a flexible income (drawdown)');
  await expect(drawdown.getByRole('definition').filter({ hasText: 'from £' })).toContainText(
    '£9,500.00 a year',
  );
  await tick(page, optionCard(page, 'Take it all as cash').getByLabel('Compare this option'));
  await tick(page, drawdown.getByLabel('Compare this option'));
  await tabTo(page, page.getByRole('button', { name: 'Compare the options you chose' }));
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Your options side by side' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Take it all as cash',
    'Tax-free cash and a flexible income (drawdown)',
  ]);
  await page.screenshot({ path: 'test-results/screenshots/dc-compare.png', fullPage: true });
});
