import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffMember } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';
import { auditLogApi } from './AuditLogPage';

const auditor: StaffMember = {
  id: '1c7e2f3a-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Audrey Tor',
  email: 'auditor@meridian.example',
  role: 'auditor',
  tenantUrl: 'localhost',
};

const entry = (index: number) => ({
  id: `2d8f3a4b-5c6e-4f7a-9b0c-1d2e3f4a5b${String(index).padStart(2, '0')}`,
  at: '2026-03-03T09:00:00.000Z',
  staff: { name: 'Casey Worker', email: 'caseworker@meridian.example' },
  action: 'member_view',
  outcome: 'success' as const,
  businessGroup: 'MERIDIAN',
  referenceNumber: 'A1234567',
  caseNumber: null,
});

function consoleServer() {
  const fetch = stubFetch((url) => {
    if (url.endsWith('/admin-api/me')) return jsonResponse(200, auditor);
    if (url.includes('/admin-api/audit')) {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? '1');
      return jsonResponse(200, { entries: [entry(page)], page, more: page === 1 });
    }
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
  void consoleApi.signOut().catch(() => undefined);
  auditLogApi.forgetReads();
  return fetch;
}

const open = () => renderApp('/admin/audit', { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

beforeEach(() => quietConsole());

describe('The audit log in the console', () => {
  it('shows who did what to which member, filters by member and pages on', async () => {
    const fetch = consoleServer();
    open();
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Casey Worker/ });
    expect(row.textContent).toContain('member_view');
    expect(row.textContent).toContain('MERIDIAN A1234567');

    await userEvent.type(screen.getByLabelText('Member reference'), 'A1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Older entries' }));
    expect(await screen.findByRole('button', { name: 'Newer entries' })).toBeTruthy();
    const reads = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('/admin-api/audit'));
    expect(reads).toEqual([
      '/admin-api/audit',
      '/admin-api/audit?member=A1234567',
      '/admin-api/audit?member=A1234567&page=2',
    ]);
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const fetch = consoleServer();
    open();
    await screen.findByRole('row', { name: /Casey Worker/ });
    await userEvent.type(screen.getByLabelText('From'), '2026-03-05');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-04');
    await userEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(
      'The date to must be the same as or after the date from',
    );
    expect(fetch.mock.calls.filter(([url]) => url.includes('/admin-api/audit'))).toHaveLength(1);
  });
});
