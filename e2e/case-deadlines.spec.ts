import { expect } from '@playwright/test';
import { demoStaff } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { deferredMemberAsksForQuote } from './support/member';
import { consoleHeading as heading, staffSignsInWithNewPasskey } from './support/staff-console';
import { testOnOwnPortal } from './support/own-portal';

// On a portal of its own: the changed deadlines must not reach other specs' queues.
const test = testOnOwnPortal('case-deadlines');

const administrator = demoStaff.find((staff) => staff.email === 'administrator@meridian.example')!;

test('an administrator signs in with a passkey and gives quotes 10 days; the queue measures the case by it', async ({
  page,
}) => {
  // A member's request, two sign-ins, a passkey ceremony and axe on five pages.
  test.setTimeout(180_000);
  // A quote case, 2 months by the default rules.
  const caseNumber = await deferredMemberAsksForQuote(page);
  await staffSignsInWithNewPasskey(page, administrator, 'Admin laptop');

  await page.getByRole('link', { name: caseNumber }).click();
  await expect(page.getByText('Quote: 2 months from the request')).toBeVisible();

  await page.getByRole('link', { name: 'Case deadlines' }).click();
  await expect(heading(page, 'Case deadlines')).toBeVisible();
  await expect(page.getByRole('row', { name: /RTQ9, DCQ, TVS/ })).toContainText('2 months');
  await expect(page.getByText('The portal’s defaults: not changed here yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: /Change the deadlines/ }).click();
  const quote = page.getByRole('group', { name: 'RTQ9, DCQ, TVS' });
  await quote.getByLabel('Number').fill('0');
  await page.getByRole('button', { name: 'Save the deadlines' }).click();
  await expect(page.getByRole('alert')).toContainText('RTQ9, DCQ, TVS: must be at least 1');
  await expectNoAccessibilityViolations(page);
  // The summary's link takes the administrator to the field.
  await page.getByRole('link', { name: 'RTQ9, DCQ, TVS: must be at least 1' }).click();
  await expect(quote.getByLabel('Number')).toBeFocused();

  await quote.getByLabel('Number').fill('10');
  await quote.getByLabel('Of').selectOption('days');
  await quote.getByLabel('What staff read in the queue').fill('Quote: 10 days from the request');
  await page.getByRole('button', { name: 'Save the deadlines' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'The deadlines of Meridian Pension Scheme are changed: the case queue uses them now.',
  );
  await expect(page.getByText(`Set here by ${administrator.name} on`)).toBeVisible();
  await expect(page.getByRole('row', { name: /RTQ9, DCQ, TVS/ })).toContainText('10 days');
  await expectNoAccessibilityViolations(page);

  // The case is now due ten days after it was opened.
  await page.getByRole('link', { name: 'Case queue' }).click();
  await page.getByRole('link', { name: caseNumber }).click();
  await expect(heading(page, new RegExp(caseNumber))).toBeVisible();
  const due = new Date(Date.now() + 10 * 86_400_000)
    .toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' })
    .replace('Sept', 'Sep');
  await expect(page.getByText(`${due} (Quote: 10 days from the request)`)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
