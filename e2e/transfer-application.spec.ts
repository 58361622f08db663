import { readFile } from 'node:fs/promises';
import { expect, test as base, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePdf } from './support/files';
import { activate, choose, tabTo, tick, typeDate, typeInto, uploadByKeyboard } from './support/keyboard';
import { codeSentTo, DEMO_PASSWORD, signInToHub } from './support/member';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

// On a portal of its own: db.avc's contact details must not have changed lately (my-details.spec changes
// them on the shared portal), or the transfer's step-up code would have no settled route to go to. One
// portal each test: each sends db.avc's transfer, which a member can do once.
const test = base.extend<{ transferPortal: OwnPortal }>({
  transferPortal: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const portal = await startOwnPortal('transfer-application', {});
      await use(portal);
      await portal.stop();
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ transferPortal }, use) => use(transferPortal.url('')),
});

// Two walks of a long application, with an accessibility check on every page (and My requests after the refusal).
test.describe.configure({ timeout: 300_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
/** The hub's transfer card, whose status comes from transferApplicationStatus in the access key. */
const transferCard = (page: Page) =>
  page.locator('.task-card').filter({ has: page.getByRole('heading', { name: 'Transfer your pension' }) });

/** Checks the page with axe, answers it with the label given (a radio, or a box to fill) and goes on. */
async function answer(page: Page, title: string | RegExp, choose: string | RegExp) {
  await expect(heading(page, title)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page
    .getByRole('main')
    .getByLabel(choose, { exact: typeof choose === 'string' })
    .check();
  await continueButton(page).click();
}

async function fill(page: Page, title: string | RegExp, label: string, value: string) {
  await expect(heading(page, title)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('main').getByLabel(label).fill(value);
  await continueButton(page).click();
}

/** From the hub's card through the receiving scheme, a personal pension, to the first transfer check. */
async function startAndDescribeScheme(page: Page, start: 'hub' | 'again') {
  const main = page.getByRole('main');
  if (start === 'hub')
    await transferCard(page).getByRole('link', { name: 'Apply to transfer your pension' }).click();
  // After a refusal the application's pages show the refusal page, which offers a new application.
  await expect(
    heading(page, start === 'hub' ? 'Apply to transfer your pension' : 'We cannot make this transfer'),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: start === 'hub' ? 'Start now' : 'Start a new application' }).click();
  await expect(heading(page, 'Apply to transfer your pension')).toBeVisible();
  await expect(continueButton(page)).toBeVisible();
  await continueButton(page).click();

  await expect(heading(page, 'Pension scams: read this first')).toBeVisible();
  await expect(main.getByRole('link', { name: 'FCA ScamSmart' })).toBeVisible();
  await answer(page, 'Pension scams: read this first', 'Yes, I have read the warnings and want to carry on');
  // Meridian's scheme allows partial transfers: the second application transfers £200,000 of the value.
  if (start === 'hub')
    await answer(
      page,
      'Transfer all or part of your pension',
      'All of it: my whole guaranteed transfer value',
    );
  else {
    await answer(
      page,
      'Transfer all or part of your pension',
      'Part of it, and keep the rest of my pension with Meridian',
    );
    await fill(
      page,
      'How much of your transfer value to transfer',
      'How much of your guaranteed transfer value do you want to transfer, in pounds?',
      '200000',
    );
  }
  await answer(
    page,
    'The scheme you are transferring to',
    'A personal pension or self-invested personal pension (SIPP)',
  );
  await fill(
    page,
    'Receiving scheme name',
    'What is the name of the scheme you are transferring to?',
    'Harbour SIPP',
  );
  await fill(
    page,
    'Receiving scheme address',
    'What is the scheme’s postal address?',
    '1 Quay Street, Manchester, M3 3JZ',
  );

  // The tax reference is checked for its form, in the error summary.
  await fill(
    page,
    'Receiving scheme tax reference',
    'What is the scheme’s pension scheme tax reference (PSTR)?',
    '1234',
  );
  await expect(page.getByRole('alert')).toContainText('8 digits and 2 letters');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('What is the scheme’s pension scheme tax reference (PSTR)?').fill('12345678RA');
  await continueButton(page).click();

  await expect(heading(page, 'The scheme’s administrator')).toBeVisible();
  await main.getByLabel('First names').fill('Alex');
  await main.getByLabel('Last name').fill('Morgan');
  await main.getByLabel('Email address').fill('admin@harbour.example');
  await main.getByLabel('Phone number').fill('0161 946 0000');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  // The scheme's account: checked by the bank's rules, not against the member's name.
  await expect(heading(page, 'Where we pay the transfer')).toBeVisible();
  await main.getByLabel('Name on the account').fill('Harbour SIPP Trustees');
  await main.getByLabel('Sort code').fill('30-94-66');
  await main.getByLabel('Account number').fill('12345678');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();
}

const redChecks = [
  /unable or unwilling to give us any information/,
  /decided not to take it/,
  /not authorised by the FCA/,
  /first contacted about this transfer/,
  /offered you something to transfer/,
  /pressured you to transfer/,
];
const amberChecks = [
  /could not answer fully/,
  /prepare or send any of the information/,
  /high-risk or unregulated investments/,
  /fees or charges/,
  /unclear, complicated or unusual/,
  /invested outside the UK/,
  /recently transferred to the same scheme/,
];

/** Answers a transfer check: the question's own Yes or No. */
async function check(page: Page, number: number, question: RegExp, yes: boolean, byKeyboard = false) {
  await expect(heading(page, `Transfer check ${number} of 13`)).toBeVisible();
  const group = page.getByRole('group', { name: question });
  await expect(group).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const option = group.getByLabel(yes ? 'Yes' : 'No', { exact: true });
  if (!byKeyboard) {
    await option.check();
    await continueButton(page).click();
    return;
  }
  // By keyboard: the arrow keys choose the answer, Enter on Continue sends it.
  await choose(page, option);
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');
}

test('db.avc is refused on a red flag (recorded in My requests), then transfers to a personal pension with an amber flag and a safeguarding reference: the case in My requests and the status on the hub', async ({
  page,
  request,
}) => {
  const main = page.getByRole('main');
  await signInToHub(page, 'db.avc');
  await expect(transferCard(page)).toBeVisible();

  // A red flag: cold called. The application ends on a page that says why and what to do.
  await startAndDescribeScheme(page, 'hub');
  for (const [index, question] of redChecks.slice(0, 3).entries())
    await check(page, index + 1, question, false);
  await check(page, 4, redChecks[3]!, true);
  await expect(heading(page, 'We cannot make this transfer')).toBeVisible();
  await expect(main).toContainText('first contacted about this transfer out of the blue');
  await expect(main.getByRole('link', { name: 'report it to us' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // The refusal is recorded for the scheme: closed, in My requests with why and what to do.
  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(heading(page, 'My requests')).toBeVisible();
  const refusal = main
    .locator('.request')
    .filter({ has: page.getByRole('heading', { name: /^Transfer refused \(TRF1-\d+\)$/ }) });
  await expect(refusal).toContainText('Rejected');
  await expect(refusal).toContainText('first contacted about this transfer out of the blue');
  await expect(refusal).toContainText('What you can do: If you answered by mistake');
  await expectNoAccessibilityViolations(page);
  await page.goto('/hub');
  await expect(transferCard(page)).toContainText('We could not accept it online');

  // A second application: no red flag, overseas investments (amber), so a safeguarding reference.
  await transferCard(page).getByRole('link', { name: 'Apply to transfer your pension' }).click();
  await startAndDescribeScheme(page, 'again');
  for (const [index, question] of redChecks.entries()) await check(page, index + 1, question, false);
  for (const [index, question] of amberChecks.entries())
    await check(page, index + 7, question, question === amberChecks[5], true);
  await expect(heading(page, 'Pension safeguarding appointment')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main
    .getByLabel(/reference of your MoneyHelper pension safeguarding appointment/)
    .fill('PSG-4471-2093');
  await continueButton(page).click();

  // Over £30,000 of guaranteed benefits: advice from a firm on the FCA register.
  await answer(page, 'Financial advice', 'Yes');
  await fill(
    page,
    'Your adviser’s firm',
    'What is the name of your adviser’s firm?',
    'Northgate Pension Advice',
  );
  // The firm's address, as TPR's due diligence asks.
  await expect(heading(page, 'Your adviser’s address')).toBeVisible();
  await main.getByLabel('Address line 1').fill('4 Park Row');
  await main.getByLabel('Town or city').fill('Leeds');
  await main.getByLabel('Postcode', { exact: true }).fill('LS1 5HN');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();
  await fill(
    page,
    'Your adviser’s FCA number',
    'What is your adviser firm’s FCA firm reference number?',
    '999999',
  );
  await expect(page.getByRole('alert')).toContainText(
    'We cannot find that firm reference number on the FCA register',
  );
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('What is your adviser firm’s FCA firm reference number?').fill('7654321');
  await continueButton(page).click();
  await expect(heading(page, 'When you had advice')).toBeVisible();
  const adviceDate = main.getByRole('group', {
    name: 'When did your adviser give you their advice about this transfer?',
  });
  await typeDate(page, adviceDate, ['1', '1', String(new Date().getUTCFullYear() - 2)]);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('The date must be in the last 12 months');
  await adviceDate.getByLabel('Year').fill(String(new Date().getUTCFullYear()));
  await adviceDate.getByLabel('Month').fill(String(new Date().getUTCMonth() + 1));
  await adviceDate.getByLabel('Day').fill(String(new Date().getUTCDate()));
  await continueButton(page).click();
  await expect(heading(page, 'Your adviser’s letter')).toBeVisible();
  await main.getByLabel('Upload your adviser’s letter confirming the advice').setInputFiles({
    name: 'advice-letter.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Advice letter'),
  });
  await expect(main.getByRole('status').filter({ hasText: 'Uploaded: advice-letter.pdf' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  await answer(page, 'Money you have taken from other pensions', 'No');
  // 50 or over and transferring to take money: the stronger nudge to Pension Wise.
  await answer(page, 'Why you are transferring', 'Yes');
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await expect(main).toContainText(
    'Because you are 50 or over and transferring to take money from your pension',
  );
  await expect(main).not.toContainText('have already taken money flexibly');
  await answer(page, 'Pension Wise guidance', 'Yes, I have had Pension Wise guidance');
  await expect(heading(page, 'When you had guidance')).toBeVisible();
  const today = new Date();
  await typeDate(page, main.getByRole('group', { name: 'When did you have Pension Wise guidance?' }), [
    String(today.getUTCDate()),
    String(today.getUTCMonth() + 1),
    String(today.getUTCFullYear()),
  ]);
  await expectNoAccessibilityViolations(page);
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Declarations')).toBeVisible();
  for (const label of [
    'the information I have given is true and complete',
    /I give up all my benefits in this scheme/,
    /I have read the scam warnings/,
  ])
    await tick(page, main.getByLabel(label));
  await expectNoAccessibilityViolations(page);
  await tabTo(page, continueButton(page));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await expect(main).toContainText('Harbour SIPP Trustees, sort code 30-94-66, account ending 5678');
  await expect(main).toContainText('PSG-4471-2093');
  await expect(main).toContainText('4 Park Row, Leeds, LS1 5HN');
  await expect(main).toContainText('Guaranteed transfer value');
  await expect(main).toContainText('Part of the value to transfer');
  await expect(main).toContainText('£200,000.00');
  await expect(main).toContainText('Pension a year you keep with us');
  await expectNoAccessibilityViolations(page);
  await page.goto('/hub');
  await expect(transferCard(page)).toContainText('Ready to send');
  await page.goBack();
  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  await page.getByRole('button', { name: 'Accept and send' }).click();

  // A transfer moves the pension away: a code to the member's settled email confirms it is them.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expect(main).toContainText('We have sent a 6-digit code to');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Code').fill('000000');
  await main.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not right');
  await main.getByLabel('Code').fill(await codeSentTo(request, 'db.avc@example.org'));
  await main.getByRole('button', { name: 'Confirm' }).click();

  await expect(heading(page, 'Transfer application sent')).toBeVisible();
  const reference = (await page.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^TOP9-\d{6}$/);
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download your application (PDF)' }).click(),
  ]);
  const text = await pdfText(await readFile((await download.path())!));
  for (const expected of [
    `Reference ${reference}`,
    'Guarantee date',
    'Days left of the 6 months to pay',
    'PSG-4471-2093',
  ])
    expect(text).toContain(expected);

  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main).toContainText(`Apply to transfer your pension (${reference})`);
  await expectNoAccessibilityViolations(page);
  await page.goto('/hub');
  await expect(transferCard(page)).toContainText('Application sent');
  await expectNoAccessibilityViolations(page);
});

/** A page reached by keyboard: focus on the main content, as after every in-app navigation; axe. */
async function arrived(page: Page, title: string | RegExp) {
  await expect(heading(page, title)).toBeVisible();
  await expect(page.locator('#main-content')).toBeFocused();
  await expectNoAccessibilityViolations(page);
}

/** Answers a page by keyboard: arrows choose the radio, Enter on Continue sends it. */
async function chooseByKeyboard(page: Page, title: string | RegExp, label: string | RegExp) {
  await arrived(page, title);
  await choose(page, page.getByRole('main').getByLabel(label, { exact: typeof label === 'string' }));
  await activate(page, continueButton(page));
}

/** Answers a page's boxes by keyboard, each reached with Tab, and sends it with Enter on Continue. */
async function typeByKeyboard(page: Page, title: string | RegExp, boxes: [string, string][]) {
  await arrived(page, title);
  for (const [label, text] of boxes) await typeInto(page, page.getByRole('main').getByLabel(label), text);
  await activate(page, continueButton(page));
}

/**
 * An invalid page by keyboard: the error summary takes focus, Tab reaches its link and Enter on it
 * takes focus to the box, which is emptied and typed again.
 */
async function correctByKeyboard(page: Page, message: string | RegExp, box: string | RegExp, text: string) {
  const summary = page.getByRole('alert');
  await expect(summary).toContainText(message);
  await expect(summary).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: message })).toBeFocused();
  await page.keyboard.press('Enter');
  const field = page.getByRole('main').getByLabel(box);
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await activate(page, continueButton(page));
}

test('db.avc transfers to a personal pension by keyboard alone, from the hub to the confirmation, with the step-up code', async ({
  page,
  request,
}) => {
  const main = page.getByRole('main');
  await page.goto('/login');
  await typeInto(page, page.getByLabel('Username'), 'db.avc');
  await typeInto(page, page.getByLabel('Password'), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your pension')).toBeVisible();

  await activate(page, transferCard(page).getByRole('link', { name: 'Apply to transfer your pension' }));
  await arrived(page, 'Apply to transfer your pension');
  await activate(page, main.getByRole('button', { name: 'Start now' }));
  await expect(continueButton(page)).toBeVisible();
  await arrived(page, 'Apply to transfer your pension');
  await activate(page, continueButton(page));

  await chooseByKeyboard(
    page,
    'Pension scams: read this first',
    'Yes, I have read the warnings and want to carry on',
  );
  await chooseByKeyboard(
    page,
    'Transfer all or part of your pension',
    'All of it: my whole guaranteed transfer value',
  );
  await chooseByKeyboard(
    page,
    'The scheme you are transferring to',
    'A personal pension or self-invested personal pension (SIPP)',
  );
  await typeByKeyboard(page, 'Receiving scheme name', [
    ['What is the name of the scheme you are transferring to?', 'Harbour SIPP'],
  ]);
  await typeByKeyboard(page, 'Receiving scheme address', [
    ['What is the scheme’s postal address?', '1 Quay Street, Manchester, M3 3JZ'],
  ]);
  const pstr = 'What is the scheme’s pension scheme tax reference (PSTR)?';
  await typeByKeyboard(page, 'Receiving scheme tax reference', [[pstr, '1234']]);
  await correctByKeyboard(page, /8 digits and 2 letters/, pstr, '12345678RA');
  await typeByKeyboard(page, 'The scheme’s administrator', [
    ['First names', 'Alex'],
    ['Last name', 'Morgan'],
    ['Email address', 'admin@harbour.example'],
    ['Phone number', '0161 946 0000'],
  ]);
  await typeByKeyboard(page, 'Where we pay the transfer', [
    ['Name on the account', 'Harbour SIPP Trustees'],
    ['Sort code', '30-94-66'],
    ['Account number', '12345678'],
  ]);

  // No red flag; money invested outside the UK is an amber one.
  for (const [index, question] of [...redChecks, ...amberChecks].entries()) {
    await arrived(page, `Transfer check ${index + 1} of 13`);
    const answer = page
      .getByRole('group', { name: question })
      .getByLabel(question === amberChecks[5] ? 'Yes' : 'No', {
        exact: true,
      });
    await choose(page, answer);
    await activate(page, continueButton(page));
  }
  const reference = /reference of your MoneyHelper pension safeguarding appointment/;
  await arrived(page, 'Pension safeguarding appointment');
  await activate(page, continueButton(page));
  await correctByKeyboard(page, 'Enter an answer', reference, 'PSG-4471-2093');

  await chooseByKeyboard(page, 'Financial advice', 'Yes');
  await typeByKeyboard(page, 'Your adviser’s firm', [
    ['What is the name of your adviser’s firm?', 'Northgate Pension Advice'],
  ]);
  await arrived(page, 'Your adviser’s address');
  await typeInto(page, main.getByLabel('Address line 1'), '4 Park Row');
  await typeInto(page, main.getByLabel('Town or city'), 'Leeds');
  await typeInto(page, main.getByLabel('Postcode', { exact: true }), 'LS1 5HN');
  await activate(page, continueButton(page));
  await typeByKeyboard(page, 'Your adviser’s FCA number', [
    ['What is your adviser firm’s FCA firm reference number?', '7654321'],
  ]);
  const today = new Date();
  const todayParts = [
    String(today.getUTCDate()),
    String(today.getUTCMonth() + 1),
    String(today.getUTCFullYear()),
  ];
  await arrived(page, 'When you had advice');
  await typeDate(
    page,
    main.getByRole('group', { name: 'When did your adviser give you their advice about this transfer?' }),
    todayParts,
  );
  await activate(page, continueButton(page));

  // The letter: Space on the file input opens the chooser; focus stays on the input while it uploads.
  await arrived(page, 'Your adviser’s letter');
  const letter = main.getByLabel('Upload your adviser’s letter confirming the advice');
  await uploadByKeyboard(page, letter, {
    name: 'advice-letter.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Advice letter'),
  });
  await expect(main.getByRole('status').filter({ hasText: 'Uploaded: advice-letter.pdf' })).toBeVisible();
  await expect(letter).toBeFocused();
  await activate(page, continueButton(page));

  await chooseByKeyboard(page, 'Money you have taken from other pensions', 'No');
  await chooseByKeyboard(page, 'Why you are transferring', 'Yes');
  await chooseByKeyboard(page, 'Pension Wise guidance', 'Yes, I have had Pension Wise guidance');
  await arrived(page, 'When you had guidance');
  await typeDate(
    page,
    main.getByRole('group', { name: 'When did you have Pension Wise guidance?' }),
    todayParts,
  );
  await activate(page, continueButton(page));

  await arrived(page, 'Declarations');
  for (const label of [
    'the information I have given is true and complete',
    /I give up all my benefits in this scheme/,
    /I have read the scam warnings/,
  ])
    await tick(page, main.getByLabel(label));
  await activate(page, continueButton(page));

  // Sending asks for the code: focus goes to the main content, where the question now is.
  await arrived(page, 'Check your answers before you apply');
  await activate(page, page.getByRole('button', { name: 'Accept and send' }));
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expect(page.locator('#main-content')).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await typeInto(page, main.getByLabel('Code'), await codeSentTo(request, 'db.avc@example.org'));
  await activate(page, main.getByRole('button', { name: 'Confirm' }));

  await arrived(page, 'Transfer application sent');
  await expect(page.locator('.panel__reference')).toHaveText(/^TOP9-\d{6}$/);
});
