import { expect as baseExpect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { codeSentTo, DEMO_PASSWORD } from './support/member';
import { testOnOwnPortal } from './support/own-portal';

// Two-step verification (issue 41): on a portal of its own, since turning it on changes how dc.far signs
// in for every spec after it.
const test = testOnOwnPortal('two-step');
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const MEMBER = 'dc.far';
/** dc.far's mobile on file (the demo's), where a text goes. */
const MOBILE = '+447912345678';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The app's code for a 30-second step from now (0: this one): each step's code is taken once. */
const appCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function password(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(MEMBER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Enter your code')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in')).toBeVisible();
}

test('a member sets up an authenticator app, then signs in with its code, with a code texted to the mobile they chose, and with a recovery code', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(MEMBER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();

  await page.goto('/my-details/security');
  await expect(heading(page, 'Sign-in and security')).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-step verification' }).click();
  await expect(heading(page, 'Set up two-step verification')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the 6-digit code from your authenticator app');
  await expectNoAccessibilityViolations(page);

  const key = (await page.locator('.two-step-key code').textContent())!;
  expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = key.replaceAll(' ', '');
  await page.getByLabel('6-digit code from your authenticator app').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(heading(page, 'Save your recovery codes')).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(heading(page, 'Sign-in and security')).toBeVisible();
  await expect(page.getByText('10 of 10')).toBeVisible();
  await signOut(page);

  // The next step's code: the one that turned it on cannot be used again.
  await password(page);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Code from your authenticator app').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();
  await signOut(page);

  // By keyboard alone: a recovery code instead of the app.
  await password(page);
  await tabTo(page, page.getByRole('button', { name: 'Use a recovery code instead' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.keyboard.type(codes[0]!);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your pension')).toBeVisible();
  await signOut(page);

  // A code instead of the app: with an email and a mobile on file, the member chooses where it goes.
  await password(page);
  const choice = page.getByRole('group', { name: 'Get a code instead' });
  await expect(choice.getByLabel('Email me a code to d•••@example.org')).toBeVisible();
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose whether to get a text or an email');
  await expectNoAccessibilityViolations(page);
  await choice.getByLabel('Text me a code to your mobile •••• 5678').check();
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText('We sent a 6-digit code to your mobile •••• 5678')).toBeVisible();
  await page.getByLabel('Code we sent you').fill(await codeSentTo(page.request, MOBILE));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();
  await signOut(page);

  // The same recovery code a second time is refused, with an error summary.
  await password(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expectNoAccessibilityViolations(page);

  // The embedded provider's sign-in page asks for a code too, on a page of its own.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with your Meridian account' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
  await page.getByLabel('Username').fill(MEMBER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await expect(page.getByLabel('Code from your authenticator app')).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();
});
