import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';

const heading = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('heading', { level: 1, name });

test('a visitor asks for a callback from Contact us without signing in, with axe on each page', async ({
  page,
}) => {
  const main = page.getByRole('main');
  await page.goto('/contact-us');
  await main.getByRole('link', { name: 'Request a callback' }).click();
  await expect(heading(page, 'Request a callback')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Start now' }).click();

  await expect(main.getByRole('group', { name: 'What would you like to talk about?' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('A pension I have with you').check();
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 'Your phone number')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('Which number should we call?').fill('0113 496 0000');
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 'Your email address')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel('What is your email address?').fill('sam@example.org');
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 'Check your request')).toBeVisible();
  await expect(main).toContainText('0113 496 0000');
  await expect(main).toContainText('sam@example.org');
  await expectNoAccessibilityViolations(page);
  await main.getByRole('button', { name: 'Send my request' }).click();

  await expect(heading(page, 'Callback requested')).toBeVisible();
  await expect(main).toContainText(/CBK1-\d+/);
  await expect(main.getByRole('link', { name: 'Download your request (PDF)' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The visitor's token is an httpOnly cookie scoped to this journey: the page's script cannot read it.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'visitorJourney')).toMatchObject({
    httpOnly: true,
    path: '/api/visitor/journeys/requestacallback',
  });
  expect(await page.evaluate(() => document.cookie)).not.toContain('visitorJourney');
});

test('a visitor who wants to tell us about a death is told to call, and the request ends there', async ({
  page,
}) => {
  const main = page.getByRole('main');
  await page.goto('/request-a-callback');
  await main.getByRole('button', { name: 'Start now' }).click();
  await main.getByLabel('Telling you about a death').check();
  await main.getByRole('button', { name: 'Continue' }).click();

  // The terminal page: why, and what to do instead; nothing to continue, send or cancel.
  await expect(heading(page, 'Tell us about a death by phone')).toBeVisible();
  await expect(main).toContainText('Please call us on 0300 123 4567');
  await expect(main.getByRole('button')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Cancel your request' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The journey is closed with its reason: every page of it now shows why.
  const data = await (await page.request.get('/api/visitor/journeys/requestacallback/data')).json();
  expect(data).toMatchObject({ status: 'Ended', currentPageKey: 'cb_death' });
  await page.goto('/request-a-callback/phone');
  await expect(heading(page, 'Tell us about a death by phone')).toBeVisible();
  await expect(main.getByLabel('Which number should we call?')).toHaveCount(0);
});
