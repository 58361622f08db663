import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IntegrationClientList, StaffMember } from '@meridian/contracts';
import { jsonResponse, quietConsole } from '../../testing/render';
import { administrator, openConsole, stubStaffApi } from './console-testing';
import { integrationClientsApi } from './integration-clients-api';

const caseworker: StaffMember = { ...administrator, name: 'Casey Worker', role: 'caseworker' };

const pensionsAdmin = {
  id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Pensions admin system',
  tenantUrl: 'localhost',
  scopes: ['cases:read', 'cases:write'],
  createdAt: '2026-11-01T09:00:00.000Z',
  lastTokenAt: '2026-11-28T14:30:00.000Z',
  disabledAt: null,
  secretRotatedAt: null,
  previousSecretUntil: null,
};
const oldPayroll = {
  ...pensionsAdmin,
  id: '7b2a1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c',
  name: 'Old payroll',
  scopes: ['members:write'],
  lastTokenAt: null,
  disabledAt: '2026-11-20T10:00:00.000Z',
};

/** The staff API as a fake: who is signed in, the clients, and Disable. */
function consoleServer(staff: StaffMember) {
  const clients: IntegrationClientList['clients'] = [pensionsAdmin, oldPayroll];
  const fetch = stubStaffApi(staff, (url, init) => {
    if (url.endsWith('/admin-api/integration-clients') && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; scopes: string[] };
      clients.unshift({
        ...pensionsAdmin,
        id: '8c3b2e4a-5d6f-4a7b-8c9d-2e3f4a5b6c7d',
        name: body.name,
        scopes: body.scopes,
        lastTokenAt: null,
      });
      return jsonResponse(201, {
        clientId: '8c3b2e4a-5d6f-4a7b-8c9d-2e3f4a5b6c7d',
        tenantUrl: 'localhost',
        secret: 'mis_theFirstSecretShownOnce',
      });
    }
    if (url.endsWith('/admin-api/integration-clients')) return jsonResponse(200, { clients });
    const disabled = /integration-clients\/([^/]+)\/disable$/.exec(url);
    if (disabled && init.method === 'POST') {
      const index = clients.findIndex((client) => client.id === disabled[1]);
      clients[index] = { ...clients[index]!, disabledAt: '2026-11-29T04:40:00.000Z' };
      return jsonResponse(200, { ok: true });
    }
    const rotated = /integration-clients\/([^/]+)\/rotate-secret$/.exec(url);
    if (rotated && init.method === 'POST') {
      const index = clients.findIndex((client) => client.id === rotated[1]);
      clients[index] = {
        ...clients[index]!,
        secretRotatedAt: '2026-11-29T07:00:00.000Z',
        previousSecretUntil: '2026-11-29T13:00:00.000Z',
      };
      return jsonResponse(200, {
        clientId: rotated[1],
        secret: 'mis_theNewSecretShownOnce',
        previousSecretUntil: '2026-11-29T13:00:00.000Z',
      });
    }
    return undefined;
  });
  integrationClientsApi.forgetReads();
  return fetch;
}

const open = () => openConsole('/admin/integration-clients');

beforeEach(() => quietConsole());

describe('Integration clients in the console', () => {
  it('lists the clients to an administrator, who disables one after confirming', async () => {
    const fetch = consoleServer(administrator);
    open();
    expect(await screen.findByRole('heading', { name: 'Integration clients', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Integration clients' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const active = within(table).getByRole('row', { name: /Pensions admin system/ });
    expect(active.textContent).toContain('cases:read, cases:write');
    expect(active.textContent).toContain('Yes');
    const disabled = within(table).getByRole('row', { name: /Old payroll/ });
    expect(disabled.textContent).toContain('Never');
    expect(disabled.textContent).toContain('No, disabled');
    expect(within(disabled).queryByRole('button')).toBeNull();

    await userEvent.click(within(active).getByRole('button', { name: 'Disable Pensions admin system' }));
    // Nothing is disabled until it is confirmed; No keeps it.
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/disable'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('heading', { name: /Disable Pensions admin system/ })).toBeNull();

    await userEvent.click(within(active).getByRole('button', { name: 'Disable Pensions admin system' }));
    expect(screen.getByRole('heading', { name: 'Disable Pensions admin system?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, disable Pensions admin system' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Pensions admin system is disabled: its tokens no longer work.',
    );
    const disables = fetch.mock.calls.filter(([url]) => url.endsWith('/disable'));
    expect(disables.map(([url, init]) => [init.method, url])).toEqual([
      ['POST', `/admin-api/integration-clients/${pensionsAdmin.id}/disable`],
    ]);
    // The list is read again after the change.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table')).getByRole('row', { name: /Pensions admin system/ }).textContent,
      ).toContain('No, disabled'),
    );
  });

  it('issues a client a new secret, shown once, with the hours the old one keeps working', async () => {
    const fetch = consoleServer(administrator);
    open();
    const table = await screen.findByRole('table');
    const active = within(table).getByRole('row', { name: /Pensions admin system/ });
    expect(active.textContent).toContain('The first');
    expect(within(table).getByRole('row', { name: /Old payroll/ }).textContent).not.toContain('New secret');

    await userEvent.click(
      within(active).getByRole('button', { name: 'New secret for Pensions admin system' }),
    );
    expect(
      screen.getByRole('heading', { name: 'Issue a new secret for Pensions admin system?' }),
    ).toBeTruthy();
    // No is no change.
    await userEvent.click(screen.getByRole('button', { name: 'No, keep the secret' }));
    expect(screen.queryByRole('heading', { name: /Issue a new secret/ })).toBeNull();

    await userEvent.click(
      within(active).getByRole('button', { name: 'New secret for Pensions admin system' }),
    );
    const hours = screen.getByRole('textbox', { name: /Hours the old secret keeps working/ });
    await userEvent.type(hours, 'a day');
    await userEvent.click(
      screen.getByRole('button', { name: 'Issue a new secret for Pensions admin system' }),
    );
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter the hours as a whole number from 0 to 168');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/rotate-secret'))).toBe(false);

    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(
      screen.getByRole('button', { name: 'Issue a new secret for Pensions admin system' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'The new secret for Pensions admin system' }),
    ).toBeTruthy();
    expect(screen.getByText('mis_theNewSecretShownOnce')).toBeTruthy();
    expect(screen.getByText(/The old secret still works until/)).toBeTruthy();
    const rotations = fetch.mock.calls.filter(([url]) => url.endsWith('/rotate-secret'));
    expect(rotations.map(([url, init]) => [init.method, url, init.body])).toEqual([
      ['POST', `/admin-api/integration-clients/${pensionsAdmin.id}/rotate-secret`, '{"graceHours":6}'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('mis_theNewSecretShownOnce')).toBeNull();
    const after = within(await screen.findByRole('table')).getByRole('row', {
      name: /Pensions admin system/,
    });
    expect(after.textContent).toContain('Old one works until');
  });

  it('refuses a client without a name or scopes before any request, then adds one and shows its secret once', async () => {
    const fetch = consoleServer(administrator);
    open();
    await screen.findByRole('table');
    // An administrator of one scheme adds clients of that scheme: no scheme to fill in.
    expect(screen.queryByRole('textbox', { name: /Scheme/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add the client' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter the system’s name');
    expect(summary.textContent).toContain('Choose at least one thing it may do');
    const adds = () =>
      fetch.mock.calls.filter(
        ([url, init]) => url.endsWith('/admin-api/integration-clients') && init.method === 'POST',
      );
    expect(adds()).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Case system');
    await userEvent.click(screen.getByRole('checkbox', { name: /Read cases and their documents/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Download the documents/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the client' }));
    const secret = await screen.findByRole('region', { name: 'The client id and secret for Case system' });
    expect(secret.textContent).toContain('mis_theFirstSecretShownOnce');
    expect(secret.textContent).toContain('8c3b2e4a-5d6f-4a7b-8c9d-2e3f4a5b6c7d');
    expect(adds().map(([, init]) => init.body)).toEqual([
      '{"name":"Case system","scopes":["cases:read","documents:read"]}',
    ]);
    expect((await screen.findByRole('row', { name: /Case system/ })).textContent).toContain(
      'cases:read, documents:read',
    );
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('mis_theFirstSecretShownOnce')).toBeNull();
  });

  it('is hidden from other roles: no link, no list read', async () => {
    const fetch = consoleServer(caseworker);
    open();
    expect(await screen.findByText('Only administrators can see the integration clients.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Integration clients' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/integration-clients'))).toBe(false);
  });
});
