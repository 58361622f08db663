import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePng } from './support/files';
import { choose, tabTo, tick } from './support/keyboard';
import { codeSentTo, signInToHub } from './support/member';

const DRAWDOWN = 'Tax-free cash and a flexible income (drawdown)';

// The whole application, with an accessibility check on every page, takes longer than one page does.
test.describe.configure({ timeout: 180_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
/** Presses a link or button as a keyboard user does: Tab to it, then Enter. */
async function press(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}
/** Types into a box reached by Tab, replacing what it held. */
async function typeInto(page: Page, box: Locator, text: string) {
  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}
/** Chooses an option of a drop-down by keyboard: Tab to it, then the arrow keys until it shows the option. */
async function pick(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  for (let presses = 0; presses < 20; presses += 1) {
    if ((await select.locator('option:checked').textContent()) === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${label} was never chosen`);
}
/** The hub's DC card, whose status comes from the journey's status in the content access key. */
const dcCard = (page: Page) =>
  page.locator('.task-card').filter({ has: page.getByRole('heading', { name: 'Explore your options' }) });

test('dc.near chooses drawdown, changes its tax-free cash, applies without guidance by keyboard alone, sends it and sees the case', async ({
  page,
  request,
}) => {
  const main = page.getByRole('main');
  await signInToHub(page, 'dc.near');
  await page.goto('/retirement/dc-options');
  await press(page, main.getByRole('link', { name: `Choose this option for ${DRAWDOWN}`, exact: true }));
  await expect(heading(page, DRAWDOWN)).toBeVisible();
  await typeInto(page, main.getByLabel('Or type an amount in pounds and pence (£)'), '20000');
  await press(page, main.getByRole('button', { name: 'Update the figures' }));
  await expect(main.getByText('One payment', { exact: true }).locator('xpath=..')).toContainText(
    '£20,000.00 on',
  );
  await expectNoAccessibilityViolations(page);
  await press(page, main.getByRole('button', { name: 'Apply for this option' }));

  // The stronger nudge: guidance first, and continuing without it is a separate, recorded step.
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await press(page, continueButton(page));
  await expect(page.getByRole('alert')).toBeVisible();
  await choose(page, page.getByLabel('No'));
  await press(page, continueButton(page));
  await expect(heading(page, 'Free guidance from Pension Wise')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await choose(page, page.getByLabel('Continue without guidance'));
  await press(page, continueButton(page));
  await expect(heading(page, 'Continuing without guidance')).toBeVisible();
  await press(page, continueButton(page));
  await expect(page.getByRole('alert')).toContainText('Tick every statement to continue');
  await expectNoAccessibilityViolations(page);
  await tick(page, page.getByLabel(/I choose not to take it before I apply/));
  await press(page, continueButton(page));

  await expect(heading(page, 'Your Lump Sum Allowance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await choose(page, page.getByLabel('No'));
  await press(page, continueButton(page));

  // Drawdown takes money flexibly: the MPAA warning, shown by a condition on the locked option.
  await expect(heading(page, 'Paying into pensions after you take this option')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await tick(page, page.getByLabel(/no more than £10,000 a year/));
  await press(page, continueButton(page));

  // The drawdown pot's funds, from the scheme's funds, adding up to 100%.
  await expect(heading(page, 'How your drawdown pot is invested')).toBeVisible();
  const saveFund = main.getByRole('button', { name: 'Save this fund' });
  const share = main.getByLabel('Percentage of your drawdown pot');
  const fund = main.getByLabel('Fund', { exact: true });
  await press(page, main.getByRole('button', { name: 'Add a fund' }));
  await pick(page, fund, 'Global Equity Fund');
  await typeInto(page, share, '60');
  await press(page, saveFund);
  await press(page, main.getByRole('button', { name: 'Add another fund' }));
  await pick(page, fund, 'Cash Fund');
  await typeInto(page, share, '30');
  await press(page, saveFund);
  await expect(main).toContainText('Shares add up to 90% (10% still to give)');
  await press(page, continueButton(page));
  await expect(page.getByRole('alert')).toContainText('must add up to exactly 100%');
  await expectNoAccessibilityViolations(page);
  await press(page, main.getByRole('button', { name: 'Change Cash Fund: 30%' }));
  await typeInto(page, share, '40');
  await press(page, saveFund);
  await press(page, continueButton(page));

  await expect(heading(page, 'Your bank account')).toBeVisible();
  await typeInto(page, page.getByLabel('Name on the account'), 'Mrs H Brooks');
  await typeInto(page, page.getByLabel('Sort code'), '30-94-66');
  await typeInto(page, page.getByLabel('Account number'), '12345678');
  await expectNoAccessibilityViolations(page);
  await press(page, continueButton(page));

  await expect(heading(page, 'Your contact details')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await choose(page, page.getByLabel('Yes'));
  await press(page, continueButton(page));

  await expect(heading(page, 'Prove your identity')).toBeVisible();
  await page.getByLabel('Photo of your passport or driving licence').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await press(page, page.getByRole('button', { name: 'Send photo' }));
  await expect(page.getByRole('definition').filter({ hasText: 'Sent: someone at the scheme' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await press(page, continueButton(page));

  await expect(heading(page, 'Declarations')).toBeVisible();
  for (const label of [
    'the information I have given is true and complete',
    /once my option is set up/,
    /money left invested can go down/,
    'I will repay anything paid to me in error',
  ])
    await tick(page, page.getByLabel(label));
  await expectNoAccessibilityViolations(page);
  await press(page, continueButton(page));

  await expect(heading(page, 'Check your answers before you apply')).toBeVisible();
  // The option locked at start, as its PDF words it.
  await expect(main).toContainText(DRAWDOWN);
  await expect(main.locator('.summary-row', { hasText: /^Tax-free cash/ }).first()).toContainText(
    '£20,000.00',
  );
  await expect(main).toContainText('Global Equity Fund: 60%; Cash Fund: 40%');
  await expect(main).toContainText('Continue without guidance');
  await expect(main).toContainText('Mrs H Brooks, sort code 30-94-66, account ending 5678');
  await expectNoAccessibilityViolations(page);
  await press(page, page.getByRole('button', { name: 'Accept and send' }));
  // An application moves the pension: signed in with a password alone, the member confirms it is them.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await typeInto(page, page.getByLabel('Code'), await codeSentTo(request, 'dc.near@example.org'));
  await press(page, page.getByRole('button', { name: 'Confirm' }));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm the bank account in your application' }),
  ).toBeVisible();
  await typeInto(page, page.getByLabel('Code'), await codeSentTo(request, 'dc.near@example.org'));
  await press(page, page.getByRole('button', { name: 'Confirm' }));

  await expect(heading(page, 'Application sent')).toBeVisible();
  const reference = (await page.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^DCR1-\d{6}$/);
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    press(page, page.getByRole('link', { name: 'Download your application (PDF)' })),
  ]);
  const text = await pdfText(await readFile((await download.path())!));
  for (const expected of [
    `Reference ${reference}`,
    DRAWDOWN,
    '£20,000.00',
    'Global Equity Fund: 60%; Cash Fund: 40%',
    'Continue without guidance',
  ])
    expect(text).toContain(expected);

  await press(page, page.getByRole('link', { name: 'My requests' }).first());
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main).toContainText(`Apply to take your pension pot (${reference})`);
  await expectNoAccessibilityViolations(page);

  await page.goto('/hub');
  await expect(dcCard(page)).toContainText('Application sent');
  await expectNoAccessibilityViolations(page);
});
