import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { messageTo } from './support/member';
import { testOnOwnPortal } from './support/own-portal';

// On a portal of its own whose mail server refuses every connection (port 9), so email fails and waits.
const test = testOnOwnPortal('outbox-console', {
  SMTP_URL: 'smtp://127.0.0.1:9',
  JOB_POLL_MS: '1000',
});

const teamLeader = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;
const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/**
 * `stepsAhead`: a code of the next 30-second step, for staff whose code of this step was just used;
 * `landing`: the page they land on (a content editor works no cases, so has no queue).
 */
async function staffSignIn(
  page: Page,
  staff: { email: string; totpSecret: string },
  stepsAhead = 0,
  landing = 'Case queue',
) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await page
    .getByLabel('Code')
    .fill(
      await generate({ secret: staff.totpSecret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 }),
    );
  await page.getByLabel('Code').press('Enter');
  await expect(heading(page, landing)).toBeVisible();
}

test('a team leader sees a message the mail server refused, with its tries and error, and sends it again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A member asks for a password reset: the request answers at once, the email waits for the mail server.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await page.getByLabel('Username or email address').fill('db.active');
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(heading(page, 'Enter the code and a new password')).toBeVisible();
  await messageTo(request, 'db.active@example.org', /code/);

  await staffSignIn(page, teamLeader);
  await tabTo(page, page.getByRole('link', { name: 'Outbox' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Outbox')).toBeVisible();
  const row = page.getByRole('row', { name: /db\.active@example\.org/ }).first();
  // The worker tries within a second or two and the refusal is recorded.
  await expect(async () => {
    await page.getByRole('button', { name: 'Show messages' }).click();
    await expect(row).toContainText('Failed, will try again', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(/ECONNREFUSED|connect/);
  await expect(row).not.toContainText(/\b\d{6}\b/);
  // How many messages there are, counted by the server across every page.
  await expect(page.getByText(/^[\d,]+ messages?$/)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Status').selectOption('failed');
  await page.getByRole('button', { name: 'Show messages' }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Send again to db.active@example.org' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The message to db.active@example.org will be sent again.',
  );
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Webhook deliveries' }).click();
  await expect(heading(page, 'Webhook deliveries')).toBeVisible();
  await expect(page.getByText('No webhook deliveries yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a caseworker sees the outbox but is offered no resend', async ({ page }) => {
  await staffSignIn(page, caseworker);
  await page.goto('/admin/outbox');
  await expect(heading(page, 'Outbox')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send again/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

test('an administrator opens Integration clients from the menu; a caseworker is not offered it', async ({
  page,
}) => {
  const administrator = demoStaff.find((staff) => staff.role === 'administrator')!;
  await staffSignIn(page, administrator);
  await tabTo(page, page.getByRole('link', { name: 'Integration clients' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Integration clients')).toBeVisible();
  await expect(page.getByText('No integration clients yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Added in the console: nothing chosen is refused in the error summary, then its secret is shown once.
  await page.getByLabel('Name', { exact: true }).fill('Pensions office');
  await page.getByRole('button', { name: 'Add the client' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose at least one thing it may do');
  await page.getByLabel(/Read cases and their documents/).check();
  await page.getByLabel(/Change a case’s status/).check();
  await page.getByRole('button', { name: 'Add the client' }).click();
  const secret = page.getByRole('region', { name: 'The client id and secret for Pensions office' });
  await expect(secret).toContainText(/mis_[\w-]{43}/);
  await expect(page.getByRole('row', { name: /Pensions office/ })).toContainText('cases:read, cases:write');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(/mis_/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  // The caseworker signed in a moment ago in the test before: this step's code is spent.
  await staffSignIn(page, caseworker, 1);
  await expect(page.getByRole('link', { name: 'Integration clients' })).toHaveCount(0);
  await page.goto('/admin/integration-clients');
  await expect(page.getByText('Only administrators can see the integration clients.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a content editor signs in to what the console offers them and opens Content: their site’s pages, journeys and loading', async ({
  page,
}) => {
  const editor = demoStaff.find((staff) => staff.role === 'content_editor')!;
  await staffSignIn(page, editor, 0, 'What you can do here');
  await page.getByRole('main').getByRole('link', { name: 'Content' }).click();
  await expect(heading(page, 'Content')).toBeVisible();
  const meridian = page.getByRole('region', { name: 'Meridian Pension Scheme (localhost)' });
  await expect(meridian).toContainText('Valid: they would load');
  await expect(meridian.getByRole('row', { name: /Apply for your pension/ })).toContainText(
    'dbcoreretirementapplication',
  );
  await expect(meridian.getByRole('link', { name: '/help on the member site' })).toHaveAttribute(
    'href',
    /\/\/localhost(:\d+)?\/help$/,
  );
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Load content from files now for Meridian Pension Scheme' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Meridian Pension Scheme’s content is loaded from the files: version',
  );
  await expectNoAccessibilityViolations(page);
});
