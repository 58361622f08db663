import { expect, type APIResponse, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePng } from './support/files';
import { tabTo } from './support/keyboard';
import { deferredMemberAsksForQuote, messageTo, signInToHub, xsrfToken } from './support/member';
import {
  addStaffPasskey,
  staffSignsInWithCode,
  staffSignsOut,
  virtualAuthenticator,
} from './support/staff-console';
import { testOnOwnPortal } from './support/own-portal';

// On a portal of its own: the member's new case and its completion must not show in other specs' My requests.
const test = testOnOwnPortal('operations-console');

const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
const teamLeader = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;
const blueCaseworker = demoStaff.find((staff) => staff.email === 'caseworker@bluewater.example')!;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The member asks for a transfer statement: a case with the scheme, in their My requests. */
async function memberOpensCase(page: Page): Promise<string> {
  const caseNumber = await deferredMemberAsksForQuote(page);
  const xsrf = await xsrfToken(page);
  // And sends a photo ID for the scheme to check.
  const upload = await page.request.post('/mdp-api/api/documents', {
    multipart: {
      journeyType: 'identity',
      documentType: 'Photo ID',
      file: { name: 'passport.png', mimeType: 'image/png', buffer: samplePng() },
    },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { fileUuid } = (await upload.json()) as { fileUuid: string };
  const check = await page.request.post('/mdp-api/api/identity-verification', {
    data: { fileUuid },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(check.status(), await check.text()).toBe(200);
  return caseNumber;
}

test('a caseworker signs in with a code, assigns a member’s case, notes it for the member and completes it', async ({
  page,
}) => {
  // The whole of a caseworker's round: more pages than the default minute allows on a loaded machine.
  test.setTimeout(150_000);
  const caseNumber = await memberOpensCase(page);

  await page.goto('/admin');
  await expect(heading(page, 'Sign in to Meridian operations')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // By keyboard: the fields in order, Enter to send.
  await tabTo(page, page.getByLabel('Email address'));
  await page.keyboard.type(caseworker.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('The email address or password is not right');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Code').fill(await generate({ secret: caseworker.totpSecret }));
  await page.getByLabel('Code').press('Enter');

  await expect(heading(page, 'Case queue')).toBeVisible();
  await expect(page.getByRole('link', { name: caseNumber })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Assigned to').selectOption('none');
  await page.getByRole('button', { name: 'Show cases' }).click();
  await expect(page).toHaveURL(/assignee=none/);
  const caseLink = page.getByRole('link', { name: caseNumber });
  await tabTo(page, caseLink);
  await page.keyboard.press('Enter');

  await expect(heading(page, new RegExp(caseNumber))).toBeVisible();
  await expect(page.getByText('Quote: 2 months from the request')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('The case is assigned to you.');

  // The status moves only as the case's state machine allows: from Received, not straight to Completed.
  await expect(page.getByRole('heading', { name: 'Complete' })).toBeHidden();
  const newStatus = page.getByLabel('New status');
  await expect(newStatus.locator('option')).toHaveText([
    'Choose a status',
    'In progress',
    'Waiting for the member',
  ]);
  // A status without its note is refused with the error summary.
  await newStatus.selectOption('In progress');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a note to the member');
  await expectNoAccessibilityViolations(page);
  await page
    .getByLabel('Note to the member')
    .fill('We are checking your figures and will write within a week.');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('status')).toContainText('The status is changed');

  // Another document, asked for with a message the member reads; then marked received when it comes.
  await page.getByLabel('Document', { exact: true }).fill('Proof of identity');
  await page.getByLabel('Message to the member').fill('Please send a photo ID: upload it from My requests.');
  await page.getByRole('button', { name: 'Ask for the document' }).click();
  await expect(page.getByRole('status')).toContainText('The document is asked for');
  const documents = page.locator('.console-table');
  await expect(documents.getByRole('row', { name: /Proof of identity/ })).toContainText(
    'Waiting for the member',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Mark received (Proof of identity)' }).click();
  await expect(page.getByRole('status')).toHaveText('Proof of identity is marked received.');
  await expect(documents.getByRole('row', { name: /Proof of identity/ })).toContainText('Received');
  await page.getByLabel('What you tell the member').fill('Your statement is ready in your documents.');
  await page.getByRole('button', { name: 'Complete case' }).click();
  await expect(page.getByRole('status')).toHaveText('The case is completed.');
  const timeline = page.locator('.console-timeline');
  await expect(timeline).toContainText('Assigned to Casey Worker');
  await expect(timeline).toContainText('To the member: We are checking your figures');
  await expect(timeline).toContainText('Document marked received');
  await expect(timeline).toContainText('Completed');
  await expectNoAccessibilityViolations(page);

  // The queue by status: the completed case has left the open cases, and is listed under Completed.
  await page.getByRole('link', { name: 'Back to the case queue' }).click();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');
  await expect(page.locator('.console-table').or(page.getByText('No cases match.'))).toBeVisible();
  await expect(page.getByRole('link', { name: caseNumber })).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('Completed');
  await page.getByRole('button', { name: 'Show cases' }).click();
  await expect(page).toHaveURL(/status=Completed/);
  await expect(page.getByRole('row', { name: new RegExp(caseNumber) })).toContainText('Completed');
  await expectNoAccessibilityViolations(page);

  // The console's other pages: held bank changes, reports of a death, the dashboard.
  await page.getByRole('link', { name: 'Bank changes' }).click();
  await expect(heading(page, 'Pending bank changes')).toBeVisible();
  await expect(page.getByText('No bank changes are waiting.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Reports of a death' }).click();
  await expect(heading(page, 'Reports of a death')).toBeVisible();
  // How many reports there are, counted by the server across every page.
  await expect(
    page.getByText(/^(\d+ reports?, those not yet matched first|No reports have been sent\.)$/),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.getByText(/^\d+ open cases, \d+ of them overdue\.$/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: /Cases opened and closed each week/ }).getByRole('row'),
  ).toHaveCount(9);
  await expectNoAccessibilityViolations(page);

  // Finding the member: by reference, audited on the server.
  await page.getByRole('link', { name: 'Find a member' }).click();
  await expect(heading(page, 'Find a member')).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a reference, a name');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Reference number').fill('1000001');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('.console-table')).toContainText('MER 1000001');
  await expectNoAccessibilityViolations(page);

  // The photo ID: refused with a reason, which the member's identity check then gives.
  await page.getByRole('link', { name: 'Identity checks' }).click();
  await expect(heading(page, 'Identity checks')).toBeVisible();
  const check = page.getByRole('region', { name: /MER 1000001/ });
  await expect(check.getByRole('link', { name: /View passport/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await check.getByLabel('Reason for refusing').fill('The photo is too dark to read: send a clearer one.');
  await check.getByRole('button', { name: /Refuse photo ID/ }).click();
  await expect(page.getByRole('status')).toContainText('photo ID refused');
  await expect(check).toBeHidden();
  const identity = await page.request.get('/mdp-api/api/identity-verification');
  expect(await identity.json()).toMatchObject({
    status: 'failed',
    reason: 'The photo is too dark to read: send a clearer one.',
  });

  await page.goto('/my-requests');
  const request = page.locator('.request').filter({ hasText: caseNumber });
  await expect(request).toContainText('Completed');
  await expect(request).toContainText('Your statement is ready in your documents.');
  await expect(request.getByRole('row', { name: /Proof of identity/ })).toContainText('Received');
  // Closed, it takes no more documents: no Send it, and its upload page says so, with no form.
  await expect(request.getByRole('link', { name: /Send it/ })).toHaveCount(0);
  await page.goto(`/documents/upload?case=${caseNumber}&document=Proof+of+identity`);
  await expect(heading(page, 'This request is closed')).toBeVisible();
  await expect(page.getByLabel('Choose files')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

/**
 * The demo team leader signs in with the password and a code from the demo secret (not the caseworker:
 * a code is taken once, and the first test's may be of the same half minute).
 */
async function teamLeaderSignsIn(page: Page) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email address').fill(teamLeader.email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await page.getByLabel('Code').fill(await generate({ secret: teamLeader.totpSecret }));
  await page.getByLabel('Code').press('Enter');
  await expect(heading(page, 'Case queue')).toBeVisible();
}

test('Bluewater’s caseworker releases bw.pensioner’s held bank change early after a call, and the member is told the new account is in use', async ({
  page,
  ownPortal,
}) => {
  // The demo holds it in the cooling-off after their move (seed/demo-record-work.ts).
  const bluewater = (path: string) => ownPortal.url(path).replace('//localhost:', '//bluewater.localhost:');
  await staffSignsInWithCode(page, blueCaseworker, bluewater('/admin/sign-in'));
  await page.getByRole('link', { name: 'Bank changes' }).click();
  await expect(heading(page, 'Pending bank changes')).toBeVisible();
  const held = page.getByRole('region', { name: 'Morag Sinclair (BLU 2000003)' });
  await expect(held).toContainText('New account ending 6819 in the name of Morag Sinclair.');
  await expect(held.getByRole('link', { name: 'Morag Sinclair’s record and requests' })).toHaveAttribute(
    'href',
    '/admin/members/BLU/2000003',
  );
  await expectNoAccessibilityViolations(page);
  await held.getByRole('button', { name: /^Release now/ }).click();
  await expect(page.getByRole('main')).toContainText(
    'Enter a note: who you spoke to and what they confirmed',
  );
  await held
    .getByLabel('Note')
    .fill('Called Mrs Sinclair on the number on file; she confirmed the new account.');
  await held.getByRole('button', { name: /^Release now/ }).click();
  await expect(page.getByRole('main')).toContainText(
    'Morag Sinclair: the change is released and now in use. The member is told on every route.',
  );
  await expect(held).toBeHidden();
  await expectNoAccessibilityViolations(page);
  expect(
    await messageTo(
      page.request,
      'bw.pensioner@example.org',
      /account ending 6819 in the name of Morag Sinclair/,
    ),
  ).toContain('We will now pay your pension into the account ending 6819 in the name of Morag Sinclair.');
});

test('a team leader opens db.active’s view read-only and asks for a document, which db.active uploads from My requests, moving the case on', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInToHub(page, 'db.active');
  const { cases } = (await (await page.request.get('/mdp-api/api/cases')).json()) as {
    cases: Array<{ caseNumber: string; title: string }>;
  };
  const [statement] = cases;
  expect(statement).toBeDefined();

  // Found by reference, the member opens as they see themselves: read-only, no form, no button to act.
  await teamLeaderSignsIn(page);
  await page.getByRole('link', { name: 'Find a member' }).click();
  await page.getByLabel('Reference number').fill('1000002');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator('.console-table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('The member’s view');
  await expect(page.getByRole('note')).toContainText('read-only');
  for (const section of ['Summary', 'Records', 'Personal details', 'My requests', 'Documents', 'Nomination'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('main').locator('form')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // From their requests to the case: ask them for a document; the case waits for them.
  await page.getByRole('link', { name: statement!.title }).first().click();
  await expect(heading(page, new RegExp(statement!.caseNumber))).toBeVisible();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('The case is assigned to you.');
  await page.getByLabel('Document', { exact: true }).fill('Proof of address');
  await page.getByLabel('Message to the member').fill('Please send a recent bank statement or utility bill.');
  await page.getByRole('button', { name: 'Ask for the document' }).click();
  await expect(page.getByRole('status')).toContainText('The document is asked for');
  const documents = page.locator('.console-table');
  await expect(documents.getByRole('row', { name: /Proof of address/ })).toContainText(
    'Waiting for the member',
  );

  // The member sends it from My requests.
  await page.goto('/my-requests');
  const request = page.locator('.request').filter({ hasText: statement!.caseNumber });
  await expect(request).toContainText('Waiting for you');
  await request.getByRole('link', { name: 'Send it (Proof of address)' }).click();
  await page.getByLabel('Choose files').setInputFiles({
    name: 'utility-bill.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText(`sent with your request ${statement!.caseNumber}`);
  await page.goto('/my-requests');
  await expect(request).toContainText('In progress');
  await expect(request.getByRole('row', { name: /Proof of address/ })).toContainText('Received');

  // The console: back with the scheme, the document received by the member's upload, on the timeline.
  await page.goto(`/admin/cases/${encodeURIComponent(statement!.caseNumber)}`);
  await expect(heading(page, new RegExp(statement!.caseNumber))).toBeVisible();
  await expect(documents.getByRole('row', { name: /Proof of address/ })).toContainText(
    'Received (uploaded by the member)',
  );
  await expect(page.locator('.console-timeline')).toContainText('Document sent from My requests by Member');
  await expectNoAccessibilityViolations(page);

  // The queue's recurring jobs, with their runs (the server ran each at start).
  await page.getByRole('link', { name: 'Recurring jobs' }).click();
  await expect(heading(page, 'Recurring jobs')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Purge unsent reports of a death' })).toContainText('Done');
  // The yearly statement run among them, its next year queued: due on 6 April.
  await expect(
    page
      .getByRole('region', { name: 'Issue the year’s annual statements' })
      .getByRole('row', { name: /6 Apr/ }),
  ).toContainText('Due');
  await expectNoAccessibilityViolations(page);
});

/** The member's API as the signed-in page calls it, with the XSRF token a change needs. */
async function memberApi(page: Page) {
  const xsrf = await xsrfToken(page);
  const headers = (extra: Record<string, string> = {}) => ({ 'x-xsrf-token': xsrf, ...extra });
  return {
    get: (url: string) => page.request.get(url),
    post: (url: string, data: object, extra?: Record<string, string>) =>
      page.request.post(url, { data, headers: headers(extra) }),
    put: (url: string, data: object) => page.request.put(url, { data, headers: headers() }),
    upload: (
      url: string,
      multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
    ) => page.request.post(url, { multipart, headers: headers() }),
  };
}
type MemberApi = Awaited<ReturnType<typeof memberApi>>;
const errorCodeOf = async (response: APIResponse) =>
  ((await response.json()) as { errors?: Array<{ code: string }> }).errors?.[0]?.code;
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

/** Confirms it is the member with the code sent to their email (step-up), when a change asks for it. */
async function withStepUp(page: Page, api: MemberApi, email: string, call: () => Promise<APIResponse>) {
  const first = await call();
  if (first.status() !== 428 || (await errorCodeOf(first)) !== 'fresh_step_up_required') return first;
  const pending = await api.post('/mdp-api/api/step-up/code', {});
  expect(pending.status(), await pending.text()).toBe(200);
  const { nonce } = (await pending.json()) as { nonce: string };
  const body = await messageTo(page.request, email, /confirm it is you/i);
  const confirmed = await api.post(
    '/mdp-api/api/step-up/confirm',
    { code: codeIn(body) },
    {
      'x-confirmation-nonce': nonce,
    },
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return call();
}

const APPLICATION = '/mdp-api/api/journeys/dbcoreretirementapplication';

/**
 * The signed-in member's retirement application through the pages' own API, answered up to the proof
 * of identity, with a photo ID sent for the scheme to check (pending).
 */
async function applyUpToIdentity(api: MemberApi, accountName: string) {
  const window = (await (await api.get('/mdp-api/api/v2/retirement/retirement-date')).json()) as {
    availableRetirementDateRange: { from: string };
  };
  const started = await api.post(`${APPLICATION}/start-db-core-journey`, {
    retirementDate: window.availableRetirementDateRange.from,
    selectedQuoteName: 'full-pension',
  });
  expect(started.status(), await started.text()).toBe(204);
  const bank = JSON.stringify({ accountName, sortCode: '30-94-66', accountNumber: '12345678' });
  for (const [currentPageKey, questionKey, answerKey, answerValue] of [
    ['ra_guidance', 'guidance_taken', 'yes'],
    ['ra_guidance_date', 'guidance_date', new Date().toISOString().slice(0, 10)],
    ['ra_lump_sum_allowance', 'allowance_used', 'no'],
    ['ra_bank', 'bank_account', 'provided', bank],
    ['ra_contact', 'contact_correct', 'yes'],
    ['ra_partner', 'has_partner', 'no'],
  ] as const) {
    const answered = await api.post(`${APPLICATION}/submit-question-step`, {
      currentPageKey,
      questionKey,
      answerKey,
      ...(answerValue && { answerValue }),
    });
    expect(answered.status(), `${currentPageKey}: ${await answered.text()}`).toBe(200);
  }
  const identity = (await (await api.get('/mdp-api/api/identity-verification')).json()) as { status: string };
  if (identity.status !== 'pending') {
    const upload = await api.upload('/mdp-api/api/documents', {
      journeyType: 'identity',
      documentType: 'Photo ID',
      // A name of its own: the member may have sent a passport.png before (a refused one).
      file: { name: `passport-${Date.now()}.png`, mimeType: 'image/png', buffer: samplePng() },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { fileUuid } = (await upload.json()) as { fileUuid: string };
    const check = await api.post('/mdp-api/api/identity-verification', { fileUuid });
    expect(check.status(), await check.text()).toBe(200);
  }
}

/** db.retiring applies for their pension (no postal address on file: one is given first) and sends it. */
async function retiringApplies(page: Page): Promise<string> {
  const email = 'db.retiring@example.org';
  await signInToHub(page, 'db.retiring');
  const api = await memberApi(page);
  const address = await withStepUp(page, api, email, () =>
    api.put('/mdp-api/api/members/current/contacts/address', {
      lines: ['12 Elm Road'],
      town: 'Leicester',
      postcode: 'LE1 5WW',
      countryCode: 'GB',
    }),
  );
  expect(address.status(), await address.text()).toBeLessThan(300);
  await applyUpToIdentity(api, 'Mr P Evans');
  const identityStep = await api.post(`${APPLICATION}/submit-step`, { currentPageKey: 'ra_identity' });
  expect(identityStep.status(), await identityStep.text()).toBe(200);
  const ticked = await api.post(`${APPLICATION}/page/ra_declarations/checkboxesLists`, {
    checkboxesListKey: 'declarations',
    checkboxes: ['information_true', 'option_final', 'overpayment'].map((key) => ({
      key,
      answerValue: true,
    })),
  });
  expect(ticked.status(), await ticked.text()).toBe(204);
  const declared = await api.post(`${APPLICATION}/submit-step`, { currentPageKey: 'ra_declarations' });
  expect(declared.status(), await declared.text()).toBe(200);
  // Sent: it is the member (step-up) and, the bank account being new to the scheme, its own code.
  let sent = await withStepUp(page, api, email, () => api.post(`${APPLICATION}/submit`, {}));
  if (sent.status() === 428 && (await errorCodeOf(sent)) === 'step_up_required') {
    const pending = await api.post(`${APPLICATION}/bank-account/confirmation/send`, {});
    expect(pending.status(), await pending.text()).toBe(200);
    const { nonce } = (await pending.json()) as { nonce: string };
    const body = await messageTo(
      page.request,
      email,
      /code to confirm the bank account in your application/i,
    );
    sent = await api.post(`${APPLICATION}/submit`, { code: codeIn(body) }, { 'x-confirmation-nonce': nonce });
  }
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { caseNumber: string }).caseNumber;
}

test('a caseworker signs in with a passkey, confirms db.retiring’s proof of identity, marks their birth certificate received and moves the application on; the member reads it in My requests, and a refused photo ID’s reason on their page', async ({
  page,
}) => {
  // Two members' applications, three sign-ins, a ceremony and axe on every console page: minutes on a busy machine.
  test.setTimeout(300_000);
  const caseNumber = await retiringApplies(page);
  expect(caseNumber).toMatch(/^RTP9-\d{6}$/);
  // db.deferred, at the proof of identity of an application of their own, has a photo ID with the scheme.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInToHub(page, 'db.deferred');
  await applyUpToIdentity(await memberApi(page), 'Mrs M Hughes');
  await page.context().clearCookies();

  // The caseworker adds a passkey (a first sign-in with password and code), then signs in with it alone.
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await staffSignsInWithCode(page, caseworker);
  await addStaffPasskey(page, 'Office laptop');
  await expectNoAccessibilityViolations(page);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await staffSignsOut(page);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(heading(page, 'Case queue')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toContainText(caseworker.name);

  // The proofs of identity waiting: db.retiring's photo ID confirmed, db.deferred's refused with the reason.
  const reason = 'The photo is cut off at the edge: send the whole page.';
  await page.getByRole('link', { name: 'Identity checks' }).click();
  await expect(heading(page, 'Identity checks')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const retiringCheck = page.getByRole('region', { name: /MER 1000010\b/ });
  await retiringCheck.getByRole('button', { name: /Confirm identity/ }).click();
  await expect(page.getByRole('status')).toContainText('identity confirmed');
  await expect(retiringCheck).toBeHidden();
  const deferredCheck = page.getByRole('region', { name: /MER 1000001\b/ });
  await deferredCheck.getByLabel('Reason for refusing').fill(reason);
  await deferredCheck.getByRole('button', { name: /Refuse photo ID/ }).click();
  await expect(page.getByRole('status')).toContainText('photo ID refused');
  await expect(deferredCheck).toBeHidden();

  // db.retiring's application in the queue, by type.
  await page.getByRole('link', { name: 'Case queue', exact: true }).click();
  await expect(heading(page, 'Case queue')).toBeVisible();
  await page.getByLabel('Case type').selectOption('RTP9');
  await page.getByRole('button', { name: 'Show cases' }).click();
  await expect(page).toHaveURL(/type=RTP9/);
  // How many cases match, counted by the server across every page.
  await expect(page.locator('.console-count')).toHaveText(/^\d+ cases?$/);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: caseNumber }).click();
  await expect(heading(page, new RegExp(caseNumber))).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Evans');
  // The member's reference opens their view: their record and every request of theirs.
  await expect(page.getByRole('link', { name: 'MER 1000010' })).toHaveAttribute(
    'href',
    '/admin/members/MER/1000010',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('The case is assigned to you.');
  // The photo ID came with the application: its proof of identity is in; the birth certificate is marked received.
  const documents = page.locator('.console-table');
  await expect(documents.getByRole('row', { name: /Proof of identity/ })).toContainText('Received');
  await page.getByRole('button', { name: 'Mark received (Birth certificate)' }).click();
  await expect(page.getByRole('status')).toHaveText('Birth certificate is marked received.');
  await expect(documents.getByRole('row', { name: /Birth certificate/ })).toContainText('Received');
  // Moved on, with a note the member reads.
  const note = 'We have your proof of identity and birth certificate and are working out your pension.';
  await page.getByLabel('New status').selectOption('In progress');
  await page.getByLabel('Note to the member').fill(note);
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('status')).toContainText('The status is changed');
  const timeline = page.locator('.console-timeline');
  await expect(timeline).toContainText('Document marked received');
  await expect(timeline).toContainText(`To the member: ${note}`);
  await expectNoAccessibilityViolations(page);

  // A DC member's view gives their pot's value, as their own pot page does.
  await page.goto('/admin/members/MER/1000005');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('The member’s view');
  const pot = page
    .locator('.summary-row')
    .filter({ has: page.getByRole('term').filter({ hasText: 'Pot value' }) });
  await expect(pot.getByRole('definition')).toContainText(/^£[\d,]+(\.\d{2})?, valued on .+ \(.+ £[\d,]+/);
  await expectNoAccessibilityViolations(page);
  await staffSignsOut(page);

  // db.retiring sees the new status and the note in My requests.
  await signInToHub(page, 'db.retiring');
  await page.goto('/my-requests');
  const request = page.locator('.request').filter({ hasText: caseNumber });
  await expect(request).toContainText('In progress');
  await expect(request).toContainText(note);
  await expect(request.getByRole('row', { name: /Proof of identity/ })).toContainText('Received');
  await expect(request.getByRole('row', { name: /Birth certificate/ })).toContainText('Received');
  await expectNoAccessibilityViolations(page);

  // db.deferred reads why on their application's proof of identity page, and may send another. The
  // page is left first: My requests, its cookies cleared under it, once navigated itself over the sign-in.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInToHub(page, 'db.deferred');
  await page.goto('/retirement/apply/identity');
  await expect(heading(page, 'Prove your identity')).toBeVisible();
  const proof = page.getByRole('main').locator('dl[aria-label="Your proof of identity"]');
  await expect(proof).toContainText('We could not confirm it: send another photo');
  await expect(proof).toContainText(reason);
  await expect(page.getByLabel('Photo of your passport or driving licence')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
