import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { pdfLines } from '../apps/server/test/pdf-text';
import { tabTo, typeDate } from './support/keyboard';
import { signInToHub as signIn, codeSentTo } from './support/member';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function addPerson(
  page: Page,
  person: { relationship: string; forenames: string; surname: string; born: string[]; pension?: boolean },
) {
  await page.getByRole('button', { name: 'Add a person' }).click();
  await expect(heading(page, 'About this person')).toBeVisible();
  await page.getByLabel('How are they related to you?').selectOption({ label: person.relationship });
  await page.getByLabel('First names').fill(person.forenames);
  await page.getByLabel('Last name').fill(person.surname);
  const born = page.getByRole('group', { name: 'Date of birth' });
  await born.getByLabel('Day').fill(person.born[0]!);
  await born.getByLabel('Month').fill(person.born[1]!);
  await born.getByLabel('Year').fill(person.born[2]!);
  if (person.pension) await page.getByLabel('Yes').check();
  await continueButton(page).click();
}

async function enterShare(page: Page, share: string) {
  await page.getByRole('textbox', { name: /What share of the lump sum/ }).fill(share);
  await continueButton(page).click();
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
}

test('a member nominates two people and a charity, confirms with a code and downloads the PDF', async ({
  page,
  request,
}) => {
  await signIn(page, 'db.active');
  await page.getByRole('link', { name: 'See your beneficiaries' }).click();
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await expect(page.getByText('You have not nominated anyone yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Nominate beneficiaries' }).click();
  await expect(page.getByText('You have not added anyone yet.')).toBeVisible();

  // A person: the details are checked with the shared schema before moving on.
  await page.getByRole('button', { name: 'Add a person' }).click();
  await page.getByLabel('Last name').fill('A surname far longer than twenty');
  await continueButton(page).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Select how they are related to you');
  await expect(summary).toContainText('Enter the first names');
  await expect(summary).toContainText('Last name must be 20 characters or fewer');
  await expect(summary).toContainText('Enter a real date of birth');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Back' }).click();

  await addPerson(page, {
    relationship: 'Husband, wife or civil partner',
    forenames: 'Grace',
    surname: 'Okafor',
    born: ['14', '2', '1986'],
    pension: true,
  });
  await expect(heading(page, 'What is Grace Okafor’s address?')).toBeVisible();
  await page.getByLabel('Find the address').fill('quay street manchester');
  await page.getByRole('button', { name: /Riverside House, 22 Quay Street/ }).click();
  await page.getByRole('button', { name: /Flat 3, Riverside House/ }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('Flat 3');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();
  await expect(page.getByText('Others have 0% so far, so 100% is left.')).toBeVisible();
  await enterShare(page, '33.33');

  // The second person is entered with the keyboard only.
  await page.getByRole('button', { name: 'Add a person' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(page, 'About this person')).toBeVisible();
  await page.getByLabel('How are they related to you?').focus();
  await page.keyboard.press('ArrowDown'); // Husband, wife or civil partner
  await page.keyboard.press('ArrowDown'); // Partner
  await page.keyboard.press('ArrowDown'); // Son or daughter
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Okafor');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2015');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'What is Ada Okafor’s address?')).toBeVisible();
  await page.getByLabel('Address line 1').focus();
  await page.keyboard.type('12 Elm Grove');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Leeds');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Others have 33.33% so far, so 66.67% is left.')).toBeVisible();
  // Each new question starts from its heading; the answer is the next stop.
  await expect(heading(page, /What share of the lump sum should Ada Okafor get/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('33.33');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();

  await page.getByRole('button', { name: 'Add a charity or organisation' }).click();
  await page.getByLabel('Name of the charity or organisation').fill('Riverside Hospice');
  await page.getByLabel('Charity number (optional)').fill('1012345');
  await continueButton(page).click();
  await page.getByLabel('Address line 1').fill('1 Hospice Lane');
  await page.getByLabel('Town or city (optional)').fill('York');
  await continueButton(page).click();
  // Shares must total exactly 100: 33.33 + 33.33 + 33.33 is refused.
  await enterShare(page, '33.33');
  await expect(page.getByText('Lump-sum shares add up to 99.99% (0.01% still to give)')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText(
    'Lump-sum shares must add up to exactly 100%. They add up to 99.99%.',
  );
  await expectNoAccessibilityViolations(page);

  const hospice = page.locator('.beneficiary-card', { hasText: 'Riverside Hospice' });
  await hospice.getByRole('button', { name: 'Change Riverside Hospice' }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await enterShare(page, '33.34');
  await expect(page.getByText('Lump-sum shares add up to 100%', { exact: true })).toBeVisible();
  await expect(hospice.locator('.relationship-tag--organisation')).toHaveText('Charity or organisation');
  await expect(
    page.locator('.beneficiary-card', { hasText: 'Grace Okafor' }).locator('.relationship-tag--partner'),
  ).toHaveText('Husband, wife or civil partner');
  await expect(
    page.locator('.beneficiary-card', { hasText: 'Ada Okafor' }).locator('.relationship-tag--child'),
  ).toHaveText('Son or daughter');

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your details' }).click();
  const leave = page.getByRole('dialog', { name: 'You have not saved your changes' });
  await expect(leave).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await leave.getByRole('button', { name: 'Stay and finish' }).click();
  await expect(leave).toHaveCount(0);
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await expect(page.locator('.beneficiary-card')).toHaveCount(3);

  await continueButton(page).click();
  await expect(heading(page, 'Check your beneficiaries before you save')).toBeVisible();
  await expect(page.getByText('Flat 3, Riverside House')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Change share for Ada Okafor' }).click();
  await expect(page.getByText('Others have 66.67% so far, so 33.33% is left.')).toBeVisible();
  await page.getByRole('textbox', { name: /What share of the lump sum/ }).fill('33.33');
  await continueButton(page).click();
  await expect(heading(page, 'Check your beneficiaries before you save')).toBeVisible();

  await page.getByRole('button', { name: 'Confirm and send me a code' }).click();
  await expect(heading(page, 'Confirm the change to your beneficiaries')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Code').fill(await codeSentTo(request, 'db.active@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your beneficiaries have been saved' }),
  ).toBeVisible();
  await expect(page.locator('.beneficiary-card')).toHaveCount(3);
  const today = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  await expect(page.getByText(`You made this nomination on ${today}.`)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download your nomination (PDF)' }).click(),
  ]);
  const lines = (await pdfLines(await readFile((await pdf.path())!))).join('\n');
  for (const expected of ['Grace Okafor', 'Ada Okafor', 'Riverside Hospice', '33.34%']) {
    expect(lines).toContain(expected);
  }

  // The nomination is in the member's documents, new, and the hub says so.
  await page.getByRole('link', { name: 'Back to your pension' }).click();
  const cards = page.locator('.task-card');
  await expect(cards.filter({ hasText: 'Your beneficiaries' })).toContainText('Nominated');
  // the expression of wish, with whatever else db.active has not opened yet (their transfer pack)
  await expect(cards.filter({ hasText: 'Your documents' })).toContainText(/[1-9]\d* new/);
  await page.getByRole('link', { name: 'See your documents' }).click();
  await expect(page.getByRole('table')).toContainText('Expression of wish');
});

test('signing out with unsaved changes signs the member out, and the nomination stays as it was', async ({
  page,
}) => {
  await signIn(page, 'db.pensioner');
  await page.getByRole('link', { name: 'See your beneficiaries' }).click();
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await page.getByRole('link', { name: 'Change your beneficiaries' }).click();
  await page.getByRole('button', { name: /^Remove Anne Fletcher/ }).click();
  await page.getByRole('button', { name: 'Yes, remove them' }).click();
  await expect(page.locator('.beneficiary-card')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?reason=signedOut$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await signIn(page, 'db.pensioner');
  await page.getByRole('link', { name: 'See your beneficiaries' }).click();
  await expect(page.locator('.beneficiary-card', { hasText: 'Anne Fletcher' })).toBeVisible();
});

test('a member nominates a beneficiary by keyboard alone, and Escape keeps the unsaved nomination', async ({
  page,
  request,
}) => {
  await signIn(page, 'dc.near');
  await tabTo(page, page.getByRole('link', { name: 'See your beneficiaries' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Nominate beneficiaries' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add a person' }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'About this person')).toBeVisible();
  await tabTo(page, page.getByLabel('How are they related to you?'));
  await page.keyboard.press('ArrowDown'); // Husband, wife or civil partner
  await tabTo(page, page.getByLabel('First names'));
  await page.keyboard.type('Tom');
  await tabTo(page, page.getByLabel('Last name'));
  await page.keyboard.type('Brooks');
  await typeDate(page, page.getByRole('group', { name: 'Date of birth' }), ['21', '6', '1961']);
  await page.keyboard.press('Enter');

  await expect(heading(page, 'What is Tom Brooks’s address?')).toBeVisible();
  await tabTo(page, page.getByLabel('Address line 1'));
  await page.keyboard.type('4 Orchard Way');
  await tabTo(page, page.getByLabel('Town or city (optional)'));
  await page.keyboard.type('Bath');
  await page.keyboard.press('Enter');

  await expect(heading(page, /What share of the lump sum should Tom Brooks get/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your beneficiaries')).toBeVisible();
  await expect(page.getByText('Lump-sum shares add up to 100%', { exact: true })).toBeVisible();

  // Leaving asks first; Escape closes the question and keeps the member on their unsaved list.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your details' }),
  );
  await page.keyboard.press('Enter');
  const leave = page.getByRole('dialog', { name: 'You have not saved your changes' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay and finish' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(leave).toHaveCount(0);
  await expect(page.locator('.beneficiary-card', { hasText: 'Tom Brooks' })).toBeVisible();

  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Check your beneficiaries before you save')).toBeVisible();
  await expect(page.getByText('4 Orchard Way')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Confirm and send me a code' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Confirm the change to your beneficiaries')).toBeVisible();
  await tabTo(page, page.getByLabel('Code'));
  await page.keyboard.type(await codeSentTo(request, 'dc.near@example.org'));
  await page.keyboard.press('Enter');

  await expect(
    page.getByRole('status').filter({ hasText: 'Your beneficiaries have been saved' }),
  ).toBeVisible();
  await expect(page.locator('.beneficiary-card', { hasText: 'Tom Brooks' })).toBeVisible();
});

test('two people at 60/40 are nominated through the shared person and share fields, and 60/30 is refused', async ({
  page,
  request,
}) => {
  await signIn(page, 'db.retiring');
  await page.goto('/beneficiaries');
  await page.getByRole('link', { name: 'Nominate beneficiaries' }).click();

  // The person kind's rules: no HTML in a name, no date of birth after today.
  const tomorrow = new Date(Date.now() + 86_400_000);
  await addPerson(page, {
    relationship: 'Partner',
    forenames: '<b>Jamie</b>',
    surname: 'Reid',
    born: [tomorrow.getUTCDate(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCFullYear()].map(String),
  });
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('First names must not contain HTML');
  await expect(summary).toContainText('Date of birth must be today or in the past');
  await page.getByLabel('First names').fill('Jamie');
  await page.getByRole('group', { name: 'Date of birth' }).getByLabel('Year').fill('1970');
  await continueButton(page).click();
  await page.getByLabel('Address line 1').fill('9 Canal Street');
  await continueButton(page).click();
  // The list kind's share rule: 0 to 100, to 2 decimal places.
  await page.getByRole('textbox', { name: /What share of the lump sum/ }).fill('101');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enter a share between 0 and 100, with up to 2 decimal places, such as 33.33',
  );
  await enterShare(page, '60');

  await addPerson(page, {
    relationship: 'Son or daughter',
    forenames: 'Alex',
    surname: 'Reid',
    born: ['2', '5', '2001'],
  });
  await page.getByLabel('Address line 1').fill('9 Canal Street');
  await continueButton(page).click();
  await enterShare(page, '30');
  await expect(page.getByText('Lump-sum shares add up to 90% (10% still to give)')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText(
    'Lump-sum shares must add up to exactly 100%. They add up to 90.00%.',
  );
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Change Alex Reid' }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await enterShare(page, '40');
  await expect(page.getByText('Lump-sum shares add up to 100%', { exact: true })).toBeVisible();
  await continueButton(page).click();
  await expect(heading(page, 'Check your beneficiaries before you save')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and send me a code' }).click();
  await page.getByLabel('Code').fill(await codeSentTo(request, 'db.retiring@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your beneficiaries have been saved' }),
  ).toBeVisible();
  await expect(page.locator('.beneficiary-card')).toHaveCount(2);
  await expect(page.locator('.beneficiary-card', { hasText: 'Alex Reid' })).toContainText('40%');
});
