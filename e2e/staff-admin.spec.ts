import { expect } from '@playwright/test';
import { demoStaff } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { messageTo } from './support/member';
import { consoleHeading as heading, staffSignsInWithCode } from './support/staff-console';
import { testOnOwnPortal } from './support/own-portal';

// On a portal of its own: the staff it adds and the receiver (whose deliveries fail) must not reach
// other specs' pages.
const test = testOnOwnPortal('staff-admin');

const administrator = demoStaff.find((staff) => staff.email === 'administrator@meridian.example')!;
const newcomer = 'nia.newcomer@meridian.example';

test('an administrator adds a caseworker, who is emailed a set-up link, then disables them; and adds a webhook receiver, seeing its secret once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await staffSignsInWithCode(page, administrator);
  const menu = page.getByRole('navigation', { name: 'Console' });

  await menu.getByRole('link', { name: 'Staff accounts' }).click();
  await expect(heading(page, 'Staff accounts')).toBeVisible();
  await expect(page.getByRole('row', { name: /Casey Worker/ })).toContainText('Caseworker');
  await expectNoAccessibilityViolations(page);

  // Nothing filled in: the error summary names each field, and its link moves focus to it.
  await page.getByRole('button', { name: 'Add and send the set-up link' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Enter their full name');
  await expect(summary).toContainText('Choose a role');
  await summary.getByRole('link', { name: 'Enter their full name' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Full name').fill('Nia Newcomer');
  await page.getByLabel('Email address').fill(newcomer);
  await page.getByLabel('Role', { exact: true }).selectOption('caseworker');
  await page.getByRole('button', { name: 'Add and send the set-up link' }).click();
  await expect(page.getByRole('status')).toContainText(`We have emailed ${newcomer} a link`);
  const row = page.getByRole('row', { name: /Nia Newcomer/ });
  await expect(row).toContainText('Waiting to set a password');
  await expect(row).toContainText('Not set up');

  // The set-up message is in the demo outbox; its link opens the set-up page for them.
  const body = await messageTo(page.request, newcomer, /\/admin\/set-up#/);
  const link = /(https?:\/\/\S+\/admin\/set-up#[\w-]+)/.exec(body)![1]!;
  const theirs = await browser.newContext({ baseURL });
  const theirPage = await theirs.newPage();
  await theirPage.goto(link.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(heading(theirPage, 'Set your password')).toBeVisible();
  await expectNoAccessibilityViolations(theirPage);
  await theirPage.getByLabel('New password').fill('harbour violet engine mango 17');
  await theirPage.getByLabel('Enter the password again').fill('harbour violet engine mango 17');
  await theirPage.getByRole('button', { name: 'Set my password' }).click();
  await expect(heading(theirPage, 'Your password is set')).toBeVisible();
  await theirs.close();

  // Disabled, after confirming.
  await row.getByRole('button', { name: 'Disable Nia Newcomer' }).click();
  await page.getByRole('button', { name: 'Yes, disable Nia Newcomer' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Nia Newcomer is disabled: they are signed out and cannot sign in.',
  );
  await expect(row).toContainText('Disabled');
  await expectNoAccessibilityViolations(page);

  await menu.getByRole('link', { name: 'Webhook receivers' }).click();
  await expect(heading(page, 'Webhook receivers')).toBeVisible();
  await expect(page.getByText('No webhook receivers yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // A plain http:// address elsewhere is refused by the server, in the error summary.
  await page.getByLabel('Address').fill('http://admin.example.org/meridian-hooks');
  await page.getByRole('button', { name: 'Add the receiver' }).click();
  await expect(page.getByRole('alert')).toContainText('must be an https:// address');
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Address').fill('https://admin.example.org/meridian-hooks');
  await page.getByLabel(/A case changes status/).uncheck();
  await page.getByRole('button', { name: 'Add the receiver' }).click();
  const secret = page.getByRole('region', { name: /The signing secret for/ });
  await expect(secret).toContainText('it is not shown again');
  await expect(secret).toContainText(/whsec_[\w-]{20,}/);
  await expect(page.getByRole('row', { name: /admin\.example\.org/ })).toContainText(
    'A case is opened, A case is completed or rejected',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await page.reload();
  await expect(heading(page, 'Webhook receivers')).toBeVisible();
  await expect(page.getByRole('row', { name: /admin\.example\.org/ })).toBeVisible();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
});
