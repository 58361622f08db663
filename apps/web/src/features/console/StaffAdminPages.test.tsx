import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffAccount, StaffMember, WebhookReceiver } from '@meridian/contracts';
import { jsonResponse, quietConsole } from '../../testing/render';
import { administrator, openConsole, stubStaffApi } from './console-testing';
import { staffAdminApi } from './staff-admin-api';

const teamLeader: StaffMember = { ...administrator, name: 'Terry Leader', role: 'team_leader' };

const casey: StaffAccount = {
  id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
  name: 'Casey Worker',
  email: 'caseworker@meridian.example',
  role: 'caseworker',
  tenantUrl: 'localhost',
  lastSignInAt: '2026-11-28T09:00:00.000Z',
  secondFactor: true,
  setupPending: false,
  disabledAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};

/** The staff API as a fake: who is signed in, the accounts and receivers, and their changes. */
function consoleServer(staff: StaffMember) {
  const accounts: StaffAccount[] = [
    casey,
    {
      ...casey,
      id: administrator.id,
      name: administrator.name,
      email: administrator.email,
      role: 'administrator',
    },
  ];
  const receivers: WebhookReceiver[] = [];
  const fetch = stubStaffApi(staff, (url, init) => {
    if (url.endsWith('/admin-api/staff-accounts') && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as StaffAccount;
      accounts.push({
        ...casey,
        ...body,
        id: '2c3d4e5f-6071-4829-9bac-1d2e3f4a5b6c',
        setupPending: true,
        secondFactor: false,
        lastSignInAt: null,
      });
      return jsonResponse(201, { id: accounts.at(-1)!.id, setupExpiresAt: '2026-12-02T09:00:00.000Z' });
    }
    if (url.endsWith('/admin-api/staff-accounts')) return jsonResponse(200, { accounts });
    const disabled = /staff-accounts\/([^/]+)\/disable$/.exec(url);
    if (disabled) {
      const index = accounts.findIndex((account) => account.id === disabled[1]);
      accounts[index] = { ...accounts[index]!, disabledAt: '2026-11-29T10:00:00.000Z' };
      return jsonResponse(200, { ok: true });
    }
    if (url.endsWith('/admin-api/webhook-receivers') && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as WebhookReceiver;
      receivers.push({
        id: '3d4e5f60-7182-4930-8bcd-2e3f4a5b6c7d',
        tenantUrl: 'localhost',
        url: body.url,
        events: body.events,
        active: true,
        createdAt: '2026-11-29T10:00:00.000Z',
        lastDelivery: null,
      });
      return jsonResponse(201, { id: receivers[0]!.id, secret: 'whsec_shownThisOnceOnly' });
    }
    if (url.endsWith('/admin-api/webhook-receivers')) return jsonResponse(200, { receivers });
    const rotated = /webhook-receivers\/([^/]+)\/rotate-secret$/.exec(url);
    if (rotated)
      return jsonResponse(200, {
        id: rotated[1],
        secret: 'whsec_theNewOne',
        previousSecretUntil: '2026-11-30T10:00:00.000Z',
      });
    const switched = /webhook-receivers\/([^/]+)\/(disable|enable)$/.exec(url);
    if (switched) {
      const index = receivers.findIndex((receiver) => receiver.id === switched[1]);
      receivers[index] = { ...receivers[index]!, active: switched[2] === 'enable' };
      return jsonResponse(200, { ok: true });
    }
    return undefined;
  });
  staffAdminApi.forgetReads();
  return fetch;
}

beforeEach(() => quietConsole());

describe('Staff accounts in the console', () => {
  it('refuses an empty form in the error summary before any request, adds a caseworker, and disables one after confirming, never offering the administrator’s own row', async () => {
    const fetch = consoleServer(administrator);
    openConsole('/admin/staff');
    const table = await screen.findByRole('table');
    const own = within(table).getByRole('row', { name: new RegExp(administrator.name) });
    expect(within(own).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add and send the set-up link' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter their full name');
    expect(summary.textContent).toContain('Choose a role');
    expect(
      fetch.mock.calls.some(([url, init]) => url.endsWith('/staff-accounts') && init.method === 'POST'),
    ).toBe(false);

    await userEvent.click(screen.getByRole('textbox', { name: 'Full name' }));
    await userEvent.paste('Nia Newcomer');
    await userEvent.click(screen.getByRole('textbox', { name: 'Email address' }));
    await userEvent.paste('nia@meridian.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'caseworker');
    await userEvent.click(screen.getByRole('button', { name: 'Add and send the set-up link' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'We have emailed nia@meridian.example a link',
    );
    const added = fetch.mock.calls.find(
      ([url, init]) => url.endsWith('/staff-accounts') && init.method === 'POST',
    )!;
    expect(JSON.parse(String(added[1].body))).toEqual({
      name: 'Nia Newcomer',
      email: 'nia@meridian.example',
      role: 'caseworker',
      tenantUrl: 'localhost',
    });
    expect((await screen.findByRole('row', { name: /Nia Newcomer/ })).textContent).toContain(
      'Waiting to set a password',
    );

    const row = screen.getByRole('row', { name: /Casey Worker/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Disable Casey Worker' }));
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/disable'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, disable Casey Worker' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Casey Worker is disabled: they are signed out and cannot sign in.',
    );
  });

  it('is not offered to a team leader, and reads nothing for them', async () => {
    const fetch = consoleServer(teamLeader);
    openConsole('/admin/staff');
    expect(await screen.findByText('Only administrators can manage staff accounts.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Staff accounts' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url.includes('/staff-accounts'))).toBe(false);
  });
});

describe('Webhook receivers in the console', () => {
  it('refuses a receiver without events, then adds one and shows its secret once', async () => {
    const fetch = consoleServer(administrator);
    openConsole('/admin/webhook-receivers');
    expect(await screen.findByText('No webhook receivers yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('textbox', { name: /Address/ }));
    await userEvent.paste('https://admin.example.org/hooks');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Add the receiver' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose at least one event');
    expect(
      fetch.mock.calls.some(([url, init]) => url.endsWith('/webhook-receivers') && init.method === 'POST'),
    ).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: /A case is opened/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the receiver' }));
    const secret = await screen.findByRole('region', {
      name: 'The signing secret for https://admin.example.org/hooks',
    });
    expect(secret.textContent).toContain('whsec_shownThisOnceOnly');
    const posted = fetch.mock.calls.find(
      ([url, init]) => url.endsWith('/webhook-receivers') && init.method === 'POST',
    )!;
    expect(JSON.parse(String(posted[1].body))).toEqual({
      url: 'https://admin.example.org/hooks',
      events: ['case.opened'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(/whsec_/)).toBeNull();
    expect((await screen.findByRole('row', { name: /admin\.example\.org/ })).textContent).toContain(
      'A case is opened',
    );
  });
  it('gives a receiver a new secret after confirming, and says until when the old one signs beside it', async () => {
    consoleServer(administrator);
    await staffAdminApi.addReceiver({ url: 'https://admin.example.org/hooks', events: ['case.opened'] });
    openConsole('/admin/webhook-receivers');
    const row = await screen.findByRole('row', { name: /admin\.example\.org/ });
    await userEvent.click(within(row).getByRole('button', { name: /New secret/ }));
    expect(screen.getByText(/with the old one as well for a grace period/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, issue a new secret' }));
    const secret = await screen.findByRole('region', {
      name: 'The signing secret for https://admin.example.org/hooks',
    });
    expect(secret.textContent).toContain('whsec_theNewOne');
    expect(secret.textContent).toMatch(
      /Until 30 Nov 2026 10:00 each delivery is signed with both the new and the old secret/,
    );
  });

  it('disables a receiver after confirming, then enables it again', async () => {
    consoleServer(administrator);
    await staffAdminApi.addReceiver({ url: 'https://admin.example.org/hooks', events: ['case.opened'] });
    openConsole('/admin/webhook-receivers');
    const row = await screen.findByRole('row', { name: /admin\.example\.org/ });
    expect(within(row).queryByRole('button', { name: /Enable/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /Disable/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, disable it' }));
    expect((await screen.findByRole('status')).textContent).toContain('is disabled');
    const disabled = (await screen.findByText('No, disabled')).closest('tr')!;
    expect(within(disabled).queryByRole('button', { name: /New secret/ })).toBeNull();

    await userEvent.click(
      within(disabled).getByRole('button', { name: 'Enable https://admin.example.org/hooks' }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('is enabled');
    const enabled = (await screen.findByRole('button', { name: /New secret/ })).closest('tr')!;
    expect(enabled.textContent).not.toContain('No, disabled');
  });
});
