import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';

/** Clicks what starts a download and reads the PDF it saves. */
async function downloadedText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: download.suggestedFilename(),
    text: await pdfText(await readFile((await download.path())!)),
  };
}

test('db.pensioner opens a payslip and downloads it and a P60, and sees the increases and tax codes', async ({
  page,
}) => {
  await signInToHub(page, 'db.pensioner');
  await page.getByRole('link', { name: 'See your payments', exact: true }).click();
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension payments' })).toBeVisible();
  const increases = main.getByRole('table', { name: 'Increases to your pension, newest first' });
  await expect(increases.getByRole('row').nth(1)).toContainText(/01 Apr \d{4}\d+(\.\d+)?%£[\d,.]+£18,750/);
  await expect(main.getByRole('heading', { level: 2, name: 'Your tax codes' })).toBeVisible();
  await expect(main).toContainText(/1100L from the payment on \d{2} \w{3} \d{4}/);
  await expect(main).toContainText(/1257L M1 from the payment on \d{2} \w{3} \d{4} \(an emergency code/);
  await expectNoAccessibilityViolations(page);

  const latest = main
    .getByRole('table', { name: /Payments in the tax year/ })
    .getByRole('row')
    .nth(1);
  const paidOn = (await latest.getByRole('cell').first().textContent())!;
  await latest.getByRole('link', { name: `View the payslip for ${paidOn}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${paidOn}` })).toBeVisible();
  await expect(main).toContainText('Pension before tax£1,562.50');
  await expect(main).toContainText('Tax code1100L');
  await expect(main).toContainText('PAYE reference 120/MP45678');
  await expectNoAccessibilityViolations(page);
  const payslip = await downloadedText(page, () =>
    main.getByRole('button', { name: 'Download this payslip (PDF)' }).click(),
  );
  expect(payslip.name).toMatch(/^payslip-\d{4}-\d\d-\d\d\.pdf$/);
  expect(payslip.text).toContain('Pension payslip');
  expect(payslip.text).toContain(`Paid on ${paidOn}`);
  expect(payslip.text).toContain('£1,562.50');
  expect(payslip.text).toContain('1100L, cumulative');

  await main.getByRole('link', { name: 'Back to your pension payments' }).click();
  // Every payslip can be reached: the tax years before this one, by the pages of tax years.
  const years = main.getByRole('navigation', { name: 'Payments by tax year' });
  await expect(years.locator('[aria-current="page"]')).toHaveText(/\d{4}\/\d{2}/);
  const current = (await years.locator('[aria-current="page"]').textContent())!;
  await years.getByRole('link', { name: /Previous tax year/ }).click();
  const earlier = main.getByRole('table', { name: /Payments in the tax year/ });
  await expect(earlier).not.toHaveAccessibleName(new RegExp(current));
  await expect(years.getByRole('link', { name: /Next tax year/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const older = earlier.getByRole('row').last();
  const olderOn = (await older.getByRole('cell').first().textContent())!;
  await older.getByRole('link', { name: `View the payslip for ${olderOn}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${olderOn}` })).toBeVisible();
  await main.getByRole('link', { name: 'Back to your pension payments' }).click();
  const p60Button = main.getByRole('button', { name: /Download your P60 for \d{4}\/\d{2} \(PDF\)/ }).first();
  const taxYear = /(\d{4}\/\d{2})/.exec((await p60Button.textContent())!)![1]!;
  const p60 = await downloadedText(page, () => p60Button.click());
  expect(p60.name).toBe(`P60-${taxYear.replace('/', '-')}.pdf`);
  // The 20-point title is wider than the page and wraps onto a second line.
  expect(p60.text.replaceAll('\n', ' ')).toContain(`P60 End of Year Certificate, tax year ${taxYear}`);
  expect(p60.text).toMatch(/Pension paid\n£[\d,]+\.\d\d/);
  expect(p60.text).toMatch(/Tax deducted\n£[\d,]+\.\d\d/);
  expect(p60.text).toContain('LM456789B');
});
