import { expect, test, type Page } from '@playwright/test';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { staffSignsInWithCode } from './support/staff-console';
import { bluewaterUrl } from './support/tenants';

// Staff sign in on their tenant's host only (issue 43): Bluewater's caseworker is refused on Meridian's
// console after the right password, told where to go, and signs in on Bluewater's.
const blueCaseworker = demoStaff.find((staff) => staff.email === 'caseworker@bluewater.example')!;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function enterPassword(page: Page) {
  await page.getByLabel('Email address').fill(blueCaseworker.email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
}

test('another tenant’s caseworker is refused on this tenant’s console and signs in on their own', async ({
  page,
}) => {
  await page.goto('/admin/sign-in');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  await enterPassword(page);
  await expect(page.getByRole('alert')).toContainText('Your account works another scheme’s console');
  await expect(heading(page, 'Enter your code')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // On Bluewater's console (the helper waits for the next code if bereavement-report took this one).
  await staffSignsInWithCode(page, blueCaseworker, bluewaterUrl('/admin/sign-in'));
});
