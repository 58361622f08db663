import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { birthdayAtAge } from '@meridian/contracts';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub as signIn } from './support/member';
import { pdfText } from '../apps/server/test/pdf-text';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The planner table's row for an age, by its row header. */
const rowFor = (page: Page, age: number) =>
  page
    .getByRole('table', { name: 'Your pension at each age you could retire, before tax' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(age), exact: true }) });

/** The day, month and year boxes of a date field. */
async function typeDate(page: Page, group: string, date: string) {
  const [year, month, day] = date.split('-');
  const field = page.getByRole('group', { name: group });
  await field.getByLabel('Day').fill(String(Number(day)));
  await field.getByLabel('Month').fill(String(Number(month)));
  await field.getByLabel('Year').fill(year!);
}

test('db.active (40) plans retirement at 60 and 67 from their figures, with the chart and the table', async ({
  page,
}) => {
  await signIn(page, 'db.active');
  const plan = await (await page.request.get('/mdp-api/api/retirement/planner')).json();
  const main = page.getByRole('main');

  // "Choose another date" on the figures leads to the planner, not to a dead end.
  await page.goto('/retirement/figures');
  await main.getByRole('link', { name: 'Choose another date and see your options' }).click();
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  await expect(main.getByText('You cannot apply online yet')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'When you could take your pension' })).toBeVisible();
  await expect(main).toContainText('which rises from 55 to 57 on 6 April 2028: for you it is 57');
  await expect(
    main.getByRole('img', { name: /^Bar chart of your pension a year at each age from 57 to 75: / }),
  ).toBeVisible();
  await expect(rowFor(page, 60)).toContainText('Reduced: 60 months early, × 0.802');
  await expect(rowFor(page, 65)).toContainText('None: your normal retirement age');
  await expect(rowFor(page, 67)).toContainText('Increased: 24 months late, × 1.1025');
  await expect(main.getByRole('button', { name: 'Apply for this option' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // An age the rules do not allow is refused with the ages that are.
  await main.getByLabel('Age you would retire at').fill('55');
  await main.getByRole('button', { name: 'Show my figures' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter an age in whole years from 57 to 75');
  await expectNoAccessibilityViolations(page);

  // At 60, by age: the figures match the table's row for 60.
  await main.getByLabel('Age you would retire at').fill('60');
  await main.getByRole('button', { name: 'Show my figures' }).click();
  const at60 = rowFor(page, 60).getByRole('cell');
  await expect(
    main.getByRole('heading', { name: `If you retire on ${await at60.nth(0).innerText()}` }),
  ).toBeVisible();
  const figures = main.locator('.planner__figures');
  await expect(figures.getByRole('definition').nth(1)).toHaveText(`${await at60.nth(2).innerText()} a year`);
  await expect(figures.getByRole('definition').nth(2)).toHaveText(await at60.nth(3).innerText());
  await figures.getByText('How we worked this out').click();
  await expect(figures).toContainText(/£52,000\.00 salary × \d+ months ÷ 12 × 1\/60 = /);
  await expect(figures).toContainText('× 0.802 for 60 months early');
  await expectNoAccessibilityViolations(page);

  // At 67, by date: the late retirement increase.
  await main.getByLabel('On a date').check();
  await typeDate(page, 'Date you would retire', birthdayAtAge(plan.dateOfBirth, 67));
  await main.getByRole('button', { name: 'Show my figures' }).click();
  const at67 = rowFor(page, 67).getByRole('cell');
  await expect(
    main.getByRole('heading', { name: `If you retire on ${await at67.nth(0).innerText()}` }),
  ).toBeVisible();
  await expect(main.locator('.planner__figures')).toContainText('Increased: 24 months late, × 1.1025');
  await expect(main.locator('.planner__figures').getByRole('definition').nth(1)).toHaveText(
    `${await at67.nth(2).innerText()} a year`,
  );
  await expectNoAccessibilityViolations(page);
});

test('db.avc sees the £38,450 AVC fund taken as tax-free cash first', async ({ page }) => {
  await signIn(page, 'db.avc');
  await page.goto('/retirement/options');
  const main = page.getByRole('main');
  await expect(main).toContainText(
    'The most tax-free cash includes your AVC fund of £38,450.00, taken first.',
  );
  await main.getByLabel('Age you would retire at').fill('60');
  await main.getByRole('button', { name: 'Show my figures' }).click();
  await expect(main.getByRole('heading', { name: 'Your AVC fund of £38,450.00' })).toBeVisible();
  await expect(main).toContainText('With the most tax-free cash, £38,450.00 comes from your AVC fund');
  // At 60 MDB's AVC pension factor is 28: £38,450 / 28 = £1,373.214… → £1,373.21 a year, worked by hand.
  await expect(main).toContainText(
    'As extra pension. Any part you do not take as cash buys extra pension on top of the figures shown here: all of it would buy £1,373.21 a year (at your age, £28 of AVC fund buys £1 a year of pension).',
  );
  await expectNoAccessibilityViolations(page);

  // The options PDF says the same.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('link', { name: 'Download these figures (PDF)' }).click(),
  ]);
  const text = (await pdfText(await readFile((await download.path())!))).replace(/\s+/g, ' ');
  expect(text).toContain('Full pension, with your AVC fund as tax-free cash');
  expect(text).toContain('From your AVC fund £38,450.00');
  expect(text).toContain('Your AVC fund');
  expect(text).toContain(
    '£1,373.21 a year if none of it is taken as cash (£28 of fund buys £1 a year at your age)',
  );
});

test('db.retiring, inside the window, plans at any age beside the application', async ({ page }) => {
  await signIn(page, 'db.retiring');
  await page.goto('/retirement/options');
  const main = page.getByRole('main');
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  // The application, as before (or where it stands, if another spec has applied)...
  await expect(
    main
      .getByRole('button', { name: 'Show my options' })
      .or(main.getByText(/You have (sent your application|an application in progress)/))
      .first(),
  ).toBeVisible();
  await expect(main.getByText('You cannot apply online yet')).toHaveCount(0);
  // ...and the planner: every age from the earliest to the latest, as a chart and a table.
  await expect(main.getByRole('heading', { name: 'Plan at any age' })).toBeVisible();
  const plan = await (await page.request.get('/mdp-api/api/retirement/planner')).json();
  const oldest = plan.ages.at(-1).age as number;
  await expect(
    main.getByRole('img', { name: /^Bar chart of your pension a year at each age from \d+ to 75: / }),
  ).toBeVisible();
  await expect(rowFor(page, oldest)).toContainText(/Increased: \d+ months late/);
  await expectNoAccessibilityViolations(page);

  // A date past the application window is modelled, not refused.
  await main.getByLabel('Age you would retire at').fill('70');
  await main.getByRole('button', { name: 'Show my figures' }).click();
  const at70 = rowFor(page, 70).getByRole('cell');
  await expect(
    main.getByRole('heading', { name: `If you retire on ${await at70.nth(0).innerText()}` }),
  ).toBeVisible();
  await expect(main.locator('.planner__figures').getByRole('definition').nth(1)).toHaveText(
    `${await at70.nth(2).innerText()} a year`,
  );
  await expectNoAccessibilityViolations(page);
});

test('db.active and db.avc see the service and salary their pension is built from', async ({ page }) => {
  await signIn(page, 'db.active');
  await page.goto('/my-pension');
  const main = page.getByRole('main');
  const service = main.getByRole('region', { name: 'Your service and salary' });
  await expect(service.getByRole('heading', { name: 'Your service and salary' })).toBeVisible();
  await expect(service).toContainText('16 years 5 months: from');
  await expect(service).toContainText('and you are still building it up');
  await expect(service).toContainText('1/60 of your pensionable salary for each year of pensionable service');
  const salaries = service.getByRole('table', { name: 'Your pensionable salary' });
  await expect(salaries.getByRole('row')).toHaveCount(6);
  await expect(salaries.getByRole('row').last()).toContainText('Now£52,000.00');
  await service.getByText('How we worked this out').click();
  await expect(service).toContainText('£52,000.00 × 1/60 = £866.67 a year for each year');
  await expectNoAccessibilityViolations(page);

  await signIn(page, 'db.avc');
  await page.goto('/my-pension');
  const deferred = page.getByRole('main').getByRole('region', { name: 'Your service and salary' });
  await expect(deferred).toContainText(/Pensionable service\d+ years( \d+ months?)?: from .+ to /);
  await expect(deferred.getByRole('table', { name: 'Your pensionable salary' }).getByRole('row')).toHaveCount(
    4,
  );
  await deferred.getByText('How we worked this out').click();
  await expect(deferred).toContainText(
    'Your pension was fixed from your pensionable service and salary when you left',
  );
  await expectNoAccessibilityViolations(page);
});
