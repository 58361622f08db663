import { expect, test, type Locator } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { samplePdf, samplePng } from './support/files';
import { signInToHub } from './support/member';

const box = async (locator: Locator) => (await locator.boundingBox())!;

test('the documents table’s actions line up: one column, each row’s first action level with its name', async ({
  page,
}) => {
  await signInToHub(page, 'dc.near');
  await page.goto('/documents/upload');
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'table-payslip.pdf', mimeType: 'application/pdf', buffer: await samplePdf('Payslip') },
    { name: 'table-passport.png', mimeType: 'image/png', buffer: samplePng() },
  ]);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your documents have been uploaded' }),
  ).toBeVisible();

  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/documents');
    const rows = page
      .locator('.documents-table tbody tr')
      .filter({ has: page.getByRole('button', { name: /^Delete/ }) })
      // The two this test uploaded: other tests may have filed documents for the same member.
      .filter({ hasText: /table-(payslip|passport)/ });
    await expect(rows).toHaveCount(2);
    const lefts: number[] = [];
    for (const row of await rows.all()) {
      const name = await box(row.getByRole('link'));
      const change = await box(row.getByRole('button', { name: /^Change tags/ }));
      const remove = await box(row.getByRole('button', { name: /^Delete/ }));
      // The first action starts on the row's first line, the second under it in the same column.
      const middle = ({ y, height }: { y: number; height: number }) => y + height / 2;
      expect(
        Math.abs(middle(change) - middle(name)),
        `first action level with the name at ${width}px`,
      ).toBeLessThanOrEqual(3);
      expect(remove.y).toBeGreaterThan(change.y + change.height - 1);
      expect(Math.abs(remove.x - change.x)).toBeLessThanOrEqual(1);
      lefts.push(change.x);
    }
    expect(Math.abs(lefts[0]! - lefts[1]!), `actions in one column at ${width}px`).toBeLessThanOrEqual(1);
  }
  await expectNoAccessibilityViolations(page);
});
