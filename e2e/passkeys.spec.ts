import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { messageTo, signInToHub } from './support/member';
import { virtualAuthenticator } from './support/virtual-authenticator';

// Passkeys (issue 41) with Chromium's virtual authenticator (a platform authenticator that keeps
// discoverable passkeys and verifies the user): add one, sign out, sign in with it alone, remove it,
// then see it refused from the username field's suggestions and from Use a passkey.
const MEMBER = 'db.retiring';
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The subjects of the messages to an address in the demo outbox since a moment, newest first. */
async function messagesSince(request: APIRequestContext, recipient: string, since: number) {
  const answer = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const { messages } = (await answer.json()) as { messages: Array<{ subject: string; createdAt: string }> };
  return messages
    .filter((message) => new Date(message.createdAt).getTime() >= since)
    .map((message) => message.subject);
}

test('a member adds a passkey, signs in with it alone, and removes it', async ({ page, request }) => {
  // Two sign-ins, a ceremony each way and axe on six pages: more than the default minute on a busy machine.
  test.setTimeout(300_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signInToHub(page, MEMBER);

  await page.goto('/my-details/security');
  await expect(heading(page, 'Sign-in and security')).toBeVisible();
  await expect(page.getByText('You have not added a passkey.')).toBeVisible();
  await page.getByRole('link', { name: 'Add a passkey' }).click();
  await expect(heading(page, 'Add a passkey')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('link', { name: 'Enter a name for the passkey' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Name this passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(heading(page, 'Sign-in and security')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Passkey “Test laptop” added');
  await expect(page.getByRole('heading', { level: 3, name: 'Test laptop' })).toBeVisible();
  await expect(page.getByText('Last used: Not used yet')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await messageTo(request, `${MEMBER}@example.org`, /passkey named "Test laptop" was added/);

  // Signed out, /login offers the passkey in the username field's suggestions (conditional mediation);
  // the virtual authenticator, simulating the member's touch, takes that offer at once: signed in with
  // the passkey alone, no password and no code.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();

  await page.goto('/my-details/security');
  await expect(page.getByRole('heading', { level: 3, name: 'Test laptop' })).toBeVisible();
  await expect(page.getByText('Last used: Not used yet')).toHaveCount(0);
  await expect(page.getByRole('table')).toContainText('Signed in');
  await page.getByRole('link', { name: 'Rename passkey Test laptop' }).click();
  await expect(heading(page, 'Rename a passkey')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('New name').fill('Office laptop');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Office laptop' })).toBeVisible();

  // Signed in with the passkey a moment ago: the session counts as a fresh step-up, so no password.
  await page.getByRole('link', { name: 'Remove passkey Office laptop' }).click();
  await expect(heading(page, 'Remove passkey “Office laptop”')).toBeVisible();
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(heading(page, 'Sign-in and security')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Passkey “Office laptop” removed');
  await expect(page.getByText('You have not added a passkey.')).toBeVisible();
  await messageTo(request, `${MEMBER}@example.org`, /passkey named "Office laptop" was removed/);

  // The authenticator still holds the passkey, but the portal no longer knows it: offered in the field
  // or by the button, it is refused and the member stays on Sign in.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('This passkey is not one we know');
  const timesSigned = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount;
  const signedBefore = await timesSigned();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect.poll(timesSigned).toBeGreaterThan(signedBefore);
  await expect(refused).toContainText('This passkey is not one we know');
  await expect(heading(page, 'Sign in')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a member with a passkey confirms it is them with it before a fund switch is sent, instead of a code', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = 'dc.near';
  const main = page.getByRole('main');
  await virtualAuthenticator(page);
  await signInToHub(page, member);
  await page.goto('/my-details/security');
  await page.getByRole('link', { name: 'Add a passkey' }).click();
  await expect(heading(page, 'Add a passkey')).toBeVisible();
  await page.getByLabel('Name this passkey').fill('Step-up laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Passkey “Step-up laptop” added');

  // Signed in with the password, so the switch asks to confirm it is them: the passkey is offered first.
  await page.goto('/my-pension');
  await main.getByRole('link', { name: 'Change how your pot is invested' }).click();
  await main.getByRole('button', { name: 'Start now' }).click();
  await main.getByLabel('In funds I choose').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Choose your funds')).toBeVisible();
  await main.getByRole('button', { name: 'Add a fund' }).click();
  await main.getByLabel('Fund', { exact: true }).selectOption({ label: 'Global Equity Fund' });
  await main.getByLabel('Percentage of your pot').fill('100');
  await main.getByRole('button', { name: 'Save this fund' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Check your new investment choice')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the switch' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Send a code to my email or phone instead' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Use your passkey' }).click();

  await expect(heading(page, 'Switch requested')).toBeVisible();
  await expect(main).toContainText(/FSW1-\d+/);
});

test('a member with a passkey confirms a change of bank details with it, with no code sent', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = 'dc.near';
  const main = page.getByRole('main');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signInToHub(page, member);
  await page.goto('/my-details/security');
  await page.getByRole('link', { name: 'Add a passkey' }).click();
  await expect(heading(page, 'Add a passkey')).toBeVisible();
  await page.getByLabel('Name this passkey').fill('Bank laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Passkey “Bank laptop” added');
  const started = Date.now();

  // Signed in with the password, so the change asks to confirm it is them: the passkey is offered first.
  await page.goto('/my-details');
  await page.getByRole('link', { name: 'Change bank account' }).click();
  await page.getByLabel('In the UK (sort code and account number)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on the account').fill('Helen Brooks');
  await page.getByLabel('Sort code').fill('08-99-99');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Check your bank details')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(heading(page, 'Confirm the change to your bank details')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await expect(main.getByText('•••• 4958')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Send a code to my email or phone instead' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const signedBefore = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!
    .signCount;
  await main.getByRole('button', { name: 'Use your passkey' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Your bank details have been changed' }),
  ).toBeVisible();
  await expect(
    main.locator('.summary-row', { has: page.getByText('Bank account', { exact: true }) }),
  ).toContainText('•••• 4958');
  await expectNoAccessibilityViolations(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials[0]!.signCount).toBeGreaterThan(signedBefore);
  // No code went out; the member is told of the change by every route, as always.
  await messageTo(request, `${member}@example.org`, /pay your pension into the account ending 4958/);
  expect(await messagesSince(request, `${member}@example.org`, started)).toEqual([
    'Your Meridian Pension Scheme bank details are being changed',
  ]);
});

test('a member signs in on the embedded OpenID provider’s page with a passkey alone', async ({ page }) => {
  test.setTimeout(180_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signInToHub(page, 'db.active');
  await page.goto('/my-details/security');
  await page.getByRole('link', { name: 'Add a passkey' }).click();
  await page.getByLabel('Name this passkey').fill('Provider laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Passkey “Provider laptop” added');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Your pension')).toBeVisible();

  // No touch while /login's own passkey offer is open, so the provider's page is where it is used.
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with your Meridian account' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in with a passkey' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
  await page.getByRole('button', { name: 'Use a passkey' }).click();

  await expect(page).toHaveURL(/\/hub$/);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials[0]!.signCount).toBeGreaterThan(0);
});
