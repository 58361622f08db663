import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until the target has focus, as a keyboard user moves through a page; fails if it never does. */
export async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

/** Types a date into a day, month and year group, moving between its fields with Tab. */
export async function typeDate(page: Page, group: Locator, parts: string[]) {
  await tabTo(page, group.getByLabel('Day'));
  for (const [index, part] of parts.entries()) {
    await page.keyboard.type(part);
    if (index < 2) await page.keyboard.press('Tab');
  }
}

/** Ticks a checkbox by keyboard. */
export async function tick(page: Page, box: Locator) {
  await tabTo(page, box);
  await page.keyboard.press('Space');
}

/** Chooses a radio by keyboard: Tab reaches its group, the arrow keys move to it. */
export async function choose(page: Page, option: Locator) {
  const name = await option.getAttribute('name');
  for (let presses = 0; presses < 80; presses += 1) {
    if (
      await page.evaluate(
        (group) => (document.activeElement as HTMLInputElement | null)?.name === group,
        name,
      )
    )
      break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  for (let presses = 0; presses < 5 && !(await option.isChecked()); presses += 1)
    await page.keyboard.press('ArrowDown');
  await expect(option).toBeChecked();
}
