import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { answerBusy, expectBusyThenTryAgain } from './support/busy';
import { choose, tabTo } from './support/keyboard';
import { signInToHub as signIn, codeSentTo, DEMO_PASSWORD, messageTo } from './support/member';

// Each test walks several pages with an axe check on each: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const detailsRow = (page: Page, label: string) =>
  page.locator('.summary-row', { has: page.getByText(label, { exact: true }) });

test('a member finds Your details from the hub, changes address by lookup, email and mobile with codes', async ({
  page,
  request,
}) => {
  await signIn(page, 'db.avc');
  await page.getByRole('link', { name: 'Check your details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expect(detailsRow(page, 'Address')).toContainText('7 Mill Road');
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Change address' }).click();
  await page.getByLabel('Find your address').fill('quay street manchester');
  await page.getByRole('button', { name: /Riverside House, 22 Quay Street/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in Riverside House' })).toBeVisible();
  await page.getByRole('button', { name: /Flat 3, Riverside House/ }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('Flat 3');
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your address has been changed' })).toBeVisible();
  await expect(detailsRow(page, 'Address')).toContainText('Flat 3');

  await page.getByRole('link', { name: 'Change email address' }).click();
  await page.getByLabel('New email address').fill('not an email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter an email address in the correct format');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('New email address').fill('priya.sharma@example.org');
  await page.getByLabel('Your password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/codes expire in 1[45] minutes/);
  await expectNoAccessibilityViolations(page);
  await page
    .getByLabel('Code sent to p•••@example.org')
    .fill(await codeSentTo(request, 'priya.sharma@example.org'));
  await page
    .getByLabel('Code sent to d•••@example.org')
    .fill(await codeSentTo(request, 'db.avc@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(detailsRow(page, 'Email address')).toContainText('priya.sharma@example.org');

  await page.getByRole('link', { name: 'Change mobile number' }).click();
  await page.getByLabel('New mobile number').fill('07825 246810');
  await page.getByLabel('Your password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new mobile number' })).toBeVisible();
  await page.getByLabel('Code sent to •••• 6810').fill(await codeSentTo(request, '+447825246810'));
  await page.getByLabel('Code sent to •••• 3456').fill(await codeSentTo(request, '+447700123456'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(detailsRow(page, 'Mobile number')).toContainText('07825 246810');
});

test('a member enters an address by hand and chooses post only', async ({ page }) => {
  await signIn(page, 'dc.far');
  await page.goto('/my-details/address');
  await page.getByLabel('Address line 1').fill('12 Rue de la Paix');
  await page.getByLabel('Town or city').fill('Paris');
  await page.getByLabel('Postcode').fill('75002');
  await page.getByLabel('Country').selectOption('FR');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(detailsRow(page, 'Address')).toContainText('12 Rue de la Paix');

  await page.getByRole('link', { name: 'Change how we contact you' }).click();
  await page.getByLabel('Post only').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Post only cannot be combined');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Email').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(detailsRow(page, 'How we contact you')).toContainText('Post');
});

test('a busy service: How we contact you says so and shows the choices after Try again', async ({ page }) => {
  await signIn(page, 'dc.near');
  const busy = await answerBusy(page, (path) =>
    path.endsWith('/members/current/contacts/notifications-settings'),
  );
  await page.goto('/my-details/contact-preferences');
  await expectBusyThenTryAgain(page, 'show how we contact you', busy);
  await expect(page.getByRole('group', { name: 'How should we contact you?' })).toBeVisible();
  await expect(page.getByLabel('Post only')).toBeVisible();
});

test('a member changes bank details to a UK account using the keyboard only', async ({ page, request }) => {
  await signIn(page, 'db.deferred');
  await expect(page.getByRole('heading', { name: 'For your attention' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // Nearly 5 years from the normal retirement date the hub does not yet ask for bank details.
  await expect(page.getByRole('link', { name: /bank details so that we can pay/ })).toHaveCount(0);
  await page.goto('/my-details');
  await tabTo(page, page.getByRole('link', { name: 'Change bank account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Where is your bank account?' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await choose(page, page.getByLabel('In the UK (sort code and account number)'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your bank details' })).toBeVisible();
  await tabTo(page, page.getByLabel('Name on the account'));
  await page.keyboard.type('Margaret Hughes');
  await page.keyboard.press('Tab');
  await page.keyboard.type('08-99-99');
  await page.keyboard.press('Tab');
  await page.keyboard.type('66374959');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('sort code and account number do not match');
  await expectNoAccessibilityViolations(page);
  await tabTo(page, page.getByLabel('Account number'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('66374958');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your bank details' })).toBeVisible();
  await expect(page.getByText('•••• 4958')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Confirm the change' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm the change to your bank details' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await tabTo(page, page.getByLabel('Code'));
  await page.keyboard.type(await codeSentTo(request, 'db.deferred@example.org'));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your bank details have been changed' }),
  ).toBeVisible();
  await expect(detailsRow(page, 'Bank account')).toContainText('•••• 4958');
  await expectNoAccessibilityViolations(page);
});

test('a member changes bank details to an IBAN account and opens Contact us', async ({ page, request }) => {
  await signIn(page, 'linked');
  await page.getByRole('link', { name: 'Your details' }).first().click();
  await page.getByRole('link', { name: 'Change bank account' }).click();
  await page.getByLabel('Outside the UK (IBAN and BIC)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on the account').fill('Alex Morgan');
  await page.getByLabel('Country of the bank').selectOption('DE');
  await expect(page.getByText('We will pay you in Euro (EUR)')).toBeVisible();
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('BIC (SWIFT code)').fill('COBADEFFXXX');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('•••• 3000')).toBeVisible();
  // Changing them again starts from what was entered.
  await page.getByRole('button', { name: 'Change these details' }).click();
  await expect(page.getByLabel('Name on the account')).toHaveValue('Alex Morgan');
  await expect(page.getByLabel('Country of the bank')).toHaveValue('DE');
  await expect(page.getByLabel('BIC (SWIFT code)')).toHaveValue('COBADEFFXXX');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('•••• 3000')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await page.getByLabel('Code').fill(await codeSentTo(request, 'linked@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(detailsRow(page, 'Bank account')).toContainText('IBAN •••• 3000, EUR');

  await page.getByRole('link', { name: 'Contact us' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByText('0300 123 4567', { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a stolen session cannot redirect the pension: the email change asks for the password and the old address, the bank code goes to the mobile, and the change waits and can be cancelled', async ({
  page,
  request,
}) => {
  await signIn(page, 'dc.far');
  await page.goto('/my-details/email');
  await page.getByLabel('New email address').fill('new.tomasz@example.net');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter your password');
  await page.getByLabel('Your password').fill('not-my-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('The password is not right');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Your password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('and another to d•••@example.org')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page
    .getByLabel('Code sent to n•••@example.net')
    .fill(await codeSentTo(request, 'new.tomasz@example.net'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enter the 6-digit code we sent to your current contact details',
  );
  await page
    .getByLabel('Code sent to d•••@example.org')
    .fill(await codeSentTo(request, 'dc.far@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(detailsRow(page, 'Email address')).toContainText('new.tomasz@example.net');
  // A savings pot's member reads their target retirement, not the scheme's normal one.
  await expect(detailsRow(page, 'Target retirement')).toContainText(/Age \d+, \d{2} \w{3} \d{4}/);
  await expect(detailsRow(page, 'Normal retirement')).toHaveCount(0);

  await page.getByRole('link', { name: 'Change bank account' }).click();
  await page.getByLabel('In the UK (sort code and account number)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on the account').fill('Tomasz Nowak');
  await page.getByLabel('Sort code').fill('20-09-15');
  await page.getByLabel('Account number').fill('41011166');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  // The address changed a minute ago does not get the code: the mobile, unchanged, does.
  await expect(page.getByText('We have sent a 6-digit code to your mobile •••• 5678.')).toBeVisible();
  const codeToMobile = await codeSentTo(request, '+447912345678');
  await page.getByLabel('Code').fill(codeToMobile);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'for your safety we will pay into your new account from' }),
  ).toBeVisible();
  await expect(detailsRow(page, 'Change waiting')).toContainText('•••• 1166');
  await expect(detailsRow(page, 'Change waiting')).toContainText('Pending');
  await expect(detailsRow(page, 'Bank account')).not.toContainText('•••• 1166');
  await expectNoAccessibilityViolations(page);
  await messageTo(request, '+447912345678', /bank details are being changed/);

  // My requests lists the change while it waits.
  await page.goto('/my-requests');
  await expect(page.locator('.request', { hasText: 'Change of bank details' })).toContainText(
    'Pending: we will pay into the new account from',
  );
  await expectNoAccessibilityViolations(page);
  await page.goto('/my-details');
  await page.getByRole('link', { name: 'Cancel the change to your bank account' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cancel the change to your bank details' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Yes, cancel the change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'has been cancelled' })).toBeVisible();
  await expect(detailsRow(page, 'Change waiting')).toHaveCount(0);
});
