import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePng } from './support/files';
import { codeSentTo, signInToHub } from './support/member';

const DRAWDOWN = 'Tax-free cash and a flexible income (drawdown)';

// The whole application, with an accessibility check on every page, takes longer than one page does.
test.describe.configure({ timeout: 180_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
/** The hub's DC card, whose status comes from the journey's status in the content access key. */
const dcCard = (page: Page) =>
  page.locator('.task-card').filter({ has: page.getByRole('heading', { name: 'Explore your options' }) });

test('dc.near chooses drawdown, changes its tax-free cash, applies without guidance, sends it and sees the case', async ({
  page,
  request,
}) => {
  const main = page.getByRole('main');
  await signInToHub(page, 'dc.near');
  await page.goto('/retirement/dc-options');
  await main.getByRole('link', { name: `Choose this option for ${DRAWDOWN}`, exact: true }).click();
  await expect(heading(page, DRAWDOWN)).toBeVisible();
  await main.getByLabel('Or type an amount in pounds and pence (£)').fill('20000');
  await main.getByRole('button', { name: 'Update the figures' }).click();
  await expect(main.getByText('One payment', { exact: true }).locator('xpath=..')).toContainText(
    '£20,000.00 on',
  );
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Apply for this option' }).click();

  // The stronger nudge: guidance first, and continuing without it is a separate, recorded step.
  await expect(heading(page, 'Pension Wise guidance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('No').check();
  await continueButton(page).click();
  await expect(heading(page, 'Free guidance from Pension Wise')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Continue without guidance').check();
  await continueButton(page).click();
  await expect(heading(page, 'Continuing without guidance')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Tick every statement to continue');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel(/I choose not to take it before I apply/).check();
  await continueButton(page).click();

  await expect(heading(page, 'Your Lump Sum Allowance')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('No').check();
  await continueButton(page).click();

  // Drawdown takes money flexibly: the MPAA warning, shown by a condition on the locked option.
  await expect(heading(page, 'Paying into pensions after you take this option')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel(/no more than £10,000 a year/).check();
  await continueButton(page).click();

  // The drawdown pot's funds, from the scheme's funds, adding up to 100%.
  await expect(heading(page, 'How your drawdown pot is invested')).toBeVisible();
  const saveFund = main.getByRole('button', { name: 'Save this fund' });
  const share = main.getByLabel('Percentage of your drawdown pot');
  await main.getByRole('button', { name: 'Add a fund' }).click();
  await main.getByLabel('Fund', { exact: true }).selectOption({ label: 'Global Equity Fund' });
  await share.fill('60');
  await saveFund.click();
  await main.getByRole('button', { name: 'Add another fund' }).click();
  await main.getByLabel('Fund', { exact: true }).selectOption({ label: 'Cash Fund' });
  await share.fill('30');
  await saveFund.click();
  await expect(main).toContainText('Shares add up to 90% (10% still to give)');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('must add up to exactly 100%');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Change Cash Fund: 30%' }).click();
  await share.fill('40');
  await saveFund.click();
  await continueButton(page).click();

  await expect(heading(page, 'Your bank account')).toBeVisible();
  await page.getByLabel('Name on the account').fill('Mrs H Brooks');
  await page.getByLabel('Sort code').fill('30-94-66');
  await page.getByLabel('Account number').fill('12345678');
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  await expect(heading(page, 'Your contact details')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Yes').check();
  await continueButton(page).click();

  await expect(heading(page, 'Prove your identity')).toBeVisible();
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
  for (const label of [
    'the information I have given is true and complete',
    /once my option is set up/,
    /money left invested can go down/,
    'I will repay anything paid to me in error',
  ])
    await page.getByLabel(label).check();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

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
  await page.getByRole('button', { name: 'Accept and send' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm the bank account in your application' }),
  ).toBeVisible();
  await page.getByLabel('Code').fill(await codeSentTo(request, 'dc.near@example.org'));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(heading(page, 'Application sent')).toBeVisible();
  const reference = (await page.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^DCR1-\d{6}$/);
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download your application (PDF)' }).click(),
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

  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(heading(page, 'My requests')).toBeVisible();
  await expect(main).toContainText(`Apply to take your pension pot (${reference})`);
  await expectNoAccessibilityViolations(page);

  await page.goto('/hub');
  await expect(dcCard(page)).toContainText('Application sent');
  await expectNoAccessibilityViolations(page);
});
