import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { pdfLines } from '../apps/server/test/pdf-text';
import { samplePdf, samplePng } from './support/files';
import { tabTo, uploadByKeyboard } from './support/keyboard';
import { signInToHub as signIn } from './support/member';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const documentRows = (page: Page) => page.locator('.documents-table tbody tr');

test('a member uploads a PDF and an image, filters, downloads one and two as a zip, and deletes one', async ({
  page,
}) => {
  await signIn(page, 'dc.far');
  await page.getByRole('link', { name: 'See your documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
  await expect(page.getByText('You have no documents yet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Upload documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toContainText('Select a file to upload');
  await page.getByLabel('Choose files').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a document'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'notes.txt must be a PDF, JPG, PNG, HEIC or Word document',
  );
  await expect(page).toHaveTitle(/^Error: Upload documents/);
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Choose files').setInputFiles([
    { name: 'payslip,march.pdf', mimeType: 'application/pdf', buffer: await samplePdf('Payslip March') },
    { name: 'passport.png', mimeType: 'image/png', buffer: samplePng() },
  ]);
  await page.getByLabel('What are these documents? (optional)').fill('Proof of income');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your documents have been uploaded' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('2 of 2 files uploaded');
  // The comma in the name is replaced with an underscore.
  await expect(page.getByText('Uploaded: payslip_march.pdf')).toBeVisible();
  // Sizes are shown in B, KB, MB… (the demo icon is under 1,000 bytes).
  await expect(page.getByText(`Uploaded: passport.png (${samplePng().length} B)`)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Go to your documents' }).click();
  await expect(page.getByRole('table')).toContainText('2 documents');
  await expect(documentRows(page)).toHaveCount(2);
  await expect(documentRows(page).first()).toContainText('Proof of income');

  // Filter by name, using the keyboard.
  await page.getByLabel('Name contains').focus();
  await page.keyboard.type('PAYSLIP');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/name=PAYSLIP/);
  await expect(documentRows(page)).toHaveCount(1);
  await expect(documentRows(page)).toContainText('payslip_march.pdf');
  await expectNoAccessibilityViolations(page);

  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'payslip_march.pdf' }).click(),
  ]);
  expect(single.suggestedFilename()).toBe('payslip_march.pdf');
  expect(await pdfLines(await readFile((await single.path())!))).toContain('Payslip March');

  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.getByRole('group', { name: 'Received from' }).getByLabel('Year').fill('2999');
  await page.getByRole('group', { name: 'Received from' }).getByLabel('Day').fill('31');
  await page.getByRole('group', { name: 'Received from' }).getByLabel('Month').fill('2');
  await page.getByRole('button', { name: 'Show documents' }).click();
  await expect(page.getByRole('alert')).toContainText('Received from must be a real date');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('group', { name: 'Received from' }).getByLabel('Day').fill('1');
  await page.getByRole('button', { name: 'Show documents' }).click();
  await expect(page.getByRole('alert')).toContainText('Received from must be a date between');
  // From next year on, nothing has arrived yet.
  await page
    .getByRole('group', { name: 'Received from' })
    .getByLabel('Year')
    .fill(String(new Date().getUTCFullYear() + 1));
  await page.getByRole('button', { name: 'Show documents' }).click();
  await expect(page.getByText('No documents match.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.getByLabel('Sort by').selectOption('Name');
  await page.getByLabel('Order').selectOption('oldest');
  await page.getByRole('button', { name: 'Show documents' }).click();
  await expect(documentRows(page).first()).toContainText('passport.png');
  await page.getByLabel('Select passport.png').check();
  await page.getByLabel('Select payslip_march.pdf').check();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download 2 selected as a zip file' }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  expect(Object.keys(entries).sort()).toEqual(['passport.png', 'payslip_march.pdf']);
  expect(Buffer.from(entries['passport.png']!).equals(samplePng())).toBe(true);

  // Tags: a tag too long is refused in the page with an error summary; good ones are saved and listed.
  await page.getByRole('button', { name: 'Change tags of payslip_march.pdf' }).click();
  await expect(page.getByRole('heading', { name: 'Tags for payslip_march.pdf' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Tags' }).fill(`pay, ${'x'.repeat(41)}`);
  await page.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByRole('alert')).toContainText('Tag 2 must be 40 characters or fewer');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('textbox', { name: 'Tags' }).fill('pay, March 2026');
  await page.getByRole('button', { name: 'Save tags' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The tags of payslip_march.pdf have been saved' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags of payslip_march.pdf' })).toHaveText(
    ['pay', 'March 2026'].join(''),
  );

  await page.getByRole('button', { name: 'Delete passport.png' }).click();
  await expect(page.getByRole('heading', { name: 'Delete passport.png?' })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'passport.png has been deleted' })).toBeVisible();
  await expect(documentRows(page)).toHaveCount(1);
  await expect(page.getByRole('table')).toContainText('1 document');

  // The same name cannot be uploaded twice: the server's refusal is shown against the file.
  await page.getByRole('link', { name: 'Upload documents' }).click();
  await page.getByLabel('Choose files').setInputFiles({
    name: 'payslip_march.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('Payslip March again'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Some documents were not uploaded' }),
  ).toBeVisible();
  await expect(
    page.getByText('payslip_march.pdf has the same name as a document you uploaded before'),
  ).toBeVisible();
});

test('a member on their linked record sees and downloads that record’s statement', async ({ page }) => {
  await signIn(page, 'linked');
  // The primary (DB) record has no documents yet.
  await page.getByRole('link', { name: 'See your documents' }).click();
  await expect(page.getByText('You have no documents yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to your pension' }).click();
  const picker = page.getByRole('group', { name: 'Your records' });
  await picker.getByLabel(/Meridian Retirement Savings Section \(1000008\)/).check();
  await page.getByRole('button', { name: 'Show this record' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are now seeing your' })).toContainText(
    'Meridian Retirement Savings Section',
  );
  await page.getByRole('link', { name: 'See your documents' }).click();
  await expect(documentRows(page)).toHaveCount(1);
  const row = documentRows(page).first();
  await expect(row).toContainText('Annual statement');
  await expect(row).toContainText('New');
  await expectNoAccessibilityViolations(page);

  const [statement] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^annual-benefit-statement-\d{4}\.pdf$/ }).click(),
  ]);
  expect(statement.suggestedFilename()).toMatch(/^annual-benefit-statement-\d{4}\.pdf$/);
  const lines = await pdfLines(await readFile((await statement.path())!));
  expect(lines).toContain('Annual benefit statement');
  expect(lines.join('\n')).toContain('1000008');
  expect(lines.join('\n')).toContain('£97,200.00');
  await expect(row).not.toContainText('New');
});

test('a member uploads, downloads and deletes a document by keyboard alone', async ({ page }) => {
  await signIn(page, 'db.avc');
  await tabTo(page, page.getByRole('link', { name: 'See your documents' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Upload documents' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
  await uploadByKeyboard(page, page.getByLabel('Choose files'), {
    name: 'p60-2026.pdf',
    mimeType: 'application/pdf',
    buffer: await samplePdf('P60 2026'),
  });
  await tabTo(page, page.getByLabel('What are these documents? (optional)'));
  await page.keyboard.type('Tax year end');
  await tabTo(page, page.getByRole('button', { name: 'Upload' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your documents have been uploaded' }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Go to your documents' }));
  await page.keyboard.press('Enter');
  await expect(documentRows(page).filter({ hasText: 'p60-2026.pdf' })).toContainText('Tax year end');

  await tabTo(page, page.getByRole('link', { name: 'p60-2026.pdf' }));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect(await pdfLines(await readFile((await (await download).path())!))).toContain('P60 2026');

  await tabTo(page, page.getByRole('button', { name: 'Delete p60-2026.pdf' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Delete p60-2026.pdf?' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Yes, delete it' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'p60-2026.pdf has been deleted' })).toBeVisible();
  await expect(documentRows(page).filter({ hasText: 'p60-2026.pdf' })).toHaveCount(0);
});
