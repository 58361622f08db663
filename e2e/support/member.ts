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
 * The 6-digit code in the latest message the embedded outbox holds for an address or number, waiting
 * for it: the page can show "code sent" a moment before the message is in the outbox.
 */
export async function codeSentTo(request: APIRequestContext, recipient: string) {
  let body = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await answer.json()) as { messages: Array<{ body: string }> };
      body = messages[0]?.body ?? '';
      return /\b\d{6}\b/.test(body);
    })
    .toBe(true);
  return /\b(\d{6})\b/.exec(body)![1]!;
}
