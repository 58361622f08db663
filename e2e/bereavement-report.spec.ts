import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePdf } from './support/files';
import { activate, choose, selectByKeyboard, typeDate, typeInto, uploadByKeyboard } from './support/keyboard';
import { bluewaterUrl, shortIdleUrl } from './support/tenants';
import { consoleHeading, staffSignsInWithCode } from './support/staff-console';
import { demoStaff } from '../apps/server/src/seed/demo-staff';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-personas';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (main: Locator) => main.getByRole('button', { name: 'Continue' });

async function fillDate(group: Locator, [day, month, year]: string[]) {
  await group.getByLabel('Day').fill(day!);
  await group.getByLabel('Month').fill(month!);
  await group.getByLabel('Year').fill(year!);
}

/** Ticks the captcha and waits for the browser to solve it. */
async function passCaptcha(main: Locator) {
  await main.getByRole('checkbox', { name: /not a robot/i }).click();
  await expect(main.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
}

/**
 * The code just emailed to this address, from the demo outbox of the portal the page is on (by its port:
 * every tenant of a portal shares its outbox, and only the browser resolves *.localhost).
 */
async function emailedCode(page: Page, email: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasText: `sent a 6-digit code to ${email}` })).toBeVisible();
  const portal = `http://localhost:${new URL(page.url()).port}`;
  const outbox = `${portal}/api/dev/outbox?recipient=${encodeURIComponent(email)}`;
  let body = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(outbox)).json()) as {
        messages: Array<{ body: string }>;
      };
      body = messages[0]?.body ?? '';
      return /Your code is \d{6}/.test(body);
    })
    .toBe(true);
  return /Your code is (\d{6})/.exec(body)![1]!;
}

/**
 * The report from its first page to the reference, with axe on every page; with `certificate`, the
 * death certificate is uploaded once the email is proven; with `changeEmailTo`, the email is changed
 * from check your answers, which leads through the code page again; with `lockedEmail`, that address is
 * given first and locked by five wrong codes before `email` is given instead; with `bornAfterDeath`, a
 * date of birth after the date of death is tried from check your answers and refused.
 */
async function report(
  page: Page,
  reference: RegExp,
  email: string,
  {
    certificate = false,
    changeEmailTo,
    lockedEmail,
    bornAfterDeath = false,
  }: { certificate?: boolean; changeEmailTo?: string; lockedEmail?: string; bornAfterDeath?: boolean } = {},
) {
  const main = page.getByRole('main');
  await expect(heading(page, 'Report a death online')).toBeVisible();
  await expect(main.getByRole('group', { name: 'Check you are a person' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(page.getByRole('alert')).toContainText('Tick the box to show you are a person');
  await passCaptcha(main);
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Start now' }).click();

  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  await main.getByLabel('First names').fill('Arthur');
  await main.getByLabel('Last name').fill('Pendle');
  await fillDate(main.getByRole('group', { name: 'Date of birth' }), ['14', '3', '1950']);
  await main.getByLabel('Address line 1').fill('4 Mill Lane');
  await main.getByLabel('Town or city').fill('Leeds');
  await main.getByLabel('Postcode', { exact: true }).fill('LS1 4AB');
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'When did they die?')).toBeVisible();
  await fillDate(main.getByRole('group', { name: 'When did they die?' }), ['2', '1', '1949']);
  await continueButton(main).click();
  await expect(page.getByRole('alert')).toContainText('on or after their date of birth');
  await expectNoAccessibilityViolations(page);
  await fillDate(main.getByRole('group', { name: 'When did they die?' }), ['2', '1', '2026']);
  await continueButton(main).click();

  await expect(heading(page, 'Their National Insurance number')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('No, or not to hand').check();
  await continueButton(main).click();

  await expect(heading(page, 'Their pension reference number')).toBeVisible();
  await main.getByLabel('Yes').check();
  await continueButton(main).click();
  await expect(heading(page, 'What was their pension reference number?')).toBeVisible();
  await main.getByLabel('What was their pension reference number?').fill('0123456');
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'About you')).toBeVisible();
  await main
    .getByLabel('How are you related to the person who died?')
    .selectOption({ label: 'Son or daughter' });
  await main.getByLabel('First names').fill('Jo');
  await main.getByLabel('Last name').fill('Pendle');
  await main.getByLabel('Phone number').fill('07911 123456');
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'Your email address')).toBeVisible();
  if (lockedEmail) {
    await main.getByLabel('What is your email address?').fill(lockedEmail);
    await continueButton(main).click();
    await expect(heading(page, 'Check your email')).toBeVisible();
    const wrong = (await emailedCode(page, lockedEmail)) === '000000' ? '111111' : '000000';
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await main.getByLabel('Enter the code from the email').fill(wrong);
      await continueButton(main).click();
      await expect(page.getByRole('alert')).toContainText(`You have ${left} left`);
    }
    // The fifth wrong code locks the address for a day: the page says so, and another address is given.
    await main.getByLabel('Enter the code from the email').fill(wrong);
    await continueButton(main).click();
    await expect(page.getByRole('alert')).toContainText('Too many wrong codes');
    await expect(main.getByLabel('Enter the code from the email')).toHaveAccessibleDescription(
      /Too many wrong codes/,
    );
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(heading(page, 'Your email address')).toBeVisible();
  }
  await main.getByLabel('What is your email address?').fill(email);
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  // The email is proven with the code sent to it, read from the demo outbox.
  await expect(heading(page, 'Check your email')).toBeVisible();
  const code = await emailedCode(page, email);
  // A visitor's pages have no "Save and come back later": there is no account to come back to.
  await expect(main.getByRole('button', { name: 'Save and come back later' })).toHaveCount(0);
  await main.getByLabel('Enter the code from the email').fill('12345');
  await continueButton(main).click();
  await expect(page.getByRole('alert')).toContainText('Enter the 6-digit code from the email');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Enter the code from the email').fill(code);
  await continueButton(main).click();

  await expect(heading(page, 'The death certificate')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  if (certificate) {
    await main.getByLabel('Yes').check();
    await continueButton(main).click();
    await expect(heading(page, 'Upload the death certificate')).toBeVisible();
    await main.getByLabel('Upload a copy of the death certificate').setInputFiles({
      name: 'death-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: await samplePdf('Certified copy of an entry of death'),
    });
    await expect(
      main.getByRole('status').filter({ hasText: 'Uploaded: death-certificate.pdf' }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await continueButton(main).click();
    await expect(heading(page, 'Other documents')).toBeVisible();
    await main.getByLabel('No', { exact: true }).check();
    await expectNoAccessibilityViolations(page);
  } else {
    await main.getByLabel('No, not yet').check();
  }
  await continueButton(main).click();

  await expect(heading(page, 'Their next of kin')).toBeVisible();
  await main.getByRole('button', { name: 'Add a person' }).click();
  await main
    .getByLabel('How were they related to the person who died?')
    .selectOption({ label: 'Husband, wife or civil partner' });
  await main.getByLabel('First names').fill('Mary');
  await main.getByLabel('Last name').fill('Pendle');
  await main.getByRole('button', { name: 'Save this person' }).click();
  await expect(main).toContainText('Mary Pendle');
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'Their executor')).toBeVisible();
  await main.getByLabel('No, or not yet').check();
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'Who we should contact')).toBeVisible();
  await main.getByLabel('You', { exact: true }).check();
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();

  await expect(heading(page, 'Check your answers before sending your report')).toBeVisible();
  await expect(main).toContainText('Arthur Pendle');
  await expect(main).toContainText('0123456');
  await expect(main).toContainText(email);
  if (certificate) await expect(main).toContainText('death-certificate.pdf');
  await expectNoAccessibilityViolations(page);
  if (bornAfterDeath) {
    // A date of birth changed to after the date of death is refused as the date of death is, on its page.
    await main.getByRole('link', { name: /Change about the person who died/i }).click();
    const deceased = main.getByRole('group', { name: 'About the person who died' });
    await fillDate(deceased.getByRole('group', { name: 'Date of birth' }), ['3', '1', '2026']);
    await continueButton(main).click();
    await expect(page.getByRole('alert')).toContainText(
      'The date they died must be on or after their date of birth',
    );
    await expect(deceased).toHaveAccessibleDescription(
      /The date they died must be on or after their date of birth/,
    );
    await expectNoAccessibilityViolations(page);
    await fillDate(deceased.getByRole('group', { name: 'Date of birth' }), ['14', '3', '1950']);
    await continueButton(main).click();
    await expect(heading(page, 'Check your answers before sending your report')).toBeVisible();
  }
  // A Change link goes back to the page, and from there straight back to check your answers.
  await main.getByRole('link', { name: /Change who should we contact/i }).click();
  await expect(heading(page, 'Who we should contact')).toBeVisible();
  await main.getByLabel('The executor').check();
  await continueButton(main).click();
  // They said no one is dealing with the estate yet, so the executor cannot be the one we contact.
  await expect(page.getByRole('alert')).toContainText('You told us no one is dealing with their estate yet');
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Their next of kin').check();
  await continueButton(main).click();
  // With one next of kin, the report asks only how to reach them.
  await expect(heading(page, 'Contacting their next of kin')).toBeVisible();
  const reach = main.getByRole('group', { name: 'How can we contact their next of kin?' });
  await reach.getByLabel('Email address').fill('mary.pendle@example.org');
  await reach.getByLabel('Phone number').fill('07911 123457');
  await expectNoAccessibilityViolations(page);
  await continueButton(main).click();
  await expect(heading(page, 'Check your answers before sending your report')).toBeVisible();
  await expect(main).toContainText('Their next of kin');
  await expect(main).toContainText('mary.pendle@example.org');
  if (changeEmailTo) {
    await main.getByRole('link', { name: /Change what is your email address/i }).click();
    await main.getByLabel('What is your email address?').fill(changeEmailTo);
    await continueButton(main).click();
    await expect(heading(page, 'Check your email')).toBeVisible();
    await main.getByLabel('Enter the code from the email').fill(await emailedCode(page, changeEmailTo));
    await continueButton(main).click();
    await expect(heading(page, 'Check your answers before sending your report')).toBeVisible();
    await expect(main).toContainText(changeEmailTo);
  }
  await main.getByRole('button', { name: 'Send report' }).click();

  await expect(heading(page, 'Report sent')).toBeVisible();
  await expect(main).toContainText(reference);
  await expect(main).toContainText('What happens next');
  await expectNoAccessibilityViolations(page);
  // The same reference goes by email to the proven address, through the demo outbox of this portal.
  const shown = reference.exec(await main.locator('.panel__reference').innerText())![0];
  const outbox = `http://localhost:${new URL(page.url()).port}/api/dev/outbox?recipient=${encodeURIComponent(changeEmailTo ?? email)}`;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(outbox)).json()) as {
        messages: Array<{ body: string }>;
      };
      return messages.some((message) => message.body.includes(shown));
    })
    .toBe(true);
}

/**
 * The scheme's side of a sent report: the tenant's `caseworker` signs in on their console (`signInUrl`,
 * Meridian's unless given), finds the report in the case queue not yet matched to a member, opens the
 * case (sender, deadline, the deceased) and the death certificate the relative sent, listed with its
 * type, size and when (and `alsoSent`, another file's link name), then finds both on Reports of a
 * death, with axe on each page. The file is read by the browser, which alone resolves *.localhost.
 */
async function caseworkerOpensReport(
  page: Page,
  reference: string,
  { caseworker, signInUrl, alsoSent }: { caseworker: string; signInUrl?: string; alsoSent?: string },
) {
  await staffSignsInWithCode(
    page,
    demoStaff.find((staff) => staff.email === caseworker)!,
    signInUrl,
  );
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
  await expect(row).toContainText('Not matched to a member yet');
  await row.getByRole('link', { name: reference }).click();
  await expect(consoleHeading(page, new RegExp(reference))).toBeVisible();
  const caseMain = page.getByRole('main');
  await expect(caseMain).toContainText(
    'Sent by Jo Pendle (not signed in), not yet matched to a member record.',
  );
  await expect(caseMain.locator('.console-timeline')).toContainText('Sent by Jo Pendle (not signed in)');
  await expect(caseMain).toContainText('Death: acknowledged in 5 working days');
  await expect(caseMain).toContainText('Arthur');
  // The files the relative sent are listed with the case (type, size, when) and open from it, audited.
  const certificate = { name: /^View death-certificate\.pdf \(.+, opens in a new tab\)$/ };
  const certificateLink = caseMain.getByRole('link', certificate);
  await expect(
    caseMain.getByRole('listitem').filter({ has: page.getByRole('link', certificate) }),
  ).toContainText(/\d K?B, uploaded \d/);
  if (alsoSent) await expect(caseMain.getByRole('link', { name: alsoSent })).toBeVisible();
  await expect(caseMain.locator('.console-timeline')).toContainText('death-certificate.pdf');
  const opened = await page.evaluate(
    async (href) => {
      const response = await fetch(href);
      const start = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        start: String.fromCharCode(...start),
      };
    },
    (await certificateLink.getAttribute('href'))!,
  );
  expect(opened).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });
  await expectNoAccessibilityViolations(page);
  // Reports of a death lists them with the report too.
  await page.getByRole('link', { name: 'Reports of a death' }).click();
  await expect(consoleHeading(page, 'Reports of a death')).toBeVisible();
  const sentReport = page.getByRole('region', { name: `Report ${reference}`, exact: true });
  await expect(sentReport.getByRole('link', { name: /^View death-certificate\.pdf / })).toBeVisible();
  if (alsoSent) await expect(sentReport.getByRole('link', { name: alsoSent })).toBeVisible();
  await expect(sentReport.getByRole('link', { name: `Open case ${reference}` })).toBeVisible();
  await expectNoAccessibilityViolations(page);
}

test('a relative reports a death from the home page’s signpost, signed out, on Meridian, with the death certificate', async ({
  page,
}) => {
  // The whole report, then the scheme's side in the console: about 50 s on a quiet machine.
  test.setTimeout(150_000);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Tell us about a death' }).first().click();
  await expect(heading(page, 'Tell us about a death')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Report a death online' }).click();
  await report(page, /BRV1-\d+/, `jo.pendle.${Date.now()}@example.org`, {
    certificate: true,
    lockedEmail: `jo.locked.${Date.now()}@example.org`,
    bornAfterDeath: true,
  });

  // The report's token is an httpOnly cookie sent to the bereavement API alone.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'visitorJourney')).toMatchObject({
    httpOnly: true,
    path: '/api/bereavement',
  });

  // While the report's token lasts, the confirmation page sends more documents to it.
  const main = page.getByRole('main');
  const another = main.getByRole('region', { name: 'Send another document' });
  await another.getByRole('button', { name: 'Send document' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Say what the document is');
  await expect(summary).toContainText('Choose a file to send');
  await expectNoAccessibilityViolations(page);
  await summary.getByRole('link', { name: 'Choose a file to send' }).click();
  await expect(another.getByLabel('Choose the file')).toBeFocused();
  await another.getByLabel('What is the document?').fill('Will');
  await another.getByLabel('Choose the file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a document'),
  });
  await another.getByRole('button', { name: 'Send document' }).click();
  await expect(page.getByRole('alert')).toContainText('notes.txt must be a');
  await another.getByLabel('Choose the file').setInputFiles({
    name: 'will.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Last will and testament of Arthur Pendle'),
  });
  await another.getByRole('button', { name: 'Send document' }).click();
  await expect(another.getByRole('status').filter({ hasText: 'will.pdf (Will)' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Once the token is gone (it lapsed, or the browser lost it), the page says how to send them instead.
  await page.context().clearCookies({ name: 'visitorJourney' });
  await another.getByLabel('What is the document?').fill('Grant of probate');
  await another.getByLabel('Choose the file').setInputFiles({
    name: 'probate.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Grant of probate'),
  });
  await another.getByRole('button', { name: 'Send document' }).click();
  await expect(another).toContainText('You can no longer send documents on this page');
  await expect(another).toContainText('help@meridian.example.org');
  await expect(another.getByRole('button', { name: 'Send document' })).toHaveCount(0);
  await expect(another.getByRole('status').filter({ hasText: 'will.pdf (Will)' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The scheme's caseworker finds the report in the console's queue and opens the files it came with.
  const reference = /BRV1-\d+/.exec(await main.locator('.panel__reference').innerText())![0];
  await caseworkerOpensReport(page, reference, {
    caseworker: 'caseworker@meridian.example',
    alsoSent: 'View will.pdf (Will, opens in a new tab)',
  });
});

test('a relative reports a death from Bluewater’s home page signpost, with the death certificate and Bluewater’s reference, changing their email from check your answers', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(bluewaterUrl('/'));
  await page.getByRole('main').getByRole('link', { name: 'Tell us about a death' }).first().click();
  await expect(heading(page, 'Tell us about a death')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('0300 765 4321');
  await page.getByRole('main').getByRole('link', { name: 'Report a death online' }).click();
  await report(page, /BBR1-\d+/, `bw.reporter.${Date.now()}@example.org`, {
    certificate: true,
    changeEmailTo: `bw.other.${Date.now()}@example.org`,
  });
  await expect(page).toHaveURL(/^http:\/\/bluewater\.localhost:/);

  // Bluewater's caseworker, on Bluewater's console, finds it and opens its death certificate.
  const reference = /BBR1-\d+/.exec(
    await page.getByRole('main').locator('.panel__reference').innerText(),
  )![0];
  await caseworkerOpensReport(page, reference, {
    caseworker: 'caseworker@bluewater.example',
    signInUrl: bluewaterUrl('/admin/sign-in'),
  });
  await caseworkerMatchesSeededReport(page);
});

/**
 * The report of bw.reported's death the demo seeds (demo-record-work.ts), on Bluewater's Reports of a
 * death where its caseworker already is: matched to the record by its reference, which suspends the
 * account, so the member's sign-in is refused with why; then the match is undone, so the account signs in
 * again on a later run (no other spec signs in as bw.reported but the accessibility sweep, which runs first).
 */
async function caseworkerMatchesSeededReport(page: Page) {
  const seeded = page
    .getByRole('region', { name: /^Report BBR1-\d+$/ })
    .filter({ hasText: 'Donald Stewart' });
  await expect(seeded).toContainText('Not matched to a member yet.');
  await seeded.getByLabel('Member’s reference number').fill('2000004');
  await seeded.getByRole('button', { name: /^Match and suspend the account/ }).click();
  await expect(page.getByRole('main')).toContainText(
    /BBR1-\d+ is matched to BLU 2000004; 1 account\(s\) suspended\./,
  );
  await expect(seeded).toContainText('Matched to BLU 2000004 on');
  await expectNoAccessibilityViolations(page);

  const member = await page.context().browser()!.newPage();
  await member.goto(bluewaterUrl('/login'));
  await member.getByLabel('Username').fill('bw.reported');
  await member.getByLabel('Password').fill(DEMO_PASSWORD);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member.getByRole('main')).toContainText(
    'This account is closed because we have been told that the member has died.',
  );
  await expectNoAccessibilityViolations(member);
  await member.close();

  await seeded.getByRole('button', { name: /^Undo the match/ }).click();
  await expect(page.getByRole('main')).toContainText(
    /BBR1-\d+ is no longer matched; 1 account\(s\) can sign in again\./,
  );
}

test('leaving a report not sent asks first: a link away in the site, then closing the tab', async ({
  page,
}) => {
  const main = page.getByRole('main');
  await page.goto('/bereavement/report');
  await passCaptcha(main);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  await main.getByLabel('First names').fill('Arthur');

  // Back from the first page leaves the report's pages: a dialog asks, and Stay keeps the page as it was.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave your report?' });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText('You have not sent your report yet');
  await expectNoAccessibilityViolations(page);
  await leave.getByRole('button', { name: 'Stay and finish the report' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/bereavement\/report$/);
  await expect(main.getByLabel('First names')).toHaveValue('Arthur');

  // Moving on within the report asks nothing.
  await main.getByLabel('Last name').fill('Pendle');
  await fillDate(main.getByRole('group', { name: 'Date of birth' }), ['14', '3', '1950']);
  await main.getByLabel('Address line 1').fill('4 Mill Lane');
  await main.getByLabel('Town or city').fill('Leeds');
  await main.getByLabel('Postcode', { exact: true }).fill('LS1 4AB');
  await continueButton(main).click();
  await expect(heading(page, 'When did they die?')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Leave your report?' })).toHaveCount(0);

  // A link in the footer leaves: Leave the report goes there.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave the report' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);

  // Back on the report (still live), closing the tab asks the browser's question.
  await page.goto('/bereavement/report/date-of-death');
  await expect(heading(page, 'When did they die?')).toBeVisible();
  await main.getByRole('group', { name: 'When did they die?' }).getByLabel('Day').fill('2');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

// That portal's reports live 15 seconds (BEREAVEMENT_JOURNEY_MINUTES 0.25), so the warning opens 5 seconds before.
test('a report left alone warns before it times out, then starts again', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto(shortIdleUrl('/bereavement/report'));
  await passCaptcha(main);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();

  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to time out' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expectNoAccessibilityViolations(page);
  await expect(page.getByRole('alertdialog', { name: 'Your session has timed out' })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAccessibilityViolations(page);
  // The server has let it go too: the report's own call no longer opens it, saying why.
  const data = await page.request.get(shortIdleUrl('/api/bereavement/journeys/bereavement/data'));
  expect(data.status()).toBe(401);
  expect((await data.json()).errors[0].code).toBe('visitor_session_expired');
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(heading(page, 'Report a death online')).toBeVisible();
  await passCaptcha(main);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
});

// The warning's Keep going keeps the report past the time it would have run out, answers and all.
test('a report kept going from the warning is still there after its first time has passed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const main = page.getByRole('main');
  await page.goto(shortIdleUrl('/bereavement/report'));
  await passCaptcha(main);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  await main.getByLabel('First names').fill('Arthur');
  await main.getByLabel('Last name').fill('Pendle');
  await fillDate(main.getByRole('group', { name: 'Date of birth' }), ['14', '3', '1950']);
  await main.getByLabel('Address line 1').fill('4 Mill Lane');
  await main.getByLabel('Town or city').fill('Leeds');
  await main.getByLabel('Postcode', { exact: true }).fill('LS1 4AB');
  await continueButton(main).click();
  await expect(heading(page, 'When did they die?')).toBeVisible();
  // The answers were saved now: without Keep going the report would run out 15 seconds from here.
  const firstExpiry = Date.now() + 15_000;

  const warning = page.getByRole('alertdialog', { name: 'Your session is about to time out' });
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expectNoAccessibilityViolations(page);
  await warning.getByRole('button', { name: 'Keep going' }).click();
  await expect(warning).toHaveCount(0);

  // Past the first expiry, the report is still the server's, with its answers.
  await page.waitForTimeout(Math.max(0, firstExpiry + 1_500 - Date.now()));
  await expect(page.getByRole('alertdialog', { name: 'Your session has timed out' })).toHaveCount(0);
  const data = await page.request.get(shortIdleUrl('/api/bereavement/journeys/bereavement/data'));
  expect(data.status()).toBe(200);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  await expect(main.getByLabel('First names')).toHaveValue('Arthur');
  await expect(main.getByLabel('Town or city')).toHaveValue('Leeds');
});

// That portal's reports live 30 seconds once the email is proven (BEREAVEMENT_PROVEN_MINUTES 0.5).
test('a sent report’s confirmation page, opened again after its token lapsed, shows the reference and how to send documents, not an error', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const main = page.getByRole('main');
  await page.goto(shortIdleUrl('/bereavement/report'));
  await report(page, /BRV1-\d+/, `lapsed.${Date.now()}@example.org`);
  const reference = /BRV1-\d+/.exec(await main.locator('.panel__reference').innerText())![0];

  // The token lapses while the page is open: Send another document says so.
  const another = main.getByRole('region', { name: 'Send another document' });
  await expect(another).toContainText('You can no longer send documents on this page', { timeout: 45_000 });
  const data = await page.request.get(shortIdleUrl('/api/bereavement/journeys/bereavement/data'));
  expect(data.status()).toBe(401);

  // Reloaded: the reference this tab kept, what happens next and how to send documents and call.
  await page.reload();
  await expect(heading(page, 'Report sent')).toBeVisible();
  await expect(main.locator('.panel__reference')).toHaveText(reference);
  await expect(main).toContainText('What happens next');
  await expect(main).toContainText('call 0300 123 4567');
  await expect(main).toContainText('by email to help@meridian.example.org');
  await expect(main.getByRole('button', { name: 'Start now' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(main).not.toContainText('could not');
  await expectNoAccessibilityViolations(page);

  // Another tab never saw the reference: the tenant's words on documents and contact, and a way to start.
  const other = await page.context().newPage();
  await other.goto(shortIdleUrl('/bereavement/report/sent'));
  const otherMain = other.getByRole('main');
  await expect(heading(other, 'Your report')).toBeVisible();
  await expect(other).toHaveTitle(/^Your report - /);
  await expect(otherMain).toContainText('your reference number is in the email we sent you');
  await expect(otherMain).toContainText('PO Box 1234, Leeds LS1 4AP');
  await expect(otherMain).toContainText('call 0300 123 4567');
  await expect(otherMain.getByRole('link', { name: 'start a new report' })).toBeVisible();
  await expect(other.getByRole('alert')).toHaveCount(0);
  await expectNoAccessibilityViolations(other);
  await other.close();
});

/** Presses Tab until the target has focus, inside the captcha widget's own tree too. */
async function tabToInside(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => (element.getRootNode() as Document).activeElement === element))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

test('a relative reports a death from the home page’s signpost to the reference number by keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const main = page.getByRole('main');
  const email = `keyboard.${Date.now()}@example.org`;
  await page.goto('/');
  await activate(page, main.getByRole('link', { name: 'Tell us about a death' }).first());
  await expect(heading(page, 'Tell us about a death')).toBeVisible();
  await activate(page, main.getByRole('link', { name: 'Report a death online' }));
  await expect(heading(page, 'Report a death online')).toBeVisible();
  // The captcha's box is inside the widget's own tree, which Tab reaches too.
  await tabToInside(page, main.getByRole('checkbox', { name: /not a robot/i }));
  await page.keyboard.press('Space');
  await expect(main.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
  await activate(page, main.getByRole('button', { name: 'Start now' }));

  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  await typeInto(page, main.getByLabel('First names'), 'Arthur');
  await typeInto(page, main.getByLabel('Last name'), 'Pendle');
  await typeDate(page, main.getByRole('group', { name: 'Date of birth' }), ['14', '3', '1950']);
  await typeInto(page, main.getByLabel('Address line 1'), '4 Mill Lane');
  await typeInto(page, main.getByLabel('Town or city'), 'Leeds');
  await typeInto(page, main.getByLabel('Postcode', { exact: true }), 'LS1 4AB');
  await activate(page, continueButton(main));

  await expect(heading(page, 'When did they die?')).toBeVisible();
  await typeDate(page, main.getByRole('group', { name: 'When did they die?' }), ['2', '1', '2026']);
  await activate(page, continueButton(main));

  await expect(heading(page, 'Their National Insurance number')).toBeVisible();
  await choose(page, main.getByLabel('No, or not to hand'));
  await activate(page, continueButton(main));

  await expect(heading(page, 'Their pension reference number')).toBeVisible();
  await choose(page, main.getByLabel('No, or not to hand'));
  await activate(page, continueButton(main));

  await expect(heading(page, 'About you')).toBeVisible();
  await selectByKeyboard(
    page,
    main.getByLabel('How are you related to the person who died?'),
    'Son or daughter',
  );
  await typeInto(page, main.getByLabel('First names'), 'Jo');
  await typeInto(page, main.getByLabel('Last name'), 'Pendle');
  await typeInto(page, main.getByLabel('Phone number'), '07911 123456');
  await activate(page, continueButton(main));

  await expect(heading(page, 'Your email address')).toBeVisible();
  await typeInto(page, main.getByLabel('What is your email address?'), email);
  await activate(page, continueButton(main));

  // The email is proven with the code from the demo outbox, typed in.
  await expect(heading(page, 'Check your email')).toBeVisible();
  await typeInto(page, main.getByLabel('Enter the code from the email'), await emailedCode(page, email));
  await activate(page, continueButton(main));

  // The certificate's file chooser opens from the keyboard: Space on the focused file input.
  await expect(heading(page, 'The death certificate')).toBeVisible();
  await choose(page, main.getByLabel('Yes'));
  await activate(page, continueButton(main));
  await expect(heading(page, 'Upload the death certificate')).toBeVisible();
  await uploadByKeyboard(page, main.getByLabel('Upload a copy of the death certificate'), {
    name: 'death-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Certified copy of an entry of death'),
  });
  await expect(main.getByRole('status').filter({ hasText: 'Uploaded: death-certificate.pdf' })).toBeVisible();
  await activate(page, continueButton(main));
  await expect(heading(page, 'Other documents')).toBeVisible();
  await choose(page, main.getByLabel('No', { exact: true }));
  await activate(page, continueButton(main));

  await expect(heading(page, 'Their next of kin')).toBeVisible();
  await activate(page, main.getByRole('button', { name: 'Add a person' }));
  await selectByKeyboard(
    page,
    main.getByLabel('How were they related to the person who died?'),
    'Husband, wife or civil partner',
  );
  await typeInto(page, main.getByLabel('First names'), 'Mary');
  await typeInto(page, main.getByLabel('Last name'), 'Pendle');
  await activate(page, main.getByRole('button', { name: 'Save this person' }));
  await expect(main).toContainText('Mary Pendle');
  await activate(page, continueButton(main));

  await expect(heading(page, 'Their executor')).toBeVisible();
  await choose(page, main.getByLabel('No, or not yet'));
  await activate(page, continueButton(main));

  await expect(heading(page, 'Who we should contact')).toBeVisible();
  await choose(page, main.getByLabel('You', { exact: true }));
  await activate(page, continueButton(main));

  await expect(heading(page, 'Check your answers before sending your report')).toBeVisible();
  await expect(main).toContainText('death-certificate.pdf');
  await activate(page, main.getByRole('button', { name: 'Send report' }));

  await expect(heading(page, 'Report sent')).toBeVisible();
  await expect(main.locator('.panel__reference')).toHaveText(/^BRV1-\d+$/);
});
