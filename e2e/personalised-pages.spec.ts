import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { bluewaterUrl } from './support/tenants';
import { signInToHub as signIn } from './support/member';

test('the same page reads differently for a DB member in the retirement window and a young DC member', async ({
  browser,
}) => {
  const dbPage = await (await browser.newContext()).newPage();
  await signIn(dbPage, 'db.deferred');
  await dbPage.goto('/my-pension');
  const dbMain = dbPage.getByRole('main');
  await expect(dbMain.getByRole('heading', { level: 1, name: 'My pension' })).toBeVisible();
  await expect(dbMain).toContainText('defined benefit pension');
  await expect(dbMain).toContainText('You can now apply to take your pension.');
  await expect(dbMain).not.toContainText('What you can do now');
  await expect(dbMain).not.toContainText('savings pot');
  await expect(dbMain).toContainText(
    /Hello Mrs Margaret Hughes\. Your normal retirement date is \d{2} \w{3} \d{4}\./,
  );
  await expect(dbMain).toContainText('Call us on 0300 123 4567');
  await expect(dbMain).not.toContainText('[[');
  await expect(dbPage.getByRole('link', { name: 'Retirement options' }).first()).toBeAttached();
  await dbPage.screenshot({ path: 'test-results/screenshots/my-pension-db-deferred.png', fullPage: true });
  await expectNoAccessibilityViolations(dbPage);

  const dcPage = await (await browser.newContext()).newPage();
  await signIn(dcPage, 'dc.far');
  await dcPage.goto('/my-pension');
  const dcMain = dcPage.getByRole('main');
  await expect(dcMain).toContainText('savings pot');
  await expect(dcMain).not.toContainText('defined benefit');
  await expect(dcMain).not.toContainText('You can now apply');
  // A savings pot is planned for a target retirement date, never a "normal" one.
  await expect(dcMain).toContainText(/Your target retirement date is \d{2} \w{3} \d{4}\./);
  await expect(dcMain).toContainText(
    /You reach your target retirement age of \d+ on \d{2} \w{3} \d{4}, in \d+ years/,
  );
  await expect(dcMain).not.toContainText(/normal retirement/i);
  await expect(dcMain).toContainText(
    /If you retire on \d{2} \w{3} \d{4}, your pot could be worth £[\d,.]+\. That is £[\d,.]+ in today’s money/,
  );
  // Far from retirement, what helps now, starting with what the pot could buy.
  await expect(dcMain.getByRole('heading', { level: 2, name: 'What you can do now' })).toBeVisible();
  await expect(dcMain.getByRole('link', { name: 'See what your pot could buy' })).toHaveAttribute(
    'href',
    '/retirement/dc-options',
  );
  // A DC member's menu leads to the pot's options, never to the defined benefit application.
  await expect(dcPage.getByRole('link', { name: 'Retirement options' })).toHaveAttribute(
    'href',
    '/retirement/dc-options',
  );
  await dcPage.screenshot({ path: 'test-results/screenshots/my-pension-dc-far.png', fullPage: true });
});

test('a signed-in page is not shown to visitors, and each tenant brands its pages', async ({ page }) => {
  await page.goto('/my-pension');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto(bluewaterUrl('/help'));
  await expect(page.getByRole('main')).toContainText('0300 765 4321');
  await expect(page.getByRole('banner')).toContainText('Bluewater');
  await page.screenshot({ path: 'test-results/screenshots/help-bluewater.png', fullPage: true });
  await page.goto('/help');
  await expect(page.getByRole('main')).toContainText('0300 123 4567');
  await page.screenshot({ path: 'test-results/screenshots/help-meridian.png', fullPage: true });
});

test('each tenant’s tab icon comes from its content images, named once', async ({ page }) => {
  await page.goto(bluewaterUrl('/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // One icon, named in the page itself: the browser asks for it once and never for another address.
  await expect(page.locator('link[rel~="icon"]')).toHaveCount(1);
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', '/favicon.ico');
  // Fetched by the browser: Node does not resolve *.localhost names the way Chromium does.
  const [icon, image] = await page.evaluate(async () => {
    const bytes = async (url: string) => {
      const response = await fetch(url);
      return `${response.headers.get('content-type')}:${new Uint8Array(await response.arrayBuffer()).join(',')}`;
    };
    return Promise.all([
      bytes('/favicon.ico'),
      bytes(
        '/content-api/api/v2/content/image-resouce?cmsRelativeUrl=images%2Ffavicon.png&tenantUrl=bluewater.localhost',
      ),
    ]);
  });
  expect(icon).toMatch(/^image\/png:/);
  expect(icon).toBe(image);
});
