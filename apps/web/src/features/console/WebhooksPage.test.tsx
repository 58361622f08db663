import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage, StaffMember, WebhookDeliveryList } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';
import { outboxApi } from './outbox-api';

const teamLeader: StaffMember = {
  id: '1c7e2f3a-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Terry Leader',
  email: 'teamleader@meridian.example',
  role: 'team_leader',
  tenantUrl: 'localhost',
};
const caseworker: StaffMember = { ...teamLeader, name: 'Casey Worker', role: 'caseworker' };

const dead: WebhookDeliveryList['deliveries'][number] = {
  id: '2d8f3a4b-5c6e-4f7a-9b0c-1d2e3f4a5b6c',
  event: 'case.opened',
  caseNumber: 'HOOK-1',
  tenantUrl: 'localhost',
  url: 'https://admin.example/hook',
  status: 'dead',
  attempts: 8,
  lastError: 'HTTP 500',
  responseStatus: 500,
  createdAt: '2026-11-29T06:00:00.000Z',
  nextAttemptAt: null,
};

const failed: OutboxMessage = {
  id: '3e9a4b5c-6d7f-4a8b-8c1d-2e3f4a5b6c7d',
  channel: 'email',
  recipient: 'db.active@example.org',
  subject: 'Your code',
  tenantUrl: 'localhost',
  status: 'failed',
  attempts: 1,
  lastError: 'connect ECONNREFUSED 127.0.0.1:9',
  createdAt: '2026-11-29T06:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-11-29T06:05:00.000Z',
};

/**
 * The console's outbox and webhook log as a fake, each list `total` long, 50 a page (a page answered
 * with its first row only); the query of each list read kept in `asked`.
 */
function consoleServer(staff: StaffMember, total = 1) {
  const deliveries = [dead];
  const asked: URL[] = [];
  const pageOf = (url: URL) => ({ page: Number(url.searchParams.get('page') ?? 1), limit: 50, total });
  const fetch = stubFetch((url, init) => {
    const address = new URL(url, 'http://localhost');
    if (url.endsWith('/admin-api/me')) return jsonResponse(200, staff);
    if (address.pathname === '/admin-api/webhook-deliveries') {
      asked.push(address);
      return jsonResponse(200, { deliveries, ...pageOf(address) });
    }
    if (address.pathname === '/admin-api/outbox') {
      asked.push(address);
      return jsonResponse(200, { messages: [failed], ...pageOf(address) });
    }
    if (url.endsWith(`/admin-api/webhook-deliveries/${dead.id}/resend`) && init.method === 'POST') {
      deliveries[0] = { ...dead, status: 'queued', attempts: 0, nextAttemptAt: '2026-11-29T12:00:00.000Z' };
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
  void consoleApi.signOut().catch(() => undefined);
  outboxApi.forgetReads();
  return Object.assign(fetch, { asked });
}

const open = (path = '/admin/webhooks') =>
  renderApp(path, { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

beforeEach(() => quietConsole());

describe('Webhook deliveries in the console', () => {
  it('lets a team leader send a dead delivery again', async () => {
    const fetch = consoleServer(teamLeader);
    open();
    const row = await screen.findByRole('row', { name: /Failed, no more tries/ });
    await userEvent.click(
      within(row).getByRole('button', { name: 'Send again case.opened for case HOOK-1' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'case.opened for case HOOK-1: it will be sent again in a moment.',
    );
    const resends = fetch.mock.calls.filter(([url]) => url.includes('/resend'));
    expect(resends.map(([url, init]) => [init.method, url])).toEqual([
      ['POST', `/admin-api/webhook-deliveries/${dead.id}/resend`],
    ]);
    expect(await screen.findByRole('row', { name: /Waiting to be sent/ })).toBeTruthy();
  });

  it('offers a caseworker no Send again', async () => {
    consoleServer(caseworker);
    open();
    const row = await screen.findByRole('row', { name: /Failed, no more tries/ });
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says how many deliveries there are and pages them, the page in the address', async () => {
    const { asked } = consoleServer(caseworker, 120);
    const { router } = open();
    expect(await screen.findByText('120 deliveries')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of webhook deliveries' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toBeTruthy();
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    const after = await screen.findByRole('navigation', { name: 'Pages of webhook deliveries' });
    expect(within(after).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(asked.at(-1)?.searchParams.get('page')).toBe('2');
  });
});

describe('the outbox in the console', () => {
  it('says how many messages match and pages them keeping the filters; a new filter starts at page 1', async () => {
    const { asked } = consoleServer(caseworker, 75);
    const { router } = open('/admin/outbox?status=failed');
    expect(await screen.findByText('75 messages')).toBeTruthy();
    expect(screen.getByRole('row', { name: /db\.active@example\.org/ })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of messages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?status=failed&page=2');
    const after = await screen.findByRole('navigation', { name: 'Pages of messages' });
    expect(within(after).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(after).queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({ status: 'failed', page: '2' });

    await userEvent.selectOptions(screen.getByLabelText('Sent by'), 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Show messages' }));
    expect(router.state.location.search).toBe('?status=failed&channel=email');
    await screen.findByRole('link', { name: 'Page 1', current: 'page' });
    expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({ status: 'failed', channel: 'email' });
  });
});
