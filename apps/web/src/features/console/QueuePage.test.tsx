import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueuedCase } from '@meridian/contracts';
import { jsonResponse, quietConsole } from '../../testing/render';
import { administrator, openConsole, stubStaffApi } from './console-testing';

const waiting: QueuedCase = {
  caseNumber: 'RTP9-000123',
  caseType: 'RTP9',
  title: 'Apply for your pension',
  status: 'Waiting for you',
  businessGroup: 'MER',
  referenceNumber: '1000010',
  memberName: 'Dee Retiring',
  openedAt: '2026-11-01T10:00:00.000Z',
  ageDays: 28,
  deadline: '2026-12-01',
  deadlineRule: 'Scheme standard: 30 days',
  overdue: false,
  closed: false,
  assignee: null,
};

/** The queue's reads, each case-list query it was asked kept in `asked`. */
function queueServer() {
  const asked: URLSearchParams[] = [];
  stubStaffApi(administrator, (url) => {
    if (url.includes('/admin-api/staff')) return jsonResponse(200, { staff: [] });
    if (url.includes('/admin-api/cases/filters'))
      return jsonResponse(200, {
        caseTypes: [
          { caseType: 'BRV1', name: 'Report a death' },
          { caseType: 'RTP9', name: 'Apply for your pension' },
        ],
        tenants: [{ tenantUrl: 'localhost', name: 'Meridian' }],
      });
    if (!url.includes('/admin-api/cases')) return undefined;
    const query = new URL(url, 'http://localhost').searchParams;
    asked.push(query);
    const page = Number(query.get('page') ?? 1);
    // 120 cases waiting, 50 a page; none otherwise.
    const total = query.get('status') === 'Waiting for you' ? 120 : 0;
    return jsonResponse(200, { cases: total ? [waiting] : [], total, page, limit: 50 });
  });
  return asked;
}

beforeEach(() => quietConsole());

describe('the case queue’s status filter', () => {
  it('offers the open, closed and all groups and each status, and keeps the choice in the address', async () => {
    const asked = queueServer();
    const { router } = openConsole('/admin');
    const status = await screen.findByLabelText('Status');
    const groups = within(status).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Groups', 'One status']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Open', 'Completed or rejected', 'All']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Received',
      'In progress',
      'Waiting for the member',
      'Waiting for someone else (a third party)',
      'Completed',
      'Rejected',
    ]);
    expect((status as HTMLSelectElement).value).toBe('open');

    await userEvent.selectOptions(status, 'Waiting for the member');
    await userEvent.click(screen.getByRole('button', { name: 'Show cases' }));
    expect(await screen.findByRole('link', { name: waiting.caseNumber })).toBeTruthy();
    expect(router.state.location.search).toBe('?status=Waiting+for+you');
    expect(asked.at(-1)?.get('status')).toBe('Waiting for you');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Waiting for you');
  });
});

describe('the case queue’s filters and pages', () => {
  it('offers the case types and scheme sites the server gives, and pages keep the filters', async () => {
    const asked = queueServer();
    const { router } = openConsole('/admin?status=Waiting+for+you');
    expect(await screen.findByText('120 cases')).toBeTruthy();
    const type = screen.getByLabelText('Case type') as HTMLSelectElement;
    await within(type).findByRole('option', { name: 'Report a death (BRV1)' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any type', 'Report a death (BRV1)', 'Apply for your pension (RTP9)']);
    const tenant = screen.getByLabelText('Scheme site') as HTMLSelectElement;
    expect(
      within(tenant)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any site', 'Meridian']);
    await userEvent.selectOptions(type, 'RTP9');
    await userEvent.click(screen.getByRole('button', { name: 'Show cases' }));
    expect(asked.at(-1)?.get('type')).toBe('RTP9');

    const pages = await screen.findByRole('navigation', { name: 'Pages of cases' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?type=RTP9&status=Waiting+for+you&page=2');
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('type')).toBe('RTP9');
    const after = await screen.findByRole('navigation', { name: 'Pages of cases' });
    expect(within(after).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(after).getByRole('link', { name: 'Page 3' })).toBeTruthy();
    expect(within(after).getByRole('link', { name: 'Previous page' })).toBeTruthy();
  });
});

describe('the identity checks and bank changes pages', () => {
  it('say how many wait and page them, the page in the address', async () => {
    const asked: URL[] = [];
    // 75 of each waiting, 50 a page; each page answered with one row.
    const pageOf = (address: URL) => ({
      page: Number(address.searchParams.get('page') ?? 1),
      limit: 50,
      total: 75,
    });
    stubStaffApi(administrator, (url) => {
      const address = new URL(url, 'http://localhost');
      asked.push(address);
      if (address.pathname === '/admin-api/identity-checks')
        return jsonResponse(200, {
          checks: [
            {
              businessGroup: 'MER',
              referenceNumber: '1000010',
              memberName: 'Dee Retiring',
              sentAt: '2026-11-01T10:00:00.000Z',
              documentId: null,
              documentName: null,
            },
          ],
          ...pageOf(address),
        });
      if (address.pathname === '/admin-api/bank-changes')
        return jsonResponse(200, {
          changes: [
            {
              id: '5d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
              businessGroup: 'MER',
              referenceNumber: '1000011',
              memberName: 'Pat Evans',
              accountEnding: '9911',
              accountName: 'P Evans',
              requestedAt: '2026-11-20T10:00:00.000Z',
              appliesAt: '2026-12-04T10:00:00.000Z',
            },
          ],
          ...pageOf(address),
        });
      return undefined;
    });
    for (const { path, count, what, api } of [
      {
        path: '/admin/identity-checks',
        count: '75 photo IDs waiting, the oldest first',
        what: 'photo IDs',
        api: '/admin-api/identity-checks',
      },
      {
        path: '/admin/bank-changes',
        count: '75 bank changes waiting, the soonest to apply first',
        what: 'bank changes',
        api: '/admin-api/bank-changes',
      },
    ]) {
      const { router, unmount } = openConsole(path);
      expect(await screen.findByText(count)).toBeTruthy();
      const pages = screen.getByRole('navigation', { name: `Pages of ${what}` });
      await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
      expect(router.state.location.search).toBe('?page=2');
      const after = await screen.findByRole('navigation', { name: `Pages of ${what}` });
      expect(within(after).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      expect(within(after).queryByRole('link', { name: 'Next page' })).toBeNull();
      const read = asked.filter((address) => address.pathname === api);
      expect(read.map((address) => address.searchParams.get('page'))).toEqual([null, '2']);
      unmount();
    }
  });
});
