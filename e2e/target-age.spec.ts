import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { signInToHub } from './support/member';

test('dc.far changes their target retirement age by keyboard, is told the ages allowed, and My pension counts to the new date', async ({
  page,
}) => {
  await signInToHub(page, 'dc.far');
  await page.goto('/my-pension');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Change your target retirement age' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Change your target retirement age' }),
  ).toBeVisible();
  await expect(main).toContainText('Your target retirement age is 65');
  await expect(main).toContainText('A whole number of years from 57 to 75');
  const age = main.getByLabel('New target retirement age');
  const save = main.getByRole('button', { name: 'Save target age' });
  await age.fill('50');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Choose an age from 57 to 75.');
  await expectNoAccessibilityViolations(page);
  await age.fill('60');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(main.getByRole('status')).toContainText('Your target retirement age is now 60');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('link', { name: 'Back to My pension' }).click();
  await expect(page.getByRole('main')).toContainText('You reach your target retirement age of 60');

  // Back to 65, as the other specs on this portal expect dc.far.
  await page.goto('/my-pension/target-age');
  await age.fill('65');
  await save.click();
  await expect(main.getByRole('status')).toContainText('Your target retirement age is now 65');
});
