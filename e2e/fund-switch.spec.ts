import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { codeSentTo, signInToHub } from './support/member';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

test('dc.far chooses their own funds, is refused shares short of 100%, confirms it is them, and sees the switch open in My requests and pending on their funds', async ({
  page,
  request,
}) => {
  await signInToHub(page, 'dc.far');
  await page.goto('/my-pension');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Change how your pot is invested' }).click();
  await expect(heading(page, 'Change how your pot is invested')).toBeVisible();
  await main.getByRole('button', { name: 'Start now' }).click();
  // What the pot holds now, beside the choice.
  await expect(main.getByRole('table').first()).toContainText('Fund');
  // A lifestyle strategy is one of the scheme's three, each shown with when it starts moving the pot and
  // what it ends in; the member sees the change one would make, then goes back to choose funds.
  await main.getByLabel('In one of the scheme’s lifestyle strategies').check();
  await continueButton(page).click();
  await expect(heading(page, 'Choose a lifestyle strategy')).toBeVisible();
  for (const strategy of ['drawdown', 'an annuity', 'cash'])
    await expect(main.getByLabel(`Lifestyle: targeting ${strategy}`)).toBeVisible();
  const strategies = main.getByRole('table', { name: /^How each strategy would invest your pot/ });
  await expect(strategies.getByRole('row', { name: /^Lifestyle: targeting cash/ })).toContainText(
    /\d{2} \w{3} \d{4}Cash Fund: 100%/,
  );
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Lifestyle: targeting an annuity').check();
  await continueButton(page).click();
  await expect(heading(page, 'Check your new investment choice')).toBeVisible();
  const change = main.getByRole('table', { name: 'What your switch changes' });
  await expect(change.getByRole('row', { name: /^Invested in/ })).toContainText(
    /Lifestyle: targeting \w+Lifestyle: targeting an annuity$/,
  );
  await expect(change.getByRole('row', { name: /^Starts moving/ })).toContainText(/\d{2} \w{3} \d{4}$/);
  await expect(change.getByRole('row', { name: /^Your pot at your target retirement date/ })).toContainText(
    'Pre-Retirement Bond Fund: 75%Cash Fund: 25%',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(heading(page, 'Choose a lifestyle strategy')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(heading(page, 'Change how your pot is invested')).toBeVisible();
  await main.getByLabel('In funds I choose').check();
  await expectNoAccessibilityViolations(page);
  await continueButton(page).click();

  await expect(heading(page, 'Choose your funds')).toBeVisible();
  const share = main.getByLabel('Percentage of your pot');
  const fund = main.getByLabel('Fund', { exact: true });
  const saveFund = main.getByRole('button', { name: 'Save this fund' });
  await main.getByRole('button', { name: 'Add a fund' }).click();
  await fund.selectOption({ label: 'Global Equity Fund' });
  await share.fill('70');
  await saveFund.click();
  await main.getByRole('button', { name: 'Add another fund' }).click();
  await fund.selectOption({ label: 'Pre-Retirement Bond Fund' });
  await share.fill('20');
  await saveFund.click();
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toContainText('must add up to exactly 100%');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Change Pre-Retirement Bond Fund: 20%' }).click();
  await share.fill('30');
  await saveFund.click();
  await continueButton(page).click();

  await expect(heading(page, 'Check your new investment choice')).toBeVisible();
  await expect(main).toContainText('In funds I choose');
  await expect(main).toContainText('Global Equity Fund: 70%');
  await expect(main).toContainText('Pre-Retirement Bond Fund: 30%');
  // Funds chosen stay as they are: no move into steadier funds, unlike the lifestyle strategy now.
  await expect(change.getByRole('row', { name: /^Starts moving/ })).toContainText(
    'Never: the funds you chose stay as they are',
  );
  await expect(change.getByRole('row', { name: /^Your pot at your target retirement date/ })).toContainText(
    'Global Equity Fund: 70%Pre-Retirement Bond Fund: 30%',
  );
  await expectNoAccessibilityViolations(page);
  // Cancelling is worded as the switch it is, never an "application": the tab, the heading, the buttons.
  await main.getByRole('link', { name: 'Cancel your switch' }).click();
  await expect(heading(page, 'Are you sure you want to cancel your switch?')).toBeVisible();
  await expect(page).toHaveTitle(/^Cancel your switch - /);
  await expect(main.getByRole('button', { name: 'Yes, cancel my switch' })).toBeVisible();
  await expect(main).not.toContainText(/application/i);
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'No, keep my switch' }).click();
  await expect(heading(page, 'Check your new investment choice')).toBeVisible();
  await expect(page).not.toHaveTitle(/Cancel/);
  await page.getByRole('button', { name: 'Confirm the switch' }).click();
  // Moving the pot's investments: a code to the member's email confirms it is them.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeVisible();
  await main.getByLabel('Code').fill(await codeSentTo(request, 'dc.far@example.org'));
  await main.getByRole('button', { name: 'Confirm' }).click();

  await expect(heading(page, 'Switch requested')).toBeVisible();
  const reference = /FSW1-\d+/.exec((await main.textContent()) ?? '')![0];
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'My requests' }).click();
  await expect(page.getByRole('main')).toContainText(reference);
  await expect(page.getByRole('main')).toContainText('Change how your pot is invested');

  // Pending on the funds until the scheme applies it: what was asked for, and the request to follow.
  await page.goto('/my-pension');
  const pending = page.getByRole('main').locator('.fund-switch-pending');
  await expect(pending).toContainText(/Fund switch requested on \d{1,2} \w+ \d{4}: being processed/);
  await expect(pending).toContainText('Global Equity Fund: 70%');
  await expect(pending).toContainText('Pre-Retirement Bond Fund: 30%');
  await expect(pending).toContainText(reference);
  await expect(pending.getByRole('link', { name: 'My requests' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
