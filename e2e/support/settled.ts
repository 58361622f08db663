import { expect, type Page } from '@playwright/test';

/** How long the page must go without a change to its content for it to count as settled. */
const QUIET_MS = 150;
const MAX_WAIT_MS = 15_000;
/** What the app shows while a page, a section or a navigation is still loading. */
const STILL_LOADING = '.page-loading, [aria-busy="true"]';

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts the page's API reads and writes in flight from now on, so `settled` can wait for them. Call it
 * before the page's first navigation.
 */
export function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) pending.add(request);
  });
  const done = (request: unknown) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Stops waiting for the requests in flight now: the page is about to be left for another in the app, and
 * what the old page still had on the way is no longer what the next one waits for.
 */
export function forgetRequestsInFlight(page: Page) {
  inFlight.get(page)?.clear();
}

/** Resolves once the document has gone `quietMs` without a change to its content, attributes or text. */
const contentQuiet = (page: Page) =>
  page.evaluate(
    ([quietMs, maxWaitMs]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(finish, quietMs);
        const giveUp = setTimeout(finish, maxWaitMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function finish() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(giveUp);
          resolve();
        }
      }),
    [QUIET_MS, MAX_WAIT_MS] as const,
  );

/**
 * The page as a member sees it once loading is over: its heading shown, no loading placeholder or busy
 * region (the app's own marks, which its analytics also wait for), the menus and footer in, no API
 * request in flight (with `trackRequests`), and the content unchanged for a moment. It waits for
 * what the page does rather than for a fixed time.
 */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The menus and the footer arrive together; every demo tenant's footer has links.
  await expect(page.locator('footer a[href]').first()).toBeAttached();
  const pending = inFlight.get(page);
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    await expect(page.locator(STILL_LOADING)).toHaveCount(0);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await contentQuiet(page);
    if (!pending?.size && (await page.locator(STILL_LOADING).count()) === 0) return;
    if (Date.now() > deadline) throw new Error(`still loading, ${pending?.size ?? 0} requests in flight`);
    await page.waitForTimeout(50);
  }
}
