import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { signInToHub } from './support/member';

test('dc.far sees the contributions paid in on My pension, the last 12 months and each tax year since joining, changes their target retirement age by keyboard, is told the ages allowed, and My pension counts to the new date, the lifestyle move starting 15 years before it', async ({
  page,
}) => {
  await signInToHub(page, 'dc.far');
  await page.goto('/my-pension');
  const main = page.getByRole('main');

  // The contributions of the last 12 months as My pension lists them: one a month, newest first, each
  // dc.far's £164.00 and their employer's £246.00 (the demo's monthly amounts), adding up to the totals.
  const contributions = main.getByRole('table', {
    name: 'Each contribution paid in over these 12 months, newest first',
  });
  await expect(contributions.getByRole('columnheader')).toHaveText([
    'Date paid',
    'From you',
    'From your employer',
    'Total',
  ]);
  const rows = contributions.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const months: number[] = [];
  for (const row of await rows.all()) {
    await expect(row.getByRole('cell')).toHaveText(['£164.00', '£246.00', '£410.00']);
    const paidOn = (await row.getByRole('rowheader').textContent())!;
    expect(paidOn).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const date = new Date(`${paidOn} UTC`);
    months.push(date.getUTCFullYear() * 12 + date.getUTCMonth());
  }
  expect(months).toEqual(months.map((_, index) => months[0]! - index));
  const paid = main.locator('.summary-row');
  await expect(paid.filter({ hasText: 'You paid' }).locator('dd')).toHaveText('£1,968.00');
  await expect(paid.filter({ hasText: 'Your employer paid' }).locator('dd')).toHaveText('£2,952.00');
  await expect(paid.filter({ hasText: 'Total paid in' }).locator('dd')).toHaveText('£4,920.00');

  // Every contribution held since joining, tax year by tax year from this one back: each year's
  // £164.00 and £246.00 a contribution, adding up to the total since joining in the table's last row.
  await expect(main.getByRole('heading', { name: 'Total since joining' })).toBeVisible();
  const byTaxYear = main.getByRole('table', {
    name: 'What was paid in each tax year since you joined, newest first',
  });
  const now = new Date();
  const taxYearStart = now.getUTCFullYear() - (now.getUTCMonth() * 100 + now.getUTCDate() < 306 ? 1 : 0);
  await expect(byTaxYear.locator('tbody tr').first().getByRole('rowheader')).toContainText(
    `${taxYearStart}/${String((taxYearStart + 1) % 100).padStart(2, '0')}`,
  );
  const pounds = (pence: number) =>
    `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const amounts = (count: number) => [
    String(count),
    pounds(count * 16_400),
    pounds(count * 24_600),
    pounds(count * 41_000),
  ];
  const years = await byTaxYear.locator('tbody tr').all();
  expect(years.length).toBeGreaterThan(1);
  let held = 0;
  for (const year of years) {
    const count = Number(await year.getByRole('cell').first().textContent());
    await expect(year.getByRole('cell')).toHaveText(amounts(count));
    held += count;
  }
  expect(held).toBeGreaterThan(12);
  const total = byTaxYear.locator('tfoot tr');
  await expect(total.getByRole('rowheader')).toHaveText('Total since joining');
  await expect(total.getByRole('cell')).toHaveText(amounts(held));
  // The strategy dc.far's pot follows (MDC's drawdown) and the day it starts moving, 15 years before the target.
  const follows =
    'Your pot follows Lifestyle: targeting drawdown. From {start} it starts moving into steadier funds, to hold Diversified Growth Fund (75%) and Cash Fund (25%) by your target retirement date, {target}.';
  await expect(main).toContainText(
    /Your pot follows Lifestyle: targeting drawdown\. From \d{1,2} \w{3,4} \d{4} it starts/,
  );
  await expectNoAccessibilityViolations(page);

  await main.getByRole('link', { name: 'Change your target retirement age' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Change your target retirement age' }),
  ).toBeVisible();
  await expect(main).toContainText('Your target retirement age is 65');
  await expect(main).toContainText('A whole number of years from 57 to 75');
  // The target date at 65, and a date that many years before it (29 February to 28 in a common year).
  const [, day, month, year] = /Your target retirement age is 65, on (\d{1,2}) (\w{3,4}) (\d{4})/.exec(
    (await main.textContent())!,
  )!;
  const yearsBefore = (years: number) => {
    const to = Number(year) - years;
    const leap = (to % 4 === 0 && to % 100 !== 0) || to % 400 === 0;
    return `${day === '29' && month === 'Feb' && !leap ? '28' : day} ${month} ${to}`;
  };
  const followsTo = (start: number, target: number) =>
    follows.replace('{start}', yearsBefore(start)).replace('{target}', yearsBefore(target));
  await expect(main).toContainText(followsTo(15, 0));
  const age = main.getByLabel('New target retirement age');
  const save = main.getByRole('button', { name: 'Save target age' });
  await age.fill('50');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Choose an age from 57 to 75.');
  await expectNoAccessibilityViolations(page);
  await age.fill('60');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(main.getByRole('status')).toContainText('Your target retirement age is now 60');
  // The move now starts at 45: 20 years before the date at 65, 15 before the new target.
  await expect(main).toContainText(followsTo(20, 5));
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'Back to My pension' }).click();
  await expect(page.getByRole('main')).toContainText('You reach your target retirement age of 60');
  await expect(page.getByRole('main')).toContainText(followsTo(20, 5));

  // Back to 65, as the other specs on this portal expect dc.far.
  await page.goto('/my-pension/target-age');
  await age.fill('65');
  await save.click();
  await expect(main.getByRole('status')).toContainText('Your target retirement age is now 65');
});
