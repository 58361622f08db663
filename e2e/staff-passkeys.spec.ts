import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { staffSignsOut as signOut, virtualAuthenticator } from './support/staff-console';

// Staff passkeys (issue 43) with Chromium's virtual authenticator (a platform authenticator that keeps
// discoverable passkeys and verifies the user): a caseworker signs in with password and code, adds a
// passkey on Your passkeys, signs out and back in with the passkey alone, then removes it, after which
// the passkey is refused. The shared portal: no other spec signs staff in there.
const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a caseworker adds a passkey, signs in to the console with it alone, and removes it', async ({
  page,
}) => {
  // Three sign-ins, two ceremonies and axe on six pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto('/admin');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Email address').fill(caseworker.email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await page.getByLabel('Code').fill(await generate({ secret: caseworker.totpSecret }));
  await page.getByLabel('Code').press('Enter');
  await expect(heading(page, 'Case queue')).toBeVisible();

  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(heading(page, 'Your passkeys')).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('link', { name: 'Enter a name for the passkey' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Name this passkey').fill('Work laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Passkey “Work laptop” added. You can now sign in to the console with it.',
  );
  const row = page.getByRole('row', { name: /Work laptop/ });
  await expect(row).toContainText('Never');
  await expectNoAccessibilityViolations(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Signed out, then in with the passkey alone: no password, no code.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(heading(page, 'Case queue')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toContainText(caseworker.name);
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(page.getByRole('row', { name: /Work laptop/ })).not.toContainText('Never');

  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(page.getByRole('heading', { name: 'Remove Work laptop?' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Yes, remove Work laptop' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Passkey “Work laptop” removed: it no longer signs you in.',
  );
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds it, but the console no longer knows it.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not one we know');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
