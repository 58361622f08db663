import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_STAFF_PASSWORD } from '../../apps/server/src/seed/demo-staff';

/** A page's level 1 heading by its name. */
export const consoleHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

import { virtualAuthenticator } from './virtual-authenticator';

export { virtualAuthenticator };

/**
 * Signs a member of staff in with their password and a code from their authenticator app's secret, on
 * `signInUrl` (their tenant's console: Meridian's unless given). A code is taken once: when another test
 * of the file took this half minute's, the next one is entered.
 */
export async function staffSignsInWithCode(
  page: Page,
  staff: { email: string; totpSecret: string },
  signInUrl = '/admin/sign-in',
) {
  await page.goto(signInUrl);
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(consoleHeading(page, 'Enter your code')).toBeVisible();
  await page.getByLabel('Code').fill(await generate({ secret: staff.totpSecret }));
  await page.getByLabel('Code').press('Enter');
  const taken = page.getByRole('alert').filter({ hasText: 'The code is not right' });
  const queue = consoleHeading(page, 'Case queue');
  await expect(queue.or(taken)).toBeVisible();
  if (await taken.isVisible()) {
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await page.getByLabel('Code').fill(await generate({ secret: staff.totpSecret }));
    await page.getByLabel('Code').press('Enter');
  }
  await expect(queue).toBeVisible();
}

/** Adds a passkey named `name` on Your passkeys, the virtual authenticator creating it. */
export async function addStaffPasskey(page: Page, name: string) {
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(consoleHeading(page, 'Your passkeys')).toBeVisible();
  await page.getByLabel('Name this passkey').fill(name);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Passkey “${name}” added. You can now sign in to the console with it.`,
  );
}

export async function staffSignsOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(consoleHeading(page, 'Sign in to Meridian operations')).toBeVisible();
}

/**
 * Signs a member of staff in with a passkey of their own: in with a code to add one named `name` (on a
 * virtual authenticator), out, and back in with the passkey alone, to the case queue.
 */
export async function staffSignsInWithNewPasskey(
  page: Page,
  staff: { email: string; totpSecret: string },
  name: string,
) {
  await virtualAuthenticator(page);
  await staffSignsInWithCode(page, staff);
  await addStaffPasskey(page, name);
  await staffSignsOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(consoleHeading(page, 'Case queue')).toBeVisible();
}
