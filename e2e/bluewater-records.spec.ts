import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub } from './support/member';
import { bluewaterUrl } from './support/tenants';

// Bluewater's record pages are its content files alone (content/tenants/bluewater/): the menu entries,
// the my-pension page and the fund switch journey, on the pages the platform draws for every tenant.

// Five pages checked with axe and two sign-ins: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test('a Bluewater pensioner finds a payslip from the menu', async ({ page }) => {
  await signInToHub(page, 'bw.pensioner', bluewaterUrl('/login'));
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Your pension payments' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension payments' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(
    main.getByRole('button', { name: /Download your P60 for \d{4}\/\d{2} \(PDF\)/ }).first(),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const latest = main
    .getByRole('table', { name: /Payments in the tax year/ })
    .getByRole('row')
    .nth(1);
  const paidOn = (await latest.getByRole('cell').first().textContent())!;
  await latest.getByRole('link', { name: `View the payslip for ${paidOn}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${paidOn}` })).toBeVisible();
  // Bluewater's own payroll: its PAYE reference, from the BDB scheme file.
  await expect(main).toContainText('PAYE reference 475/BW12345');
  await expectNoAccessibilityViolations(page);
});

test('a Bluewater saver reaches the fund switch from the menu, through their savings and funds', async ({
  page,
}) => {
  await signInToHub(page, 'bw.saver', bluewaterUrl('/login'));
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Your savings and funds' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension record' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Bluewater Balanced Fund');
  await expect(main.getByRole('link', { name: 'Read your annual statement' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await main.getByRole('link', { name: 'Change your investments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your investments' })).toBeVisible();
  await main.getByRole('button', { name: 'Start now' }).click();
  await main.getByLabel('In a Bluewater lifestyle strategy').check();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pick a lifestyle strategy' })).toBeVisible();
  await expect(main.getByLabel('Lifestyle: targeting an annuity')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Cancelled, so the saver starts afresh next time (a switch sent would stay open until applied).
  await page.getByRole('link', { name: 'Cancel your change' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my change' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension record' })).toBeVisible();
});

test('a Bluewater DB member follows How we worked this out to Bluewater’s own planner', async ({ page }) => {
  await signInToHub(page, 'second.member', bluewaterUrl('/login'));
  await page.getByRole('main').getByRole('link', { name: 'See your record' }).click();
  const service = page.getByRole('region', { name: 'Your service and salary' });
  await service.getByText('How we worked this out').click();
  // Bluewater's planner is Take your pension: the link follows its page key, not Meridian's address.
  await service.getByRole('link', { name: 'see it at any age you could retire' }).click();
  await expect(page).toHaveURL(/\/take-your-pension$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Take your pension' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});
