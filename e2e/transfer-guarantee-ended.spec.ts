import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInToHub, xsrfToken } from './support/member';

// db.lapsed started applying to transfer 60 days ago on a value guaranteed from 4 months ago: the
// guarantee has ended with the application still open (apps/server/src/seed/demo-payroll.ts).
test('db.lapsed’s guarantee ended with the application open: the hub says so, /transfer offers a new statement, and the application cannot be sent on the old value', async ({
  page,
}) => {
  await signInToHub(page, 'db.lapsed');
  const card = page
    .locator('.task-card')
    .filter({ has: page.getByRole('heading', { name: 'Transfer your pension' }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Guarantee ended: ask for a new statement');
  await expect(card).toContainText('we cannot accept your application on it');
  await expect(card.getByRole('link', { name: 'Apply to transfer your pension' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await card.getByRole('link', { name: 'Ask for a new statement of entitlement' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Your transfer value' })).toBeVisible();
  const lapsed = main.getByRole('region', { name: 'The guarantee on your application has ended' });
  await expect(lapsed).toContainText(/guaranteed until \d\d? \w+ \d{4}/);
  await expect(main.getByRole('heading', { name: 'Ask for a statement of entitlement' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The open application cannot be sent on the old value: 409, saying what to do.
  const sent = await page.request.post('/mdp-api/api/journeys/transferapplication/submit', {
    data: {},
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(sent.status(), await sent.text()).toBe(409);
  const { errors } = (await sent.json()) as { errors: Array<{ code: string; message: string }> };
  expect(errors[0]!.code).toBe('guarantee_expired');
  expect(errors[0]!.message).toMatch(/new statement of entitlement/);
  // Nothing was sent: the hub still says the guarantee ended.
  await page.goto('/hub');
  await expect(card).toContainText('Guarantee ended: ask for a new statement');
});
