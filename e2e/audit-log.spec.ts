import { expect } from '@playwright/test';
import { demoStaff } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { consoleHeading as heading, staffSignsInWithNewPasskey } from './support/staff-console';
import { testOnOwnPortal } from './support/own-portal';

// On a portal of its own: the team leader's passkey must not reach other specs' sign-ins.
const test = testOnOwnPortal('audit-log');

const teamLeader = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;

test('a team leader signs in with a passkey and reads in the audit log who signed in, and when', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await staffSignsInWithNewPasskey(page, teamLeader, 'Leader laptop');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(heading(page, 'Audit log')).toBeVisible();
  await expect(page.getByRole('row', { name: /Terry Leader/ }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Staff member’s email address').fill(teamLeader.email);
  await page.getByLabel('Action').fill('staff_sign_in');
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(page).toHaveURL(/action=staff_sign_in$/);
  const rows = page.getByRole('row', { name: / staff_sign_in Done / });
  await expect(rows.first()).toContainText('Terry Leader');
  await expect(rows.first()).toContainText('Done');

  await page.getByLabel('From').fill('2026-03-05');
  await page.getByLabel('To').fill('2026-03-04');
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The date to must be the same as or after the date from',
  );
  await expectNoAccessibilityViolations(page);
});
