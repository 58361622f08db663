import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { demoStaff } from '../apps/server/src/seed/demo-staff';
import { expectNoAccessibilityViolations } from './support/axe';
import { deferredMemberAsksForQuote, xsrfToken } from './support/member';
import { consoleHeading, staffSignsInWithCode } from './support/staff-console';
import { shortIdleUrl } from './support/tenants';

/**
 * The console's dead-letter list for webhooks (issue 43) in Chromium, on the shared portal whose job
 * queue retries within a second (playwright.config.ts): a receiver that refuses every try has a delivery
 * that gives up, the administrator sees it with the receiver's answer and sends it again, and the
 * receiver, accepting now, gets it.
 */
test.use({ baseURL: shortIdleUrl('') });

const administrator = demoStaff.find((staff) => staff.role === 'administrator')!;

/** An administration system's receiver of case events: refuses (503) until told to accept. */
class Receiver {
  accepting = false;
  readonly received: string[] = [];
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (this.accepting) this.received.push(body);
      response.statusCode = this.accepting ? 204 : 503;
      response.end();
    });
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/case-events`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A change to the console's API from the signed-in page, as its forms send it. */
async function consolePost(page: Page, path: string, data: object) {
  const answer = await page.request.post(`/admin-api${path}`, {
    data,
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json() as Promise<{ id: string }>;
}

test('an administrator sees a webhook delivery that gave up, with the receiver’s answer, and sends it again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const receiver = new Receiver();
  const url = await receiver.start();
  try {
    await staffSignsInWithCode(page, administrator);
    const added = await consolePost(page, '/webhook-receivers', { url, events: ['case.opened'] });

    // A member opens a case: its case.opened event goes to the receiver, which refuses every try.
    const member = await browser.newContext({ baseURL: shortIdleUrl('') });
    const caseNumber = await deferredMemberAsksForQuote(await member.newPage());
    await member.close();

    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await expect(consoleHeading(page, 'Webhook deliveries')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: caseNumber });
    // Eight tries a moment apart on this portal, then the delivery is dead.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Failed, no more tries', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText('HTTP 503');
    await expect(row).toContainText(url);
    expect(receiver.received).toEqual([]);
    await expectNoAccessibilityViolations(page);

    receiver.accepting = true;
    await row.getByRole('button', { name: `Send again case.opened for case ${caseNumber}` }).click();
    await expect(page.getByRole('status')).toContainText(
      `case.opened for case ${caseNumber}: it will be sent again in a moment.`,
    );
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Delivered', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('HTTP 204');
    await expect(row.getByRole('button', { name: /Send again/ })).toHaveCount(0);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!)).toMatchObject({ event: 'case.opened', caseNumber });
    await expectNoAccessibilityViolations(page);

    // No more events to this receiver from the portal's later cases.
    await consolePost(page, `/webhook-receivers/${added.id}/disable`, {});
  } finally {
    await receiver.close();
  }
});
