import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'MeridianDemo!2026';

/** Signs a demo member in with their password and waits for the hub. */
export async function signInToHub(page: Page, username: string, loginUrl = '/login') {
  await page.goto(loginUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pension' })).toBeVisible();
}

/**
 * The latest message the embedded outbox holds for an address or number once its body matches
 * `expected`, waiting for it: messages can leave a moment after the page says they were sent
 * (account recovery sends them unawaited so every answer takes the same time).
 */
export async function messageTo(request: APIRequestContext, recipient: string, expected: RegExp) {
  let body = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await answer.json()) as { messages: Array<{ body: string }> };
      body = messages[0]?.body ?? '';
      return expected.test(body);
    })
    .toBe(true);
  return body;
}

/** The 6-digit code in the latest message to an address or number, waiting for it. */
export async function codeSentTo(request: APIRequestContext, recipient: string) {
  const body = await messageTo(request, recipient, /\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}
