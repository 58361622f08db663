import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** WCAG 2.2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The axe-core that `@axe-core/playwright` brings, as a script to run in a page. */
const axeSource = (() => {
  const fromHere = createRequire(import.meta.url);
  const fromAxeBuilder = createRequire(fromHere.resolve('@axe-core/playwright'));
  return (fromAxeBuilder('axe-core') as { source: string }).source;
})();

/**
 * Axe's WCAG 2.2 A/AA violations on the page as it stands: `axe.run` in the page, as
 * `@axe-core/playwright`'s legacy mode does, with axe added to a document once rather than twice for
 * every check. Its default mode runs each frame's part and merges them in a blank page opened for every
 * check: half of each check's time, and only needed for cross-origin frames, which the portal never
 * renders (rich text drops frames).
 */
export async function accessibilityViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags } })
        .then((results) => results.violations),
    WCAG_TAGS,
  );
}

/** Fails with the list of WCAG 2.2 A/AA violations on the page as it stands. */
export async function expectNoAccessibilityViolations(page: Page) {
  const summary = (await accessibilityViolations(page)).map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}
