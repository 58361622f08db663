import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { analyticsReceiverUrl, analyticsUrl } from './support/tenants';

// The portal on port+2 sends Matomo hits and Mixpanel calls to the local receiver on port+3.
interface MatomoHit {
  provider: 'matomo';
  params: Record<string, string>;
}
interface MixpanelCall {
  provider: 'mixpanel';
  endpoint: string;
  payload: unknown;
}
type Recorded = MatomoHit | MixpanelCall;

interface MixpanelEvent {
  event: string;
  properties: Record<string, unknown>;
}

const recorded = async (request: APIRequestContext): Promise<Recorded[]> =>
  (await request.get(analyticsReceiverUrl('/recorded'))).json();
const matomoHits = async (request: APIRequestContext) =>
  (await recorded(request))
    .filter((call): call is MatomoHit => call.provider === 'matomo')
    .map((hit) => hit.params);
const asList = (payload: unknown) => (Array.isArray(payload) ? payload : [payload]);
const mixpanelCalls = async (request: APIRequestContext, endpoint: string) =>
  (await recorded(request))
    .filter((call): call is MixpanelCall => call.provider === 'mixpanel' && call.endpoint === endpoint)
    .flatMap((call) => asList(call.payload));
const mixpanelEvents = async (request: APIRequestContext) =>
  (await mixpanelCalls(request, 'track')) as MixpanelEvent[];

const analyticsCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => /^(mp_|_pk_|mtm_|__mp)/.test(cookie.name));

/** Mixpanel sends its batches every 5 seconds. */
const MIXPANEL_FLUSH = { timeout: 15_000 };

test.beforeEach(async ({ request }) => {
  await request.delete(analyticsReceiverUrl('/recorded'));
});

async function acceptAnalytics(page: Page) {
  const banner = page.getByRole('region', { name: 'Cookies on this site' });
  await banner.getByRole('button', { name: 'Accept analytics cookies' }).click();
  await expect(banner.getByRole('status')).toContainText('You’ve accepted analytics cookies');
}

test('analytics waits for consent, reports pages, searches and buttons, and stops when consent is withdrawn', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto(analyticsUrl('/help'));
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await recorded(request)).toEqual([]);
  expect(await page.locator('script[src*="matomo.js"]').count()).toBe(0);
  expect(await analyticsCookies(context)).toEqual([]);
  await expectNoAccessibilityViolations(page);

  // Accepting starts analytics on the page as it stands, without a reload.
  await acceptAnalytics(page);
  await expect
    .poll(async () =>
      (await matomoHits(request)).find((hit) => hit.url?.endsWith('/help') && hit.action_name),
    )
    .toMatchObject({ idsite: '1', rec: '1', action_name: 'Help and contact - Meridian Pension Scheme' });
  await expect
    .poll(
      async () => (await mixpanelEvents(request)).find((event) => event.event === '/help'),
      MIXPANEL_FLUSH,
    )
    .toMatchObject({
      properties: { Action: 'Page load', Path: '/help', Title: 'Help and contact - Meridian Pension Scheme' },
    });
  expect(await page.evaluate(() => document.cookie)).not.toContain('_pk_');

  // An in-app search is a site-search page view carrying the keyword; its button a 'click button' event.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByLabel('Search this site').fill('tax-free lump sum');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: /result.* for ‘tax-free lump sum’/ })).toBeVisible();
  await expect
    .poll(async () => (await matomoHits(request)).find((hit) => hit.search !== undefined))
    .toMatchObject({
      search: 'tax-free lump sum',
      action_name: 'Search results for tax-free lump sum - Meridian Pension Scheme',
    });
  await expect
    .poll(async () => (await matomoHits(request)).find((hit) => hit.e_a === 'click button'))
    .toMatchObject({ e_c: 'Search' });
  await expect
    .poll(
      async () => (await mixpanelEvents(request)).find((event) => event.event === 'Search'),
      MIXPANEL_FLUSH,
    )
    .toMatchObject({ properties: { Action: 'Click button', Path: '/search' } });

  // A configured excluded path is never reported.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Accessibility/ })).toBeVisible();

  // Withdrawing consent on the cookies page stops everything at once.
  await page.goto(analyticsUrl('/cookies'));
  await expect(page.getByRole('heading', { name: 'Change your cookie settings' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes, use analytics cookies' })).toBeChecked();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('radio', { name: 'No, do not use analytics cookies' }).check();
  await page.getByRole('button', { name: 'Save cookie settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
    'Your cookie settings were saved.',
  );
  await page.waitForTimeout(6_000);
  const beforeRejecting = (await recorded(request)).length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByLabel('Search this site').fill('pension');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForTimeout(6_000);
  expect((await recorded(request)).length).toBe(beforeRejecting);
  expect((await matomoHits(request)).some((hit) => hit.url?.includes('/accessibility'))).toBe(false);
  expect(await analyticsCookies(context)).toEqual([]);
});

test('a signed-in member is identified with their profile and custom dimensions', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: 'cookie_consent', value: 'accepted', url: analyticsUrl('/') }]);
  await page.goto(analyticsUrl('/login'));
  await page.getByLabel('Username').fill('db.deferred');
  await page.getByLabel('Password').fill('MeridianDemo!2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();

  await expect
    .poll(async () =>
      (await matomoHits(request)).find((hit) => hit.url?.endsWith('/help') && hit.action_name),
    )
    .toMatchObject({
      dimension1: 'MER',
      dimension2: 'Deferred',
      dimension3: 'DB',
      dimension4: 'MDB',
      dimension5: 'GEN',
      dimension6: 'UK',
      dimension7: 'MER01',
    });
  await expect
    .poll(
      async () =>
        (await mixpanelCalls(request, 'engage')).find(
          (call) => typeof call === 'object' && call !== null && '$set' in call,
        ),
      MIXPANEL_FLUSH,
    )
    .toMatchObject({
      $distinct_id: 'MER1000001',
      $set: {
        businessGroup: 'MER',
        schemeType: 'DB',
        normalRetirementAge: 65,
        hasLinkedRecords: 'no',
        income: '',
        dcRetirementJourney: false,
      },
    });
  await expectNoAccessibilityViolations(page);
});
