import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';

/** Sam Patel (reference 1000009) is seeded without an account; his age is 48 years 6 months today. */
function samsBirthday() {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - 48, today.getUTCMonth() - 6, 1));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(today.getUTCDate(), lastDay));
  return {
    day: String(date.getUTCDate()),
    month: String(date.getUTCMonth() + 1),
    year: String(date.getUTCFullYear()),
  };
}

test('a member registers with the code emailed to the address on record and signs in with the new account', async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Enter your reference number');
  await expect(summary).toContainText('Enter your date of birth');
  await expectNoAccessibilityViolations(page);

  const birthday = samsBirthday();
  await page.getByLabel('Reference number').fill('1000009');
  await page.getByLabel('Day').fill(birthday.day);
  await page.getByLabel('Month').fill(birthday.month);
  await page.getByLabel('Year').fill(birthday.year);
  await page.getByLabel('National Insurance number').fill('QQ 12 34 56 B');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your security code' })).toBeVisible();
  await expect(page.getByText('by post at your home address')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const outbox = await request.get('/api/dev/outbox?recipient=sam.patel@example.org');
  const code = /\b(\d{6})\b/.exec((await outbox.json()).messages[0].body)![1]!;
  await page.getByLabel('Security code').fill(code);
  await page.getByLabel('Choose a username').fill('sam.patel');
  await page.getByLabel('Choose a password').fill('my own long passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Username').fill('sam.patel');
  await page.getByLabel('Password').fill('my own long passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome, Mr Sam Patel.')).toBeVisible();
});

test('details that match no record get the same answer, and no code is sent anywhere', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  await page.getByLabel('Reference number').fill('1000001');
  await page.getByLabel('Day').fill('1');
  await page.getByLabel('Month').fill('1');
  await page.getByLabel('Year').fill('1950');
  await page.getByLabel('National Insurance number').fill('AB123456C');
  const asked = new Date().toISOString();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your security code' })).toBeVisible();
  // Other journeys in the run write to this member too: only what was sent since asking counts.
  const outbox = await request.get('/api/dev/outbox?recipient=db.deferred@example.org');
  const { messages } = (await outbox.json()) as { messages: Array<{ createdAt: string }> };
  expect(messages.filter((message) => message.createdAt >= asked)).toEqual([]);
});
