import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { answerBusy, expectBusyThenTryAgain } from './support/busy';
import { bluewaterUrl } from './support/tenants';
import { money, personaPence } from './support/money';
import { formatCurrency, formatCurrencyPerYear } from '../apps/web/src/lib/format';

async function signInToHub(page: Page, username: string, loginUrl = '/login') {
  await page.goto(loginUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What you can do' })).toBeVisible();
}

const taskCard = (page: Page, title: string) =>
  page.locator('.task-card').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

/** The most tax-free cash and the pension beside it, in one precision: whole pounds or pence for both. */
async function expectOnePrecision(row: Locator) {
  await expect(row).toHaveText(/^£[\d,]+ and £[\d,]+ a year$|^£[\d,]+\.\d{2} and £[\d,]+\.\d{2} a year$/);
}

async function capture(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/hub-${name}.png`, fullPage: true });
  await expectNoAccessibilityViolations(page);
}

test('db.deferred: retirement window alert, pension figures and task cards with their status', async ({
  page,
}) => {
  // Members never load the operations console's code: router.tsx imports features/console lazily, which
  // Vite emits as its own assets/console-<hash>.js and .css, fetched only under /admin.
  const consoleAssets: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/console-[^/]+\.(js|css)$/.test(new URL(request.url()).pathname))
      consoleAssets.push(request.url());
  });
  await signInToHub(page, 'db.deferred');
  const summary = page.getByRole('region', { name: 'Your Meridian Final Salary Section record' });
  await expect(summary).toContainText(new RegExp(String.raw`Pension from \d{2} \w{3} \d{4}${money} a year`));
  await expectOnePrecision(summary.getByRole('definition').filter({ hasText: ' and £' }));
  await expect(page.getByRole('heading', { name: /You can take your pension now/ })).toBeVisible();
  const myPension = taskCard(page, 'My pension');
  await expect(myPension.locator('.task-tag')).toHaveText('You can take your pension now');
  await expect(myPension).toContainText(/Your normal retirement age is \d+\./);
  await myPension.getByRole('link', { name: 'See my pension' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My pension' })).toBeVisible();
  await page.goBack();
  await expect(taskCard(page, 'Help and contact').getByRole('link', { name: 'Get help' })).toBeVisible();
  await capture(page, 'db-deferred');
  expect(consoleAssets).toEqual([]);
});

test('dc.near: target retirement date, not the normal one, on the summary and the card', async ({ page }) => {
  await signInToHub(page, 'dc.near');
  const summary = page.getByRole('region', { name: 'Your Meridian Retirement Savings Section record' });
  await expect(summary.getByRole('term')).toContainText(['Target retirement date']);
  await expect(summary).not.toContainText('Normal retirement date');
  const target = await summary
    .getByRole('definition')
    .filter({ hasText: /in (\d+ months|\d+ months?, \d+ weeks?)/ })
    .textContent();
  const targetDate = /\d{2} \w{3} \d{4}/.exec(target ?? '')?.[0];
  expect(targetDate).toBeTruthy();
  const myPension = taskCard(page, 'My pension');
  await expect(myPension.locator('.task-tag')).toHaveText(`Target retirement date ${targetDate}`);
  await expect(myPension).toContainText(/Your target retirement age is \d+\./);
  // A savings pot has a target retirement date: no "normal" or bare "target date" wording anywhere,
  // the assumptions under "How we worked this out" included.
  await summary.getByText('How we worked this out').click();
  await expect(summary).toContainText('towards the target retirement date');
  await expect(page.getByRole('main')).not.toContainText(/normal retirement|target date/i);
  await expect(summary).toContainText('in today’s money');
  await expect(page.getByRole('heading', { name: /You can take your pension now/ })).toBeVisible();
  await capture(page, 'dc-near');
});

test('db.pensioner: the pension being paid, the next payment, and the payments page, busy or not', async ({
  page,
}) => {
  await signInToHub(page, 'db.pensioner');
  const summary = page.getByRole('region', { name: 'Your Meridian Final Salary Section record' });
  // The pension in payment the seed data holds, a twelfth of it paid each month, tax worked out by the engine.
  const yearlyPence = personaPence('db.pensioner', 'pensionInPaymentPence');
  const annualPension = formatCurrencyPerYear(yearlyPence);
  const gross = formatCurrency(Math.round(yearlyPence / 12));
  await expect(summary).toContainText(`Pension being paid${annualPension}`);
  const payment = new RegExp(
    String.raw`Next payment(\d{2} \w{3} \d{4}): (${money}) paid to you \(${gross.replace('.', '\\.')} before (${money}) tax\)`,
  );
  await expect(summary).toContainText(payment);
  const [, nextDate, net, tax] = payment.exec((await summary.textContent()) ?? '')!;
  const card = taskCard(page, 'Your pension payments');
  await expect(card.locator('.task-tag')).toHaveText(`Next payment ${nextDate}`);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Your payments' })).toBeVisible();
  // No retirement modelling for a member already retired: no "My pension" forecast, no application.
  await expect(taskCard(page, 'My pension')).toHaveCount(0);
  await expect(taskCard(page, 'Apply for your pension')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(
    /Normal retirement date|You can take your pension now/,
  );
  await capture(page, 'db-pensioner');
  await card.getByRole('link', { name: 'See your payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension payments' })).toBeVisible();
  // The next payment the hub shows, as the payments page works it out; the last one paid is as large.
  const next = page.getByRole('main').locator('dl').first();
  await expect(next).toContainText(
    `Paid on${nextDate}Before tax${gross}Tax taken off${tax}Paid to you${net}`,
  );
  await expect(page.getByRole('main')).toContainText(/The next increase is on 01 Apr \d{4}/);
  const rows = page.getByRole('table', { name: /Payments in the tax year/ }).getByRole('row');
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(gross);
  await page.screenshot({
    path: 'test-results/screenshots/pension-payments-db-pensioner.png',
    fullPage: true,
  });
  await expectNoAccessibilityViolations(page);

  // The My pension page tells a pensioner what they are paid, not when they could retire.
  await page.goto('/my-pension');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Your pension is being paid' })).toBeVisible();
  await expect(main).toContainText(
    `We pay you ${annualPension} before tax. Your next payment is on ${nextDate}.`,
  );
  await expect(main).not.toContainText(/When you can retire|If you retire on|normal retirement/i);
  await expectNoAccessibilityViolations(page);

  // While the service is busy the payments page says so, where it said no pension was paid.
  const busy = await answerBusy(page, (path) => path === '/mdp-api/api/members/current/pension-payments');
  await page.goto('/pension-payments');
  await expectBusyThenTryAgain(page, 'show your payments', busy);
  await expect(main).toContainText(`Paid on${nextDate}`);
});

test('db.avc: the AVC fund and the guaranteed transfer value with its expiry', async ({ page }) => {
  await signInToHub(page, 'db.avc');
  const summary = page.getByRole('region', { name: 'Your Meridian Final Salary Section record' });
  await expect(summary).toContainText(
    `Your AVC fund${formatCurrency(personaPence('db.avc', 'avcFundPence'))}`,
  );
  await expectOnePrecision(summary.getByRole('definition').filter({ hasText: ' and £' }));
  await expect(summary).toContainText(
    new RegExp(
      String.raw`Guaranteed transfer value${money}, guaranteed until \d{2} \w{3} \d{4} \(quote issued \d{2} \w{3} \d{4}\)`,
    ),
  );
  await capture(page, 'db-avc');
});

test('db.active: far from retirement, no alert to take the pension, the transfer value they asked for', async ({
  page,
}) => {
  await signInToHub(page, 'db.active');
  await expect(page.getByRole('heading', { name: /You can take your pension now/ })).toHaveCount(0);
  await expect(taskCard(page, 'My pension').locator('.task-tag')).toHaveText(
    /^Retire from \d{2} \w{3} \d{4}$/,
  );
  // out of the application window, yet the planner is open to them at any age
  const planner = taskCard(page, 'Apply for your pension');
  await expect(planner.locator('.task-tag')).toHaveText('You can plan at any age now');
  await expect(planner).toContainText('See your pension and tax-free cash at any age or date you choose');
  // the statement of entitlement they asked for 10 days ago
  await expect(page.getByRole('region', { name: 'Your Meridian Final Salary Section record' })).toContainText(
    /Guaranteed transfer value£[\d,.]+, guaranteed until \d{2} \w{3} \d{4} \(quote issued \d{2} \w{3} \d{4}\)/,
  );
  await capture(page, 'db-active');
});

test('dc.far: the target date decades away', async ({ page }) => {
  await signInToHub(page, 'dc.far');
  const summary = page.getByRole('region', { name: 'Your Meridian Retirement Savings Section record' });
  await expect(summary).toContainText(/Target retirement date\d{2} \w{3} 20[56]\d \(in 29 years/);
  await capture(page, 'dc-far');
});

test('dc.far: a busy service says so on the hub and shows the pension after Try again', async ({ page }) => {
  await signInToHub(page, 'dc.far');
  const busy = await answerBusy(page, (path) => path === '/mdp-api/api/members/personal-details');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await expectBusyThenTryAgain(page, 'show your pension', busy);
  await expect(page.getByText(/^Welcome, /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What you can do' })).toBeVisible();
});

test('linked: both records in the picker, and a confirmation after switching', async ({ page }) => {
  await signInToHub(page, 'linked');
  const picker = page.getByRole('group', { name: 'Your records' });
  await expect(picker.getByRole('radio')).toHaveCount(2);
  await expect(picker).toContainText('Meridian Final Salary Section (1000007)');
  await expect(picker).toContainText('Meridian Retirement Savings Section (1000008)');
  await expect(page.getByRole('region', { name: 'Your Meridian Final Salary Section record' })).toBeVisible();
  // Content is chosen for the record shown from the start, before any choice in the picker.
  await expect(page.getByRole('heading', { name: /You can take your pension now/ })).toBeVisible();
  await expect(taskCard(page, 'My pension').locator('.task-tag')).toHaveText('You can take your pension now');
  await capture(page, 'linked-db');
  await picker.getByLabel(/Meridian Retirement Savings Section \(1000008\)/).check();
  await page.getByRole('button', { name: 'Show this record' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'You are now seeing your' });
  await expect(confirmation).toContainText(
    'You are now seeing your Meridian Retirement Savings Section record',
  );
  await expect(confirmation).toBeFocused();
  const summary = page.getByRole('region', { name: 'Your Meridian Retirement Savings Section record' });
  await expect(summary).toContainText('1000008');
  await expect(summary).toContainText('Target retirement date');
  await expect(taskCard(page, 'My pension').locator('.task-tag')).toHaveText(/^Target retirement date /);
  await capture(page, 'linked-dc');
});

test('second tenant: its own member, its own cards', async ({ page }) => {
  await signInToHub(page, 'second.member', bluewaterUrl('/login'));
  const summary = page.getByRole('region', { name: 'Your Bluewater Defined Benefit Plan record' });
  await expect(summary).toContainText('2000001');
  // The plan's figures are for a date before the normal retirement date, and say so.
  await expect(summary).toContainText('(taken early, before your normal retirement date)');
  await expectOnePrecision(summary.getByRole('definition').filter({ hasText: ' and £' }));
  await expect(taskCard(page, 'Help and contact')).toContainText('0300');
  await expect(taskCard(page, 'My pension')).toHaveCount(0);
  await capture(page, 'bluewater-second-member');
});
