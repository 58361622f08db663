import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePng } from './support/files';
import { codeSentTo, signInToHub } from './support/member';
import { bluewaterUrl } from './support/tenants';

// Bluewater's retirement application is its content files alone (content/tenants/bluewater/): the
// journey, its pages in Bluewater's words and the page that starts it, run by the one journey engine.

// Fifteen pages, each checked with axe: well under a minute on a quiet machine, more on a loaded one.
test.describe.configure({ timeout: 150_000 });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

/** Checks the page is the one named and passes axe. */
async function onPage(page: Page, title: string) {
  await expect(heading(page, title)).toBeVisible();
  await expectNoAccessibilityViolations(page);
}

async function fillDate(group: Locator, iso: string) {
  const [year, month, day] = iso.split('-');
  await group.getByLabel('Day').fill(String(Number(day)));
  await group.getByLabel('Month').fill(String(Number(month)));
  await group.getByLabel('Year').fill(year!);
}

test('a Bluewater member applies for their pension, walking every page of the application', async ({
  page,
  request,
}) => {
  await signInToHub(page, 'second.member', bluewaterUrl('/login'));
  const main = page.getByRole('main');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'See what you would get and apply' }).click();
  await onPage(page, 'Take your pension');

  // The first date the member may choose, as the API gives it to the picker (asked from the page, as
  // only the browser resolves the tenant's *.localhost host).
  const firstDate = await page.evaluate(() =>
    fetch('/mdp-api/api/v2/retirement/retirement-date')
      .then((response) => response.json())
      .then(
        (window: { availableRetirementDateRange: { from: string } }) =>
          window.availableRetirementDateRange.from,
      ),
  );
  await fillDate(main.getByRole('group', { name: 'When do you want to retire?' }), firstDate);
  await main.getByRole('button', { name: 'Show my options' }).click();
  await expect(main.getByRole('heading', { name: /Your options if you retire on/ })).toBeVisible();
  await main.getByLabel(/^Full pension of/).check();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Apply for this option' }).click();

  await onPage(page, 'Free guidance before you decide');
  await page.getByLabel('No').check();
  await continueButton(page).click();
  await onPage(page, 'Would you like free guidance first?');
  await page.getByLabel('Book a free Pension Wise appointment first').check();
  await continueButton(page).click();
  await onPage(page, 'Book your Pension Wise appointment');
  await continueButton(page).click();
  await onPage(page, 'When you had guidance');
  await fillDate(
    page.getByRole('group', { name: 'When was your guidance or advice?' }),
    new Date().toISOString().slice(0, 10),
  );
  await continueButton(page).click();

  await onPage(page, 'Tax-free cash from other pensions');
  await page.getByLabel('Yes').check();
  await continueButton(page).click();
  await onPage(page, 'Tax-free cash you have taken');
  await page.getByLabel('How much tax-free cash have you taken from other pensions, in pounds?').fill('2500');
  await continueButton(page).click();

  await onPage(page, 'Where we pay your pension');
  await page.getByLabel('Name on the account').fill('Mr I MacLeod');
  await page.getByLabel('Sort code').fill('30-94-66');
  await page.getByLabel('Account number').fill('12345678');
  await continueButton(page).click();
  await onPage(page, 'How we reach you');
  await expect(main.getByRole('region', { name: 'Your postal address' })).toContainText('PA34 4LW');
  await page.getByLabel('No, call me on another number').check();
  await continueButton(page).click();
  await onPage(page, 'Another number for us to call');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Which number should we call about your application?').fill('07911 123456');
  await continueButton(page).click();
  await onPage(page, 'Show us it is you');
  await page.getByLabel('Photo of your passport or driving licence').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await page.getByRole('button', { name: 'Send photo' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'passport.png' })).toBeVisible();
  await continueButton(page).click();

  await onPage(page, 'Your promises');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await continueButton(page).click();

  await onPage(page, 'Check your answers and send');
  await expect(main).toContainText('Book a free Pension Wise appointment first');
  await expect(main).toContainText('£2,500.00');
  await expect(main.getByRole('definition').filter({ hasText: 'Mr I MacLeod' })).toContainText(
    'account ending 5678',
  );
  await expect(main).toContainText('07911 123456');

  // The last page: a changed answer opens it, and the route rejoins pages already answered.
  await page.getByRole('link', { name: /^Change what would you like to do/i }).click();
  await expect(heading(page, 'Would you like free guidance first?')).toBeVisible();
  await page.getByLabel('Carry on without guidance').check();
  await continueButton(page).click();
  await onPage(page, 'Carrying on without guidance');
  await page.getByRole('checkbox').check();
  await continueButton(page).click();
  await expect(heading(page, 'Check your answers and send')).toBeVisible();
  await expect(main).toContainText('Carry on without guidance');

  await page.getByRole('button', { name: 'Accept and send' }).click();
  // An application moves the pension: signed in with a password alone, the member confirms it is them.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Code').fill(await codeSentTo(request, 'second.member@example.org'));
  await main.getByRole('button', { name: 'Confirm' }).click();
  // A new bank account is confirmed with a code, as in Your details: read once it has been sent.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm the bank account in your application' }),
  ).toBeVisible();
  await expect(main).toContainText('We have sent a 6-digit code to s•••@example.org.');
  await page.getByLabel('Code').fill(await codeSentTo(request, 'second.member@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await onPage(page, 'We have your application');
  const reference = (await page.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^BRP1-\d{6}$/);

  await main.getByRole('link', { name: 'Your requests' }).click();
  await onPage(page, 'Your requests');
  await expect(main).toContainText(`Your pension application (${reference})`);
});
