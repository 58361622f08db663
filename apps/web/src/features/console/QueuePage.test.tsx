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
    if (!url.includes('/admin-api/cases')) return undefined;
    const query = new URL(url, 'http://localhost').searchParams;
    asked.push(query);
    return jsonResponse(200, { cases: query.get('status') === 'Waiting for you' ? [waiting] : [] });
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
