import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ageOn, birthdayAtAge } from '@meridian/contracts';
import { formatCurrency } from '../apps/web/src/lib/format';
import { pdfText } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { answerBusy, expectBusyThenTryAgain } from './support/busy';
import { samplePdf, samplePng } from './support/files';
import { choose, tabTo, tick, typeDate, uploadByKeyboard } from './support/keyboard';
import { codeSentTo, signInToHub as signIn } from './support/member';
import { money } from './support/money';

/** The first day the member may choose, as the API gives it to the picker. */
async function firstAllowedDate(page: Page): Promise<[string, string, string]> {
  const window = await (await page.request.get('/mdp-api/api/v2/retirement/retirement-date')).json();
  const [year, month, day] = (window.availableRetirementDateRange.from as string).split('-');
  return [String(Number(day)), String(Number(month)), year!];
}

const today = () => {
  const now = new Date();
  return [String(now.getUTCDate()), String(now.getUTCMonth() + 1), String(now.getUTCFullYear())];
};

async function fillDate(group: Locator, [day, month, year]: string[]) {
  await group.getByLabel('Day').fill(day!);
  await group.getByLabel('Month').fill(month!);
  await group.getByLabel('Year').fill(year!);
}

/** On the retirement options page: the first allowed date typed in, and the options for it shown. */
async function showOptionsForFirstDate(page: Page) {
  const main = page.getByRole('main');
  await fillDate(
    main.getByRole('group', { name: 'When do you want to retire?' }),
    await firstAllowedDate(page),
  );
  await main.getByRole('button', { name: 'Show my options' }).click();
  await expect(main.getByRole('heading', { name: /Your options if you retire on/ })).toBeVisible();
}

// The whole application, with an accessibility check on every page, takes longer than one page does.
test.describe.configure({ timeout: 180_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
/** The hub's card for the retirement application, whose status comes from the content access key. */
const applyCard = (page: Page) =>
  page.locator('.task-card').filter({ has: page.getByRole('heading', { name: 'Apply for your pension' }) });

/** From the options page: the first allowed date, the full pension, and Apply. */
async function applyForFullPension(page: Page) {
  const main = page.getByRole('main');
  await page.goto('/retirement/options');
  await showOptionsForFirstDate(page);
  await main.getByLabel(/^Full pension of/).check();
  await main.getByRole('button', { name: 'Apply for this option' }).click();
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
}

test('db.deferred cancels an application from its pages and from My requests, after a confirm step', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  const main = page.getByRole('main');
  await expect(applyCard(page)).not.toContainText('Application in progress');
  await applyForFullPension(page);
  await page.getByLabel('Yes').check();
  await continueButton(page).click();
  await expect(heading(page, 'When you had guidance')).toBeVisible();
  // The hub shows the new status at once, without signing in again.
  await page.goto('/hub');
  await expect(applyCard(page)).toContainText('Application in progress');

  // From a page of the application: the confirm step, where "No" keeps it.
  await page.goto('/retirement/apply/guidance-date');
  await main.getByRole('link', { name: 'Cancel your application' }).click();
  await expect(heading(page, 'Are you sure you want to cancel your application?')).toBeVisible();
  await expect(page).toHaveTitle(/^Cancel your application/);
  // What it was started for and what cancelling loses, in the retirement plugin's words.
  await expect(main).toContainText(/You started it on \d{2} \w{3} \d{4} to retire on \d{2} \w{3} \d{4}\./);
  await expect(main).toContainText('your answers and the option you chose are not sent to the scheme');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'No, keep my application' }).click();
  await expect(heading(page, 'When you had guidance')).toBeVisible();
  await main.getByRole('link', { name: 'Cancel your application' }).click();
  await main.getByRole('button', { name: 'Yes, cancel my application' }).click();
  // The options page, back at its start: no application in progress.
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  await expect(
    main.getByRole('status').filter({ hasText: 'You have cancelled your application' }),
  ).toBeVisible();
  await expect(main).not.toContainText('You have an application in progress');
  await expectNoAccessibilityViolations(page);
  await page.goto('/hub');
  await expect(applyCard(page)).not.toContainText('Application in progress');
  await page.goto('/retirement/apply/guidance-date');
  await expect(main).toContainText('You have not started this yet.');

  // Applied for again: a new application at its first page, nothing answered (the cancelled one is history).
  await applyForFullPension(page);
  await expect(page.getByLabel('Yes')).not.toBeChecked();
  await page.getByLabel('No').check();
  await continueButton(page).click();
  await expect(heading(page, 'Free guidance from Pension Wise')).toBeVisible();
  // Cancelled from My requests, which lists it until then.
  await page.goto('/my-requests');
  const started = main.locator('.request').filter({ hasText: 'Started: not sent yet' });
  await expect(started.getByRole('heading', { name: 'Apply for your pension' })).toBeVisible();
  // The one cancelled from its pages is listed beside it, as history.
  const cancelledOnes = main.locator('.request').filter({ hasText: 'Cancelled: not sent' });
  await expect(cancelledOnes).toHaveCount(1);
  await expect(cancelledOnes).toContainText('Cancelled on');
  await expectNoAccessibilityViolations(page);
  await started.getByRole('link', { name: 'Cancel apply for your pension' }).click();
  await expect(heading(page, 'Are you sure you want to cancel your application?')).toBeVisible();
  await main.getByRole('button', { name: 'Yes, cancel my application' }).click();
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main.getByRole('status')).toContainText('You have cancelled “Apply for your pension”');
  await expect(started).toHaveCount(0);
  await expect(cancelledOnes).toHaveCount(2);
  await expectNoAccessibilityViolations(page);
  // db.deferred applies again and sends it in 'applies for their pension from the hub' below, which
  // finds these two beside the case in My requests.
});

test('db.deferred sees their figures, their pension by age, downloads the options and asks for a quote', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  const main = page.getByRole('main');
  await page.getByRole('link', { name: 'See your retirement figures' }).click();
  await expect(heading(page, 'Your retirement figures')).toBeVisible();
  await expect(main).toContainText(new RegExp(`your full pension would be ${money} a year before tax`));
  await expect(main).toContainText(/We worked these figures out on \d{2} \w{3} \d{4}/);
  await expectNoAccessibilityViolations(page);
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Your retirement figures' })
    .click();
  await expect(heading(page, 'Your retirement figures')).toBeVisible();

  await main.getByRole('link', { name: 'Choose another date and see your options' }).click();
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  // The pension at each birthday inside the window, as a chart and, by keyboard, as a table.
  const window = await (await page.request.get('/mdp-api/api/v2/retirement/retirement-date')).json();
  // The first age whose birthday (as the calculation engine counts it) falls inside the window.
  const { from: firstDay } = window.availableRetirementDateRange;
  const ageOnFirstDay = ageOn(window.dateOfBirth, firstDay);
  const firstAge =
    birthdayAtAge(window.dateOfBirth, ageOnFirstDay) === firstDay ? ageOnFirstDay : ageOnFirstDay + 1;
  await expect(
    main.getByRole('img', { name: /^Your pension a year by the age you retire\. Bar chart/ }),
  ).toBeVisible();
  await tabTo(page, main.getByText('Show the figures as a table'));
  await page.keyboard.press('Enter');
  const atFirstAge = main.getByRole('row', { name: new RegExp(`^Age ${firstAge} `) });
  // The pension with no tax-free cash, the pension with the most, and that most tax-free cash.
  await expect(atFirstAge).toHaveText(new RegExp(`^Age ${firstAge}${money}${money}${money}$`));
  const figures = await (await page.request.get(`/mdp-api/api/retirement/options?age=${firstAge}`)).json();
  expect(figures.fullPensionYearlyIncome).toBeGreaterThan(figures.maxLumpSumYearlyIncome);
  await expect(atFirstAge).toContainText(formatCurrency(figures.maxLumpSum));
  await expectNoAccessibilityViolations(page);

  await showOptionsForFirstDate(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('link', { name: 'Download these options (PDF)' }).click(),
  ]);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain('Your retirement options');
  expect(text).toContain('The most tax-free cash and a reduced pension');

  // A formal quote, asked for by keyboard: the confirmation gives its reference, My requests lists it.
  await tabTo(page, main.getByRole('button', { name: 'Request a formal quote' }));
  await page.keyboard.press('Enter');
  const confirmation = main.getByRole('status').filter({ hasText: 'We have your retirement quote request' });
  await expect(confirmation).toBeFocused();
  const reference = /RTQ9-\d+/.exec((await confirmation.textContent())!)![0];
  await expectNoAccessibilityViolations(page);
  await confirmation.getByRole('link', { name: 'My requests' }).click();
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main).toContainText(`Retirement quote request (${reference})`);
  await expect(main.getByRole('table', { name: `Documents for ${reference}` })).toContainText(
    'Quote request',
  );
});

/** An ISO date as the page shows it: `03 Jan 1964`. */
const shownDate = (iso: string) =>
  `${iso.slice(8, 10)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const exactPounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

test('db.deferred chooses when to retire by age, by keyboard, and is told why an age is refused', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  await page.goto('/retirement/options');
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  const main = page.getByRole('main');
  const window = await (await page.request.get('/mdp-api/api/v2/retirement/retirement-date')).json();
  const { from, to } = window.availableRetirementDateRange as { from: string; to: string };
  const dateOfBirth = window.dateOfBirth as string;
  // The age the member is on the window's first day.
  const youngest = ageOn(dateOfBirth, from);
  const ageInput = main.getByLabel('At what age do you want to retire?');

  await choose(page, main.getByLabel('By age'));
  await expect(main.getByRole('group', { name: 'When do you want to retire?' })).toBeHidden();
  await tabTo(page, ageInput);
  await page.keyboard.type(String(youngest - 1));
  await page.keyboard.press('Enter');
  const refusal = `The youngest age you can choose is ${youngest}: the earliest date you can retire is ${shownDate(from)}`;
  await expect(page.getByRole('alert')).toContainText(refusal);
  await expect(main.locator('#retirement-age-error')).toContainText(refusal);
  await expect(ageInput).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByRole('heading', { name: /Your options if you retire on/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The age the member already is on the first day: that day.
  await tabTo(page, ageInput);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(youngest));
  await page.keyboard.press('Enter');
  await expect(
    main.getByRole('heading', { name: `Your options if you retire on ${shownDate(from)}` }),
  ).toBeVisible();
  await expect(main).toContainText(
    `You chose to retire at ${youngest}: on the earliest date you can choose, as you are that age already.`,
  );

  // The next age: that birthday, with the figures for it.
  const age = youngest + 1;
  const birthday = birthdayAtAge(dateOfBirth, age);
  expect(birthday <= to).toBe(true);
  await tabTo(page, ageInput);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(age));
  await page.keyboard.press('Enter');
  await expect(
    main.getByRole('heading', { name: `Your options if you retire on ${shownDate(birthday)}` }),
  ).toBeVisible();
  await expect(main).toContainText(`You chose to retire at ${age}: on your birthday.`);
  const quote = await (
    await page.request.get(`/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${birthday}`)
  ).json();
  const full = quote.options.find((option: { kind: string }) => option.kind === 'full-pension');
  await expect(
    main.getByLabel(`Full pension of ${exactPounds(full.residualPensionPence)} a year, no tax-free cash`),
  ).toBeVisible();
  const atAge = await (await page.request.get(`/mdp-api/api/retirement/options?age=${age}`)).json();
  expect(full.residualPensionPence).toBe(atAge.fullPensionYearlyIncome);
  await expectNoAccessibilityViolations(page);
});

test('db.deferred: a busy service on the options page, its chart, a step of the application and My requests says so and offers Try again', async ({
  page,
}) => {
  await signIn(page, 'db.deferred');
  const main = page.getByRole('main');
  const busyWindow = await answerBusy(page, (path) => path === '/mdp-api/api/v2/retirement/retirement-date');
  await page.goto('/retirement/options');
  await expectBusyThenTryAgain(page, 'show your retirement options', busyWindow);
  await expect(main.getByRole('button', { name: 'Show my options' })).toBeVisible();

  // The pension at each birthday cannot be read: the chart says so, rather than leaving ages out.
  const busyAges = await answerBusy(page, (path) => path === '/mdp-api/api/retirement/options');
  await page.goto('/retirement/options');
  await expectBusyThenTryAgain(page, 'show your pension at each age', busyAges);
  await expect(
    main.getByRole('img', { name: /^Your pension a year by the age you retire\. Bar chart/ }),
  ).toBeVisible();

  // A step's journey definition cannot be read; once it can, the member learns they have not started.
  const busySteps = await answerBusy(page, (path) =>
    /^\/mdp-api\/api\/journeys\/[^/]+\/definition$/.test(path),
  );
  await page.goto('/retirement/apply/declarations');
  await expectBusyThenTryAgain(page, 'show this page', busySteps);
  await expect(main).toContainText('You have not started this yet.');

  // My requests cannot read the member's requests: it says so, rather than that they have none.
  const busyCases = await answerBusy(page, (path) => path === '/mdp-api/api/cases');
  await page.goto('/my-requests');
  await expectBusyThenTryAgain(page, 'show your requests', busyCases);
  await expect(main.getByRole('region', { name: 'Your requests' })).toBeVisible();
});

test('db.deferred applies for their pension from the hub, changes an answer, sends it and sees the case', async ({
  page,
  request,
}) => {
  // The first page has no page before it: its Back link is drawn without asking the server for one.
  const previousOfFirstPage: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/previous-step/ra_guidance'))
      previousOfFirstPage.push(request.url());
  });
  await signIn(page, 'db.deferred');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'See your retirement options' }).click();
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A date before the window is refused with the reason.
  const main = page.getByRole('main');
  await fillDate(main.getByRole('group', { name: 'When do you want to retire?' }), ['1', '1', '2000']);
  await main.getByRole('button', { name: 'Show my options' }).click();
  await expect(page.getByRole('alert')).toContainText('The earliest date you can choose is');
  await expectNoAccessibilityViolations(page);

  await showOptionsForFirstDate(page);
  await main.getByLabel('Tax-free cash of your choice and a reduced pension').check();
  await main.getByLabel('Or type an amount in pounds').fill('10000.555');
  await main.getByRole('button', { name: 'Update figures' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter an amount in pounds and pence');
  await main.getByLabel('Or type an amount in pounds').fill('10000');
  await main.getByRole('button', { name: 'Update figures' }).click();
  await expect(main.getByRole('status')).toContainText('£10,000.00 tax-free cash and');
  await expectNoAccessibilityViolations(page);
  // An amount typed after the figures were updated is not applied unseen.
  await main.getByLabel('Or type an amount in pounds').fill('20000');
  await main.getByRole('button', { name: 'Apply for this option' }).click();
  await expect(page.getByRole('alert')).toContainText('Update the figures for your amount first');
  await main.getByLabel('Or type an amount in pounds').fill('10000');
  await main.getByRole('button', { name: 'Apply for this option' }).click();

  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Back from the first page returns to the options the member applied from, and the amount is
  // kept with their figures: the options for that date show it chosen again.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/retirement\/options$/);
  expect(previousOfFirstPage).toEqual([]);
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  await showOptionsForFirstDate(page);
  await expect(main.getByLabel('Tax-free cash of your choice and a reduced pension')).toBeChecked();
  await expect(main.getByLabel('Or type an amount in pounds')).toHaveValue('10000');
  await main.getByRole('link', { name: 'Continue your application' }).click();
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Select an answer');
  await page.getByLabel('Yes').check();
  await continueButton(page).click();

  await expect(heading(page, 'When you had guidance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await fillDate(page.getByRole('group', { name: 'When did you have your guidance or advice?' }), [
    '1',
    '1',
    '1901',
  ]);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('The date must be on or after 06 Apr 2015');
  await fillDate(page.getByRole('group', { name: 'When did you have your guidance or advice?' }), today());
  await continueButton(page).click();

  await expect(heading(page, 'Your lump sum allowance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Yes').check();
  await continueButton(page).click();

  // Tax-free cash already taken: each other pension by name, with its amount checked as the server
  // checks money; added, changed and removed on the one page.
  await expect(heading(page, 'Tax-free cash from other pensions')).toBeVisible();
  await expect(main).toContainText('You have not added any pensions yet.');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Add at least 1 pension');
  const savePension = main.getByRole('button', { name: 'Save this pension' });
  const schemeName = main.getByLabel('Name of the pension scheme or provider');
  const amount = main.getByLabel('Tax-free cash it paid you');
  await main.getByRole('button', { name: 'Add a pension' }).click();
  await schemeName.fill('Acme Retirement Plan');
  for (const [typed, message] of [
    ['a', 'Enter an amount in pounds, like 1500 or 1500.50'],
    ['-1', 'The amount must be £0 or more'],
    ['1e9', 'Enter an amount in pounds, like 1500 or 1500.50'],
    ['12.345', 'The amount must have no more than 2 decimal places'],
    ['0', 'The amount must be £0.01 or more'],
  ]) {
    await amount.fill(typed!);
    await savePension.click();
    await expect(main.locator('#other_pensions-item-amount-error')).toContainText(message!);
  }
  await expectNoAccessibilityViolations(page);
  await amount.fill('1,250.50');
  await savePension.click();
  const pensions = main.getByRole('term');
  await expect(pensions).toHaveText(['Acme Retirement Plan, £1,250.50']);
  for (const [name, typed] of [
    ['NHS Pension Scheme', '3000'],
    ['Old Job Pension', '500'],
  ]) {
    await main.getByRole('button', { name: 'Add another pension' }).click();
    await schemeName.fill(name!);
    await amount.fill(typed!);
    await savePension.click();
  }
  await main.getByRole('button', { name: 'Change NHS Pension Scheme, £3,000.00' }).click();
  await expect(amount).toHaveValue('3000.00');
  await amount.fill('3500');
  await savePension.click();
  await main.getByRole('button', { name: 'Remove Old Job Pension, £500.00' }).click();
  await expect(pensions).toHaveText(['Acme Retirement Plan, £1,250.50', 'NHS Pension Scheme, £3,500.00']);
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  await expect(heading(page, 'Your bank account')).toBeVisible();
  // The My details bank form: its own checks, then the server's modulus check.
  await page.getByLabel('Name on the account').fill('Mrs M Hughes');
  await page.getByLabel('Sort code').fill('30-94-66');
  await page.getByLabel('Account number').fill('123');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Enter a valid account number like 00733445');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Account number').fill('87654321');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('sort code and account number do not match');
  await page.getByLabel('Account number').fill('12345678');
  // "Save and come back later" checks and keeps the account: coming back finds the next page.
  await page.getByRole('button', { name: 'Save and come back later' }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(applyCard(page)).toContainText('Application in progress');
  await page.goto('/retirement/apply/declarations');
  await expect(heading(page, 'Your contact details')).toBeVisible();

  // Sign out half-way; after signing in again the journey resumes where it was.
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out first: the member comes back to a new session, not the one being closed.
  await expect(page).toHaveURL(/\/login\?reason=signedOut$/);
  await signIn(page, 'db.deferred');
  await page.goto('/retirement/apply/declarations');
  await expect(heading(page, 'Your contact details')).toBeVisible();
  await expect(page).toHaveURL(/\/retirement\/apply\/contact$/);
  await expect(page.getByRole('definition').filter({ hasText: 'db.deferred@example.org' })).toBeVisible();
  // The postal address the scheme writes to, shown to confirm, with the address lookup to change it.
  const postal = main.getByRole('region', { name: 'Your postal address' });
  await expect(postal).toContainText('14 Church Lane');
  await expect(postal).toContainText('LS6 3AB');
  await expect(postal.getByRole('button', { name: 'Change your postal address' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('No, I will give a phone number').check();
  await continueButton(page).click();

  // The My details mobile fields and their checks, in a phone number's words.
  await expect(heading(page, 'A phone number for this application')).toBeVisible();
  await page.getByLabel('Which phone number should we call about your application?').fill('123');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Enter a phone number in the correct format');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Which phone number should we call about your application?').fill('07911 123456');
  await continueButton(page).click();

  // Married: the spouse's name and date of birth, then the certificate, asked only after a Yes.
  await expect(heading(page, 'Your spouse or civil partner')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Yes').check();
  await continueButton(page).click();
  await expect(heading(page, 'About your spouse or civil partner')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Enter the first names');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('First names').fill('Gareth');
  await main.getByLabel('Last name').fill('Hughes');
  await fillDate(main.getByRole('group', { name: 'Date of birth' }), ['4', '5', '1962']);
  await continueButton(page).click();
  await expect(heading(page, 'Your marriage or civil partnership certificate')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Select a file to upload');
  await main.getByLabel('Upload your marriage or civil partnership certificate').setInputFiles({
    name: 'marriage-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Marriage certificate'),
  });
  await expect(
    main.getByRole('status').filter({ hasText: 'Uploaded: marriage-certificate.pdf' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  // Proof of identity: a photo ID into the member's documents, pending until the scheme checks it.
  await expect(heading(page, 'Prove your identity')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Send a photo of your passport or driving licence');
  await page.getByLabel('Photo of your passport or driving licence').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await page.getByRole('button', { name: 'Send photo' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'Sent: someone at the scheme' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  await expect(heading(page, 'Declarations')).toBeVisible();
  await page.getByLabel('the information I have given is true and complete').check();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Tick every statement to continue');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('once my pension is paid I cannot change the option I chose').check();
  await page.getByLabel('I will repay anything paid to me in error').check();
  await continueButton(page).click();

  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await expect(main).toContainText('£10,000.00');
  // The chosen quote, as the PDF words it ("Your choice").
  await expect(main.getByRole('term').filter({ hasText: /^Retirement date$/ })).toHaveCount(1);
  await expect(main.getByRole('term').filter({ hasText: /^Pension a year$/ })).toHaveCount(1);
  await expect(main).toContainText('Mrs M Hughes, sort code 30-94-66, account ending 5678');
  await expect(main).toContainText('Sent, to be checked by the scheme');
  await expect(main).toContainText('Acme Retirement Plan, £1,250.50; NHS Pension Scheme, £3,500.00');
  await expect(main).toContainText('Gareth Hughes, born 04 May 1962');
  await expect(main).toContainText('marriage-certificate.pdf');
  await expect(
    main.getByRole('definition').filter({ hasText: /^14 Church Lane, Headingley, Leeds/ }),
  ).toBeVisible();
  await expect(main).toContainText('07911 123456');
  await expect(main).not.toContainText('+447911123456');
  await expectNoAccessibilityViolations(page);

  // One Change: the guidance date; after it the member is back on check your answers.
  await page.getByRole('link', { name: 'Change when did you have your guidance or advice?' }).click();
  await expect(heading(page, 'When you had guidance')).toBeVisible();
  await fillDate(page.getByRole('group', { name: 'When did you have your guidance or advice?' }), [
    '2',
    '1',
    '2026',
  ]);
  await continueButton(page).click();
  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await expect(main).toContainText('02 Jan 2026');
  await expectNoAccessibilityViolations(page);

  // A Change that opens another branch: its new questions, then back to check your answers as soon
  // as the route rejoins pages already answered. Back from the changed page returns to the summary.
  await page.getByRole('link', { name: /^Change have you had pension wise guidance/i }).click();
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
    'href',
    /\/retirement\/apply\/check-answers$/,
  );
  await page.getByLabel('No').check();
  await continueButton(page).click();
  await expect(heading(page, 'Free guidance from Pension Wise')).toBeVisible();
  await page.getByLabel('Continue without guidance').check();
  await continueButton(page).click();
  await expect(heading(page, 'Continuing without guidance')).toBeVisible();
  await page.getByLabel(/I choose not to take it before I apply/).check();
  await continueButton(page).click();
  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await expect(main).toContainText('Continue without guidance');
  await expect(main).not.toContainText('02 Jan 2026');

  await page.getByRole('button', { name: 'Accept and send' }).click();
  // An application moves the pension: signed in with a password alone, the member confirms it is them.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expect(main).toContainText('We have sent a 6-digit code to');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Code').fill(await codeSentTo(request, 'db.deferred@example.org'));
  await main.getByRole('button', { name: 'Confirm' }).click();
  // The application's bank account is new: it is confirmed with a code, as in My details.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm the bank account in your application' }),
  ).toBeVisible();
  await expect(main).toContainText('We have sent a 6-digit code to d•••@example.org.');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Code').fill(await codeSentTo(request, 'db.deferred@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(page, 'Application sent')).toBeVisible();
  const reference = (await page.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^RTP9-\d{6}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'When you will be paid' })).toBeVisible();
  await expect(main.getByRole('definition').filter({ hasText: /^\d{2} \w{3} \d{4}$/ })).toHaveCount(3);
  await expect(main.getByRole('listitem').filter({ hasText: 'Proof of identity' })).toHaveText(
    'Proof of identity (passport.png): sent, to be checked by the scheme',
  );
  await expectNoAccessibilityViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download your application (PDF)' }).click(),
  ]);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(`Reference ${reference}`);
  expect(text).toContain('£10,000.00');
  expect(text).toContain('Mrs M Hughes, sort code 30-94-66, account ending 5678');
  expect(text).toContain('Acme Retirement Plan, £1,250.50; NHS Pension Scheme, £3,500.00');
  expect(text).toContain('Gareth Hughes, born 04 May 1962');
  expect(text).toContain('marriage-certificate.pdf');

  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main).toContainText(`Apply for your pension (${reference})`);
  // Sent after the two cancelled in the first test: those are listed beside it, as history.
  const cancelledOnes = main.locator('.request').filter({ hasText: 'Cancelled: not sent' });
  await expect(cancelledOnes).toHaveCount(2);
  await expect(cancelledOnes.first().getByRole('heading', { name: 'Apply for your pension' })).toBeVisible();
  // The photo ID sent inside the application counts: received, never "We need this from you".
  const documents = main.getByRole('table', { name: `Documents for ${reference}` });
  await expect(documents.getByRole('row', { name: /Proof of identity/ })).toHaveText(
    /^Proof of identity\s*Received$/,
  );
  await expectNoAccessibilityViolations(page);

  await page.goto('/hub');
  await expect(page.getByRole('region', { name: 'Your requests' })).toContainText(`(${reference}): Received`);
  // The hub shows the application sent, without signing in again.
  await expect(applyCard(page)).toContainText('Application sent');
  await expect(applyCard(page)).not.toContainText('Application in progress');
  await expectNoAccessibilityViolations(page);

  // The application's bank account is the member's now: My details shows it.
  await page.goto('/my-details');
  await expect(
    main.locator('.summary-row', { has: page.getByText('Bank account', { exact: true }) }),
  ).toContainText('•••• 5678');

  // The application PDF is filed in the member's documents.
  await page.goto('/documents');
  await expect(heading(page, 'Your documents')).toBeVisible();
  await expect(
    page.locator('.documents-table tbody tr').filter({ hasText: `${reference}.pdf` }),
  ).toContainText('Apply for your pension');
  await expectNoAccessibilityViolations(page);

  // A document the request still needs is sent from My requests, with the request.
  await page.goto('/my-requests');
  await main.getByRole('link', { name: 'Send it (Birth certificate)' }).click();
  await expect(heading(page, 'Send us your Birth certificate')).toBeVisible();
  await expect(main).toContainText(`For your request Apply for your pension (${reference})`);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Choose files').setInputFiles({
    name: 'birth-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Birth certificate'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `1 of 1 file uploaded and sent with your request ${reference}`,
  );
  await page.getByRole('link', { name: 'Go to your requests' }).click();
  await expect(
    main
      .getByRole('table', { name: `Documents for ${reference}` })
      .getByRole('row', { name: /Birth certificate/ }),
  ).toContainText('Received');
});

test('db.active is told why applying online is not open to them', async ({ page }) => {
  await signIn(page, 'db.active');
  await page.goto('/retirement/options');
  await expect(page.getByText('You cannot apply online yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show my options' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

test('the same application by keyboard alone', async ({ page, request }) => {
  await signIn(page, 'db.retiring');
  await tabTo(page, page.getByRole('link', { name: 'Retirement options', exact: true }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your retirement options')).toBeVisible();
  await typeDate(
    page,
    page.getByRole('group', { name: 'When do you want to retire?' }),
    await firstAllowedDate(page),
  );
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await choose(page, main.getByLabel('Tax-free cash of your choice and a reduced pension'));
  await tabTo(page, main.getByLabel('Or type an amount in pounds'));
  await page.keyboard.type('5000');
  await tabTo(page, main.getByRole('button', { name: 'Update figures' }));
  await page.keyboard.press('Enter');
  await expect(main.getByRole('status')).toContainText('£5,000.00 tax-free cash and');
  await tabTo(page, page.getByRole('button', { name: 'Apply for this option' }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await choose(page, page.getByLabel('No'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Free guidance from Pension Wise')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await choose(page, page.getByLabel('Continue without guidance'));
  // Save and come back later keeps the answer on the page: the application resumes after it.
  await tabTo(page, page.getByRole('button', { name: 'Save and come back later' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await page.goto('/retirement/options');
  await tabTo(page, page.getByRole('link', { name: 'Continue your application' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Continuing without guidance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await tick(page, page.getByRole('checkbox'));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Your lump sum allowance')).toBeVisible();
  await choose(page, page.getByLabel('No'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your bank account')).toBeVisible();
  await tabTo(page, page.getByLabel('Name on the account'));
  await page.keyboard.type('Mr P Evans');
  await page.keyboard.press('Tab');
  await page.keyboard.type('309466');
  await tabTo(page, page.getByLabel('Account number'));
  await page.keyboard.type('12345678');
  await page.keyboard.press('Enter');
  // db.retiring has no postal address on file: the contact step asks for one before it can be left.
  await expect(heading(page, 'Your contact details')).toBeVisible();
  const postal = main.getByRole('region', { name: 'Your postal address' });
  await expect(postal).toContainText('We do not hold a postal address for you');
  await choose(page, page.getByLabel('Yes'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Give your postal address before you continue');
  await expectNoAccessibilityViolations(page);
  await tabTo(page, page.getByLabel('Find your address'));
  await page.keyboard.type('quay street manchester');
  await tabTo(page, page.getByRole('button', { name: /Riverside House, 22 Quay Street/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'in Riverside House' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /Flat 3, Riverside House/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Address line 1')).toHaveValue('Flat 3');
  await tabTo(page, page.getByRole('button', { name: 'Save this address' }));
  await page.keyboard.press('Enter');
  await expect(postal.getByRole('status')).toHaveText('Your postal address has been changed.');
  await expect(postal).toContainText('Flat 3');
  await expectNoAccessibilityViolations(page);
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
  // Not married: the route skips the spouse's pages.
  await expect(heading(page, 'Your spouse or civil partner')).toBeVisible();
  await choose(page, page.getByLabel('No'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Prove your identity')).toBeVisible();
  await uploadByKeyboard(page, page.getByLabel('Photo of your passport or driving licence'), {
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await tabTo(page, page.getByRole('button', { name: 'Send photo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('definition').filter({ hasText: 'licence.png' })).toBeVisible();
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Declarations')).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) await tick(page, box);
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await expect(main).toContainText('Continue without guidance');
  await expect(main).toContainText('£5,000.00');

  // One Change by keyboard: the same answer again leads back to check your answers.
  await tabTo(page, page.getByRole('link', { name: /^Change have you taken tax-free cash/ }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your lump sum allowance')).toBeVisible();
  await choose(page, page.getByLabel('No'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Accept and send' }));
  await page.keyboard.press('Enter');
  // First it is the member (a code to their email), then the new bank account (its own code).
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await tabTo(page, page.getByLabel('Code'));
  await page.keyboard.type(await codeSentTo(request, 'db.retiring@example.org'));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm the bank account in your application' }),
  ).toBeVisible();
  await tabTo(page, page.getByLabel('Code'));
  await page.keyboard.type(await codeSentTo(request, 'db.retiring@example.org'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Application sent')).toBeVisible();
  await expect(page.locator('.panel__reference')).toHaveText(/^RTP9-\d{6}$/);
});
