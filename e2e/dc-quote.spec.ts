import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfLines } from '../apps/server/test/pdf-text';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { signInToHub } from './support/member';

const DRAWDOWN = 'Tax-free cash and a flexible income (drawdown)';

test('dc.near chooses an option, sets its tax-free cash by typing and by the slider, downloads the summary and requests a formal quote', async ({
  page,
}) => {
  await signInToHub(page, 'dc.near');
  await page.goto('/retirement/dc-options');
  await expect(page.getByRole('heading', { level: 2, name: /Your options on/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page
    .getByRole('link', {
      name: 'Choose this option for Tax-free cash and a flexible income (drawdown)',
      exact: true,
    })
    .click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: DRAWDOWN })).toBeVisible();
  const typed = main.getByLabel('Or type an amount in pounds and pence (£)');
  const slider = main.getByLabel('Tax-free cash: slide to choose');
  await expect(typed).not.toHaveValue('');
  await expectNoAccessibilityViolations(page);

  // Typed in pounds and pence: the figures are worked out again for exactly that amount.
  await typed.fill('20000.55');
  await expect(slider).toHaveValue('20000');
  await main.getByRole('button', { name: 'Update the figures' }).click();
  const paid = main.getByText('One payment', { exact: true }).locator('xpath=..');
  await expect(paid).toContainText('£20,000.55 on');
  const card = main.getByRole('region', { name: DRAWDOWN, exact: true });
  await expect(card.getByText('Tax-free cash', { exact: true }).locator('xpath=..')).toContainText('£20,001');

  // By keyboard on the slider: Home is £0, each arrow a step of £100, and the typed amount follows.
  await tabTo(page, slider);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('300');
  await expect(slider).toHaveAttribute('aria-valuetext', '£300.00');
  await expect(typed).toHaveValue('300.00');
  await page.keyboard.press('Enter');
  await expect(paid).toContainText('£300.00 on');

  // Too much is refused in the error summary before the server is asked.
  await typed.fill('999999');
  await main.getByRole('button', { name: 'Update the figures' }).click();
  const summary = page.getByRole('alert');
  await expect(
    summary.getByRole('link', { name: /Tax-free cash must be £[\d,]+\.\d\d or less/ }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Two instalments, which Meridian's DC scheme pays (the second six months on).
  await typed.fill('20000');
  await main.getByLabel('In two instalments').check();
  await main.getByLabel(/Second instalment, paid on/).fill('5000.50');
  await main.getByRole('button', { name: 'Update the figures' }).click();
  await expect(main.getByText('Instalment 1', { exact: true }).locator('xpath=..')).toContainText(
    '£14,999.50 on',
  );
  await expect(main.getByText('Instalment 2', { exact: true }).locator('xpath=..')).toContainText(
    '£5,000.50 on',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download the option summary (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('option-summary.pdf');
  const lines = (await pdfLines(await readFile((await download.path())!))).join('\n');
  for (const expected of ['Your option summary', DRAWDOWN, '£20,000.00', '£5,000.50']) {
    expect(lines).toContain(expected);
  }

  await main.getByRole('button', { name: 'Request a formal quote' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Formal quote requested' })).toBeVisible();
  const reference = (await main.locator('.panel__reference').textContent())!;
  expect(reference).toMatch(/^DCQ-\d+$/);
  await expectNoAccessibilityViolations(page);

  await main.getByRole('link', { name: 'My requests' }).click();
  await expect(main.getByText('Formal quote for your DC pension').first()).toBeVisible();
  await expect(main.getByText(reference).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
