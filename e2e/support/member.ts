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

/** The XSRF token a signed-in page sends with a change to the member's API. */
export async function xsrfToken(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
}

/**
 * The deferred demo member signs in and asks for a transfer statement through the member's API: a quote
 * case with the scheme, in their My requests. Its case number.
 */
export async function deferredMemberAsksForQuote(page: Page): Promise<string> {
  await signInToHub(page, 'db.deferred');
  const answer = await page.request.post('/mdp-api/api/transfer-value/statement', {
    data: {},
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { caseNumber: string }).caseNumber;
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
