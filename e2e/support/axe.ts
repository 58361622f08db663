import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe's WCAG 2.2 A/AA violations on the page as it stands. Legacy mode runs `axe.run` in the page
 * itself; the default runs each frame's part there and then merges them in a blank page it opens for
 * every check, which is half of the check's time and only matters for cross-origin frames (the portal
 * renders no frames: rich text drops them).
 */
export async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations;
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
