import { expect, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe';

const busyAnswer = { errors: [{ code: 'service_busy', message: 'The service is busy.' }] };

/**
 * Makes the API reads whose path `matches` answer 503 service_busy, whether sent alone or inside a
 * batch with other reads (which answer as they would), until `over` is called.
 */
export async function answerBusy(page: Page, matches: (path: string) => boolean) {
  let busy = true;
  await page.route(
    (url) => matches(url.pathname),
    (route) => (busy ? route.fulfill({ status: 503, json: busyAnswer }) : route.continue()),
  );
  await page.route('**/mdp-api/api/batch', async (route) => {
    const response = await route.fetch();
    const reads = (route.request().postDataJSON() as { requests: { path: string }[] }).requests;
    const { responses } = (await response.json()) as { responses: { status: number; body: unknown }[] };
    const answers = responses.map((answer, index) =>
      busy && matches(reads[index]!.path.split('?')[0]!) ? { status: 503, body: busyAnswer } : answer,
    );
    await route.fulfill({ response, json: { responses: answers } });
  });
  return {
    over: () => {
      busy = false;
    },
  };
}

/**
 * The page says it cannot show `what` and that the service is busy, with no accessibility violation;
 * then, with the service back, the member presses Try again.
 */
export async function expectBusyThenTryAgain(page: Page, what: string, busy: { over: () => void }) {
  const main = page.getByRole('main');
  await expect(main).toContainText(`Sorry, we cannot ${what} right now.`);
  await expect(main).toContainText('The service is busy. Wait a few seconds and try again.');
  await expectNoAccessibilityViolations(page);
  busy.over();
  await main.getByRole('button', { name: 'Try again' }).click();
}
