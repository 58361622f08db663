import { expect, test as base, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { startCaptchaProvider, type CaptchaProvider } from './support/captcha-provider';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

/**
 * A report of a death on a portal configured with Turnstile (issue 40): the start page draws the
 * provider's widget from its script, and the start sends its token to the server, which checks it with
 * the provider's siteverify. The provider is a stand-in on 127.0.0.1 (support/captcha-provider.ts).
 */
const SITE_KEY = 'e2e-turnstile-site-key';
const SECRET = 'the e2e turnstile secret';

const test = base.extend<object, { provider: CaptchaProvider; turnstilePortal: OwnPortal }>({
  provider: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await startCaptchaProvider({ siteKey: SITE_KEY, secret: SECRET });
      await use(provider);
      await provider.close();
    },
    { scope: 'worker' },
  ],
  turnstilePortal: [
    async ({ provider }, use) => {
      const portal = await startOwnPortal('turnstile', {
        BEREAVEMENT_CAPTCHA_PROVIDER: 'turnstile',
        BEREAVEMENT_CAPTCHA_SECRET: SECRET,
        BEREAVEMENT_CAPTCHA_SITE_KEY: SITE_KEY,
        BEREAVEMENT_CAPTCHA_SCRIPT_URL: provider.scriptUrl,
        BEREAVEMENT_CAPTCHA_VERIFY_URL: provider.verifyUrl,
      });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ turnstilePortal }, use) => use(turnstilePortal.url('')),
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a relative passes Turnstile’s check and starts a report; a token the provider refuses starts nothing', async ({
  page,
  provider,
}) => {
  const main = page.getByRole('main');
  await page.goto('/bereavement/report');
  await expect(heading(page, 'Report a death online')).toBeVisible();
  const check = main.getByRole('group', { name: 'Check you are a person' });
  await expect(check).toContainText('run by Cloudflare (Turnstile)');
  const box = check.getByRole('checkbox', { name: 'Verify you are human' });
  await expect(box).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The provider refuses this token: the server starts nothing and the page draws a new widget.
  provider.refuseNext();
  await box.check();
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not check you are a person');
  expect(provider.verified.at(-1)).toMatchObject({ secret: SECRET });
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'visitorJourney')).toBe(false);
  await expect(box).not.toBeChecked();
  await expectNoAccessibilityViolations(page);

  await box.check();
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(main.getByRole('group', { name: 'About the person who died' })).toBeVisible();
  expect(provider.verified.at(-1)).toMatchObject({
    secret: SECRET,
    response: expect.stringMatching(new RegExp(`^${SITE_KEY}\\.`)),
  });
});

test('when the provider’s script does not load, the start page says so and gives the phone number', async ({
  page,
}) => {
  await page.route('**/turnstile/v0/api.js?**', (route) => route.abort());
  const main = page.getByRole('main');
  await page.goto('/bereavement/report');
  await expect(heading(page, 'Report a death online')).toBeVisible();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('We could not load the check that you are a person');
  const check = main.getByRole('group', { name: 'Check you are a person' });
  await expect(check).toContainText('You can also tell us about the death by phone');
  await expect(check).toContainText('0300 123 4567');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Start now' }).click();
  await expect(summary).toContainText('We could not load the check that you are a person');
  await expect(main.getByRole('group', { name: 'About the person who died' })).toHaveCount(0);
});
