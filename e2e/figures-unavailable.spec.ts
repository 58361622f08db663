import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

// A portal whose calculation provider is unreachable (nothing listens on port 1): every figure request fails as
// it would in production, with no stand-in answering instead.
let portal: OwnPortal;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startOwnPortal('calculation-down', { CALCULATION_API_URL: 'http://127.0.0.1:1' });
});
test.afterAll(async () => portal?.stop());
const calculationDownUrl = (path: string) => portal.url(path);

async function signIn(page: Page, username: string) {
  await page.goto(calculationDownUrl('/login'));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The portal is started by this spec, beside the shared ones: its first pages may be slow.
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible({
    timeout: 20_000,
  });
}

const unavailable = (page: Page) =>
  page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: 'Your pension figures are unavailable' }) });

test('the hub says the figures are unavailable, shows no figures, and keeps everything else', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  const summary = page.getByRole('region', { name: 'Your Meridian Final Salary Section record' });
  await expect(unavailable(page)).toBeVisible();
  await expect(unavailable(page)).toContainText('Everything else is shown as usual');
  await expect(summary).not.toContainText('£');
  await expect(summary).not.toContainText('Pension from');
  await expect(page.getByRole('heading', { level: 2, name: 'What you can do' })).toBeVisible();
  // Task cards word themselves without the figure: no dash stands in for it.
  const myPension = page
    .locator('.task-card')
    .filter({ has: page.getByRole('heading', { name: 'My pension' }) });
  await expect(myPension).toContainText('When you can retire and what you could get.');
  await expect(myPension).not.toContainText('normal retirement age');
  for (const card of await page.locator('.task-card').allTextContents())
    expect(card).not.toMatch(/(^|\s)-(\s|$)/);
  await expect(page.getByText('Sorry, there is a problem with the service')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/figures-unavailable-hub.png', fullPage: true });
  await expectNoAccessibilityViolations(page);
});

test('a content page with figures says they are unavailable and still shows the member’s own details', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  await page.goto(calculationDownUrl('/my-pension'));
  await expect(page.getByRole('heading', { level: 1, name: 'My pension' })).toBeVisible();
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByText(/Your reference number is 1000001/)).toBeVisible();
  // The content words its sentences for this: no figure sentence is left reading "-".
  await expect(page.getByText('Hello Mrs Margaret Hughes.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('normal retirement date is');
  await expect(page.getByRole('main')).not.toContainText(' -');
  await expect(page.getByRole('heading', { name: 'When you can retire' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('£');
  await expect(page.getByRole('main')).not.toContainText('[[');
  await page.screenshot({
    path: 'test-results/screenshots/figures-unavailable-my-pension.png',
    fullPage: true,
  });
  await expectNoAccessibilityViolations(page);
});
