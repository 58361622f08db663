import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseDeadlines, StaffMember, TenantCaseDeadlines } from '@meridian/contracts';
import { jsonResponse, quietConsole } from '../../testing/render';
import { administrator, openConsole, stubStaffApi } from './console-testing';

const teamLeader: StaffMember = { ...administrator, name: 'Terry Leader', role: 'team_leader' };

const defaults: CaseDeadlines = {
  rules: [
    {
      caseTypes: ['RTQ9', 'DCQ', 'TVS'],
      months: 2,
      from: 'opened',
      describe: 'Quote: 2 months from the request',
    },
    {
      caseTypes: ['TOP9'],
      months: 6,
      from: 'guaranteeDate',
      describe: 'Transfer payment: 6 months from the guarantee date',
    },
    {
      caseTypes: ['BRV1', 'BBR1'],
      workingDays: 5,
      from: 'opened',
      describe: 'Death: acknowledged in 5 working days',
    },
  ],
  otherwise: { days: 30, describe: 'Scheme standard: 30 days' },
};

/** The staff API as a fake: who is signed in, the tenant's deadlines, and a change to them. */
function consoleServer(staff: StaffMember) {
  let meridian: TenantCaseDeadlines = {
    tenantUrl: 'localhost',
    tenantName: 'Meridian Pensions',
    source: 'default',
    deadlines: defaults,
    changedAt: null,
    changedBy: null,
    otherCaseTypes: ['CBK1', 'RTP9'],
  };
  return stubStaffApi(staff, (url, init) => {
    if (url.endsWith('/admin-api/case-deadlines')) return jsonResponse(200, { tenants: [meridian] });
    if (url.endsWith('/admin-api/case-deadlines/localhost') && init.method === 'PUT') {
      meridian = {
        ...meridian,
        source: 'console',
        deadlines: JSON.parse(String(init.body)) as CaseDeadlines,
        changedAt: '2026-11-29T10:30:00.000Z',
        changedBy: staff.name,
      };
      return jsonResponse(200, meridian);
    }
    return undefined;
  });
}

const open = () => openConsole('/admin/case-deadlines');

beforeEach(() => quietConsole());

describe('Case deadlines in the console', () => {
  it('shows an administrator each case type’s deadline and changes one, checked by the schema first', async () => {
    const fetch = consoleServer(administrator);
    open();
    expect(await screen.findByRole('heading', { name: 'Case deadlines', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Case deadlines' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /RTQ9, DCQ, TVS/ }).textContent).toContain('2 months');
    expect(within(table).getByRole('row', { name: /TOP9/ }).textContent).toContain('The guarantee date');
    expect(within(table).getByRole('row', { name: /BRV1, BBR1/ }).textContent).toContain('5 working days');
    expect(within(table).getByRole('row', { name: /Every other case \(CBK1, RTP9\)/ }).textContent).toContain(
      '30 days',
    );
    expect(screen.getByText('The portal’s defaults: not changed here yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Change the deadlines of Meridian Pensions' }));
    const quote = screen.getByRole('group', { name: 'RTQ9, DCQ, TVS' });
    const number = within(quote).getByRole('textbox', { name: 'Number' });
    await userEvent.clear(number);
    await userEvent.type(number, '0');
    const other = screen.getByRole('group', { name: 'Every other case' });
    await userEvent.clear(within(other).getByRole('textbox', { name: 'What staff read in the queue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the deadlines' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'RTQ9, DCQ, TVS: must be at least 1' })).toBeTruthy();
    expect(
      within(summary).getByRole('link', { name: 'Every other case: needs a description staff will read' }),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    await userEvent.clear(number);
    await userEvent.type(number, '10');
    await userEvent.selectOptions(within(quote).getByRole('combobox', { name: 'Of' }), 'days');
    await userEvent.clear(within(quote).getByRole('textbox', { name: 'What staff read in the queue' }));
    await userEvent.type(
      within(quote).getByRole('textbox', { name: 'What staff read in the queue' }),
      'Quote: 10 days from the request',
    );
    await userEvent.type(
      within(other).getByRole('textbox', { name: 'What staff read in the queue' }),
      'Scheme standard: 30 days',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save the deadlines' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The deadlines of Meridian Pensions are changed: the case queue uses them now.',
    );
    const puts = fetch.mock.calls.filter(([, init]) => init.method === 'PUT');
    expect(puts.map(([url]) => url)).toEqual(['/admin-api/case-deadlines/localhost']);
    expect(JSON.parse(String(puts[0]![1].body))).toEqual({
      ...defaults,
      rules: [
        {
          caseTypes: ['RTQ9', 'DCQ', 'TVS'],
          days: 10,
          from: 'opened',
          describe: 'Quote: 10 days from the request',
        },
        ...defaults.rules.slice(1),
      ],
    });
    expect(await screen.findByText(/Set here by Addy Minter on/)).toBeTruthy();
    const after = within(screen.getByRole('table')).getByRole('row', { name: /RTQ9, DCQ, TVS/ });
    expect(after.textContent).toContain('10 days');
  });

  it('is hidden from other roles: no link, no read', async () => {
    const fetch = consoleServer(teamLeader);
    open();
    expect(
      await screen.findByText('Only administrators can see and change the case deadlines.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Case deadlines' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/case-deadlines'))).toBe(false);
  });
});
