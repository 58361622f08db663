import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfLines } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';

test('db.avc sees the guaranteed transfer value beside what is kept, works out a partial transfer, downloads the pack and pays for a second statement', async ({
  page,
}) => {
  await signInToHub(page, 'db.avc');
  await page.getByRole('link', { name: 'See your transfer value' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Your transfer value' })).toBeVisible();
  const value = main.getByRole('region', { name: 'Guaranteed transfer value' });
  await expect(value).toContainText(/£[\d,]+\.\d\d/);
  await expect(value).toContainText(/Guaranteed until \d\d \w{3} \d{4} \(\d+ days left\)/);
  await expect(value.getByText('Not guaranteed: your AVC fund')).toBeVisible();
  await expect(value).toContainText('£38,450.00');
  const keep = main.getByRole('region', { name: 'Leave your benefits where they are' });
  await expect(keep).toContainText(/Your pension from \d\d \w{3} \d{4}/);
  await expect(keep).toContainText('50% of your pension');
  // db.avc's record shows no spouse or partner: worded as the annual statement words it.
  await expect(keep).toContainText('A pension for a spouse or partner you may have at your death');
  await expectNoAccessibilityViolations(page);

  // The calculator: nothing chosen is refused in the error summary, whose link leads to the question.
  const calculate = main.getByRole('button', { name: 'Work it out' });
  await calculate.click();
  const summary = page.getByRole('alert');
  await expect(
    summary.getByRole('link', { name: 'Choose how you want to work out a partial transfer' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('I want to transfer this much').check();
  await main.getByLabel('Amount to transfer (£)').fill('100,000');
  await calculate.click();
  const result = main.locator('.transfer-result');
  await expect(result.getByText('Transfer value', { exact: true }).locator('xpath=..')).toContainText(
    '£100,000.00',
  );
  const kept = (await result
    .getByText('Pension you keep with us')
    .locator('xpath=..')
    .locator('dd')
    .textContent())!;
  expect(kept).toMatch(/^£[\d,]+\.\d\d a year$/);
  // and back: keeping that pension transfers about £100,000
  await main.getByLabel('I want to keep this much pension').check();
  await main.getByLabel('Pension to keep, a year (£)').fill(kept.replace(' a year', ''));
  await calculate.click();
  await expect(result.getByText('Transfer value', { exact: true }).locator('xpath=..')).toContainText(
    /£(99,99\d|100,00\d)\.\d\d/,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The figures just worked out, as a PDF: the pension kept that was asked for, the guarantee and the scam warning.
  const [figures] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download these figures (PDF)' }).click(),
  ]);
  expect(figures.suggestedFilename()).toBe('partial-transfer.pdf');
  const partialText = (await pdfLines(await readFile((await figures.path())!))).join(' ');
  for (const expected of [
    'Your partial transfer figures',
    `To keep a pension of ${kept}`,
    'Guaranteed until',
    'Protect yourself from pension scams',
  ])
    expect(partialText).toContain(expected);
  // The scam warning is Meridian's content (its globals message), with the minimum pension age rising to 57.
  const warning = main
    .locator('.message')
    .filter({ has: page.getByRole('heading', { name: 'Warning: Protect yourself from pension scams' }) });
  await expect(warning).toContainText('age 55, rising to 57 on 6 April 2028');
  // its advice rule names the scheme's threshold (the content token)
  await expect(warning).toContainText('If your transfer value is over £30,000, you must take advice');
  await expect(warning.getByRole('link', { name: 'ScamSmart guidance' })).toHaveAttribute(
    'href',
    'https://www.fca.org.uk/scamsmart',
  );
  await expect(main.getByText(/before age 55/)).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The application journey starts from the guaranteed value.
  await expect(main.getByRole('link', { name: 'Apply to transfer your pension' })).toHaveAttribute(
    'href',
    '/transfer/apply',
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download your transfer pack (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transfer-pack-\d{4}-\d\d-\d\d\.pdf$/);
  const lines = (await pdfLines(await readFile((await download.path())!))).join('\n');
  for (const expected of [
    'Your transfer pack',
    'Guaranteed transfer value',
    'Priya Sharma',
    '£38,450.00',
    'What you give up by transferring',
    'A pension for a spouse or partner you may have at your death',
    'Protect yourself from pension scams',
    'www.fca.org.uk/scamsmart',
    'Action Fraud',
    'The £30,000 advice rule',
    'How to apply',
  ])
    expect(lines).toContain(expected);

  // A second statement within 12 months: the charge must be agreed to first.
  const ask = main.getByRole('button', { name: 'Ask for a statement for £250.00' });
  await expect(main.getByText(/Your next free statement is due on \d\d \w{3} \d{4}/)).toBeVisible();
  await ask.click();
  await expect(
    page
      .getByRole('alert')
      .getByRole('link', { name: 'Tick the box to agree to pay £250.00 for this statement' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('I agree to pay £250.00 for this statement').check();
  await ask.click();
  const issued = main.getByRole('status').filter({ hasText: 'Statement of entitlement issued' });
  await expect(issued).toContainText(/TVS-\d+/);
  await expect(issued).toContainText('£250.00 charge');
  await expectNoAccessibilityViolations(page);
  const reference = (await issued.locator('.panel__reference').textContent())!;
  await issued.getByRole('link', { name: 'My requests' }).click();
  await expect(page.getByRole('main').getByText(reference).first()).toBeVisible();

  // Site search finds transfers.
  await page.goto('/search?q=transfer');
  await expect(page.getByRole('main').getByRole('link', { name: 'Transferring your pension' })).toBeVisible();
});

test('db.active finds the statement of entitlement they asked for 10 days ago: the guaranteed value, the case and the pack, and reports a scam concern', async ({
  page,
}) => {
  await signInToHub(page, 'db.active');
  await page.goto('/transfer');
  const main = page.getByRole('main');
  const value = main.getByRole('region', { name: 'Guaranteed transfer value' });
  await expect(value).toContainText(/£[\d,]+\.\d\d/);
  await expect(value).toContainText(/Guaranteed until \d\d \w{3} \d{4} \(\d+ days left\)/);
  await expectNoAccessibilityViolations(page);

  // The scam warning's "report your concern to us" leads to the report-a-concern journey (issue 39),
  // walked to the TSC1 case it sends, found in My requests.
  const warning = main
    .locator('.message')
    .filter({ has: page.getByRole('heading', { name: 'Warning: Protect yourself from pension scams' }) });
  await warning.getByRole('link', { name: 'report your concern to us' }).click();
  await expect(page).toHaveURL(/\/transfer\/report-a-concern$/);
  await expect(
    main.getByRole('heading', { level: 1, name: 'Report a concern about a pension transfer' }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Start now' }).click();
  await main.getByRole('group', { name: 'How were you contacted?' }).getByLabel('By phone').check();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/transfer\/report-a-concern\/details$/);
  const told = 'A caller offered a free pension review and early access to my pension.';
  await main.getByLabel('Tell us what happened').fill(told);
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Check your report before you send it' }),
  ).toBeVisible();
  await expect(main).toContainText('By phone');
  await expect(main).toContainText(told);
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Send my report' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Concern reported' })).toBeVisible();
  const concern = /TSC1-\d+/.exec(await main.locator('.panel__reference').innerText())![0];
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'My requests' }).click();
  await expect(page).toHaveURL(/\/my-requests$/);
  await expect(main.getByText(concern).first()).toBeVisible();
  const request = main.getByText(/TVS-\d+/).first();
  await expect(request).toBeVisible();
  const reference = (await request.textContent())!.match(/TVS-\d+/)![0];
  await expect(main).toContainText('Transfer value statement of entitlement');
  await expectNoAccessibilityViolations(page);

  await page.goto('/documents');
  const pack = main.getByRole('link', { name: /^transfer-pack-\d{4}-\d{2}-\d{2}\.pdf$/ });
  await expect(pack).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), pack.click()]);
  const text = (await pdfLines(await readFile((await download.path())!))).join('\n');
  expect(text).toContain(reference);
  expect(text).toContain('Guaranteed transfer value');
});
