import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffMember, WebhookDeliveryList } from '@meridian/contracts';
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

function consoleServer(staff: StaffMember) {
  const deliveries = [dead];
  const fetch = stubFetch((url, init) => {
    if (url.endsWith('/admin-api/me')) return jsonResponse(200, staff);
    if (url.endsWith('/admin-api/webhook-deliveries')) return jsonResponse(200, { deliveries });
    if (url.endsWith(`/admin-api/webhook-deliveries/${dead.id}/resend`) && init.method === 'POST') {
      deliveries[0] = { ...dead, status: 'queued', attempts: 0, nextAttemptAt: '2026-11-29T12:00:00.000Z' };
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
  void consoleApi.signOut().catch(() => undefined);
  outboxApi.forgetReads();
  return fetch;
}

const open = () => renderApp('/admin/webhooks', { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

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
});
