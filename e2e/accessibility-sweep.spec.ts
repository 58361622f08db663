import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoPersonas } from '../apps/server/src/seed/demo-personas';
import { baseURL } from '../playwright.config';
import { accessibilityViolations } from './support/axe';
import { renderedPageKey } from './support/rendered-page';
import { forgetRequestsInFlight, settled, trackRequests } from './support/settled';
import { bluewaterUrl } from './support/tenants';

// Every page reachable from the menu and the hub, for every demo persona and a visitor on each tenant,
// checked with axe against WCAG 2.2 A and AA (`WCAG_TAGS`). Pages are found from the links the portal renders, so a
// page added to a menu or the hub is swept without changing this file. Each page is visited and waited
// for; axe runs once per distinct rendering (`renderedPageKey`): a page that renders the same for two
// personas but for their names and figures is checked once, and its findings count for both.

const originOf = (tenantHost: string) => (tenantHost === 'localhost' ? baseURL : bluewaterUrl(''));
/** Links that end the session or leave the portal's pages are not followed. */
const notAPage = /^\/(sa\/|api\/|docs|oidc|logout|mdp-api|content-api|authentication-api)/;

const PAGE_LINKS = 'nav a[href], main a[href], footer a[href]';
const MENU_AND_MAIN_LINKS = 'nav a[href], main a[href]';

/**
 * The pages linked only from the footer (help, cookies, accessibility, privacy) that a signed-in persona
 * has swept, by tenant: the footer is the same for every member, so later personas on that tenant leave
 * them out. Each is still swept signed in and signed out on each tenant.
 */
const footerPagesSwept = new Map<string, Set<string>>();

/** Signed-in pages one step further than the hub and the menus link, swept for every persona too. */
const DEEPER_MEMBER_PAGES = ['/documents/upload', '/beneficiaries/change'];

type Violation = { id: string; targets: string[] };
/** Axe's findings by tenant and rendered page, kept across this file's tests. */
const checked = new Map<string, Violation[]>();

/** Axe's findings on the page as it stands, from an earlier identical rendering on the same tenant if one was checked. */
async function axeFindings(page: Page, origin: string) {
  const key = `${origin} ${await renderedPageKey(page)}`;
  const known = checked.get(key);
  if (known) return { violations: known, reused: true };
  const violations = (await accessibilityViolations(page)).map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  checked.set(key, violations);
  return { violations, reused: false };
}

/** Same-origin page paths linked from the given links of the page as it stands. */
async function linkedPages(page: Page, origin: string, links = PAGE_LINKS) {
  const hrefs = await page
    .locator(links)
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === new URL(origin).origin && !notAPage.test(url.pathname))
    .filter((url) => !/\.(pdf|png|jpe?g|svg)$/i.test(url.pathname))
    .map((url) => `${url.pathname}${url.search}`);
}

/**
 * Opens a page of the portal already loaded as following a link in it would: through the app's router
 * (the address changed and the browser's popstate), not a fresh load of the app for each page, which
 * spent most of the sweep's time starting the app again. A navigation marks the main region busy until
 * its page is in, which `settled` waits for.
 */
async function visit(page: Page, path: string) {
  forgetRequestsInFlight(page);
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
}

/** Visits the start page and every page linked from its menus, main content and footer; axe on each. */
async function sweep(page: Page, origin: string, start: string, deeper: string[] = [], signedIn = false) {
  if (new URL(page.url()).pathname !== start) {
    await page.goto(`${origin}${start}`);
    await settled(page);
  }
  let pages = [...new Set([start, ...(await linkedPages(page, origin)), ...deeper])];
  if (signedIn) {
    const menuAndMain = new Set([
      start,
      ...(await linkedPages(page, origin, MENU_AND_MAIN_LINKS)),
      ...deeper,
    ]);
    const swept = footerPagesSwept.get(origin) ?? new Set<string>();
    const footerOnly = pages.filter((path) => !menuAndMain.has(path));
    pages = pages.filter((path) => menuAndMain.has(path) || !swept.has(path));
    footerPagesSwept.set(origin, new Set([...swept, ...footerOnly]));
  }
  const violations: Array<{ page: string; id: string; targets: string[] }> = [];
  let axeRuns = 0;
  for (const path of pages) {
    await visit(page, path);
    const findings = await axeFindings(page, origin);
    if (!findings.reused) axeRuns += 1;
    violations.push(...findings.violations.map((violation) => ({ page: path, ...violation })));
  }
  test.info().annotations.push(
    { type: 'pages swept', description: pages.join(' ') },
    {
      type: 'axe runs',
      description: `${axeRuns} of ${pages.length} pages rendered differently from any checked before`,
    },
  );
  return { pages, violations };
}

async function dismissCookieBanner(page: Page) {
  const banner = page.getByRole('region', { name: 'Cookies on this site' });
  if ((await banner.count()) === 0) return;
  await banner.getByRole('button', { name: 'Reject analytics cookies' }).click();
  await banner.getByRole('button', { name: 'Hide cookie message' }).click();
}

test.describe('accessibility sweep', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const tenantHost of ['localhost', 'bluewater.localhost']) {
    test(`a visitor's pages on ${tenantHost}`, async ({ page }) => {
      const origin = originOf(tenantHost);
      trackRequests(page);
      await page.goto(`${origin}/login`);
      await dismissCookieBanner(page);
      const { pages, violations } = await sweep(page, origin, '/');
      expect(pages.length).toBeGreaterThan(1);
      expect(violations).toEqual([]);
    });
  }

  for (const persona of demoPersonas.filter((candidate) => candidate.registered !== false)) {
    test(`${persona.username}'s pages on ${persona.tenantHost}`, async ({ page }) => {
      const origin = originOf(persona.tenantHost);
      trackRequests(page);
      await page.goto(`${origin}/login`);
      await dismissCookieBanner(page);
      await page.getByLabel('Username').fill(persona.username);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The landing page (the hub unless the tenant moves it), once every redirect is done.
      await page.waitForURL((url) => url.pathname !== '/login');
      await settled(page);
      const { pages, violations } = await sweep(
        page,
        origin,
        new URL(page.url()).pathname,
        DEEPER_MEMBER_PAGES,
        true,
      );
      expect(pages.length).toBeGreaterThan(1);
      expect(violations).toEqual([]);
    });
  }
});
