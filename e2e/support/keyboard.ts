import { expect, type FileChooser, type Locator, type Page } from '@playwright/test';

type ChosenFile = Parameters<FileChooser['setFiles']>[0];

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

/** Reaches a link or button with Tab and presses Enter on it. */
export async function activate(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Reaches a box with Tab and types into it. */
export async function typeInto(page: Page, box: Locator, text: string) {
  await tabTo(page, box);
  await page.keyboard.type(text);
}

/**
 * Chooses a file by keyboard: Tab to the file input, Space opens the chooser, which is given the file.
 * Playwright asks the browser to report choosers only once something listens, and a chooser that opens
 * before the browser has heard is never reported (a CI run waited 2 minutes for one): so it listens
 * before tabbing, and presses Space again on the still-focused input if no chooser came.
 */
export async function uploadByKeyboard(page: Page, input: Locator, file: ChosenFile) {
  const listen = () => {
    const chosen = page.waitForEvent('filechooser', { timeout: 15_000 });
    // Awaited below; until then a timeout is not an unhandled rejection.
    chosen.catch(() => undefined);
    return chosen;
  };
  let chooser = listen();
  await tabTo(page, input);
  for (let presses = 1; ; presses += 1) {
    await page.keyboard.press('Space');
    try {
      await (await chooser).setFiles(file);
      return;
    } catch (error) {
      if (presses === 3) throw error;
      await expect(input).toBeFocused();
      chooser = listen();
    }
  }
}

/** Reaches a drop-down with Tab and moves through its options with the arrow keys to the one named. */
export async function selectByKeyboard(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  const chosen = () => select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text);
  for (let presses = 0; presses < 20 && (await chosen()) !== label; presses += 1)
    await page.keyboard.press('ArrowDown');
  expect(await chosen()).toBe(label);
}
