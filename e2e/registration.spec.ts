import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo, typeDate } from './support/keyboard';
import { codeSentTo } from './support/member';

/**
 * Sam Patel (reference 1000009) is seeded without an account. His date of birth is read from the server:
 * it was worked out on the day the demo was seeded, which is yesterday for a test run across midnight.
 */
async function samsBirthday(request: APIRequestContext) {
  const answer = await request.get('/api/dev/unregistered-member');
  expect(answer.status()).toBe(200);
  const { dateOfBirth } = (await answer.json()) as { dateOfBirth: string };
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  return { day: String(day), month: String(month), year: String(year) };
}

test('a member registers by keyboard with the code emailed to the address on record and signs in with the new account', async ({
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

  // From here on by keyboard alone.
  const birthday = await samsBirthday(request);
  await tabTo(page, page.getByLabel('Reference number'));
  await page.keyboard.type('1000009');
  await typeDate(page, page.getByRole('group', { name: 'Date of birth' }), [
    birthday.day,
    birthday.month,
    birthday.year,
  ]);
  await tabTo(page, page.getByLabel('National Insurance number'));
  await page.keyboard.type('QQ 12 34 56 B');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your security code' })).toBeVisible();
  await expect(page.getByText('by post at your home address')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const code = await codeSentTo(request, 'sam.patel@example.org');
  await tabTo(page, page.getByLabel('Security code'));
  await page.keyboard.type(code);
  await tabTo(page, page.getByLabel('Choose a username'));
  await page.keyboard.type('sam.patel');
  // The same rule as the server's, as the member types: a common password is weak.
  const password = page.getByLabel('Choose a password');
  await tabTo(page, password);
  await page.keyboard.type('password1234');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
  await expect(
    page.getByText(/Strength: (Very weak|Weak)\. Your password is too easy to guess/),
  ).toBeVisible();
  // The browser does not know Sam's surname; the server does, and refuses a password built on it.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('patel family garden');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('must not contain your name');
  await expectNoAccessibilityViolations(page);
  await tabTo(page, password);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('my own long passphrase');
  await expect(page.getByText(/Strength: (Strong|Very strong)\. This password will do\./)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await tabTo(page, page.getByRole('link', { name: 'Sign in' }).last());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type('sam.patel');
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type('my own long passphrase');
  await page.keyboard.press('Enter');
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
