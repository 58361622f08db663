import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecurringJobList, StaffMember } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';
import { recurringJobsApi } from './RecurringJobsPage';

const teamLeader: StaffMember = {
  id: '1c7e2f3a-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Terry Leader',
  email: 'teamleader@meridian.example',
  role: 'team_leader',
  tenantUrl: 'localhost',
};
const caseworker: StaffMember = { ...teamLeader, name: 'Casey Worker', role: 'caseworker' };

const deadRun = {
  id: '2d8f3a4b-5c6e-4f7a-9b0c-1d2e3f4a5b6c',
  status: 'dead' as const,
  attempts: 5,
  maxAttempts: 5,
  runAt: '2026-11-29T06:00:00.000Z',
  finishedAt: '2026-11-29T06:08:00.000Z',
  lastError: 'the document store is not answering',
};
const doneRun = {
  ...deadRun,
  id: '3e9a4b5c-6d7f-4a8b-8c1d-2e3f4a5b6c7d',
  status: 'sent' as const,
  attempts: 1,
  runAt: '2026-11-29T07:00:00.000Z',
  finishedAt: '2026-11-29T07:00:01.000Z',
  lastError: null,
};

/** The yearly statement run: next year's due, this year's done. */
const yearly = [
  {
    ...doneRun,
    id: '4fab5c6d-7e8a-4b9c-9d2e-3f4a5b6c7d8e',
    status: 'queued' as const,
    attempts: 0,
    runAt: '2027-04-06T02:00:00.000Z',
    finishedAt: null,
  },
  {
    ...doneRun,
    id: '5abc6d7e-8f9a-4cad-8e3f-4a5b6c7d8e9f',
    runAt: '2026-04-06T02:00:00.000Z',
    finishedAt: '2026-04-06T02:41:00.000Z',
  },
];

/** The letters' print, turned off with LETTER_PRINT_MINUTES=0: a run done and one dead from before. */
const printOff = {
  setting: 'LETTER_PRINT_MINUTES=0',
  instead: 'Letters wait in the outbox until npm run outbox:letters prints them.',
};
const printRuns = [
  { ...doneRun, id: '6bcd7e8f-9a0b-4cbe-9f4a-5b6c7d8e9fa0' },
  { ...deadRun, id: '7cde8f9a-0b1c-4dcf-8a5b-6c7d8e9fa0b1' },
];

/** The staff API as a fake: who is signed in, the recurring jobs, and Run again. */
function consoleServer(staff: StaffMember) {
  const runs: RecurringJobList['jobs'][number]['runs'] = [doneRun, deadRun];
  const fetch = stubFetch((url, init) => {
    if (url.endsWith('/admin-api/me')) return jsonResponse(200, staff);
    if (url.endsWith('/admin-api/recurring-jobs'))
      return jsonResponse(200, {
        jobs: [
          { kind: 'bereavement_purge', name: 'Purge unsent reports of a death', off: null, runs },
          {
            kind: 'session_sweep',
            name: 'Delete ended sessions and old sign-in events',
            off: null,
            runs: [],
          },
          {
            kind: 'letter_print',
            name: 'Print the letters waiting in the outbox',
            off: printOff,
            runs: printRuns,
          },
          { kind: 'annual-statements', name: 'Issue the year’s annual statements', off: null, runs: yearly },
        ],
      });
    const retried = /recurring-jobs\/([^/]+)\/retry$/.exec(url);
    if (retried && init.method === 'POST') {
      const index = runs.findIndex((run) => run.id === retried[1]);
      runs[index] = { ...runs[index]!, status: 'queued', attempts: 0 };
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
  void consoleApi.signOut().catch(() => undefined);
  recurringJobsApi.forgetReads();
  return fetch;
}

const open = () =>
  renderApp('/admin/recurring-jobs', { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

beforeEach(() => quietConsole());

describe('Recurring jobs in the console', () => {
  it('lists each job’s runs, the dead one with its error, and a team leader runs it again', async () => {
    const fetch = consoleServer(teamLeader);
    open();
    expect(await screen.findByRole('heading', { name: 'Recurring jobs', level: 1 })).toBeTruthy();
    const purge = await screen.findByRole('region', { name: 'Purge unsent reports of a death' });
    const dead = within(purge).getByRole('row', { name: /Failed, no more tries/ });
    expect(dead.textContent).toContain('the document store is not answering');
    expect(dead.textContent).toContain('5 of 5');
    expect(within(purge).getByRole('row', { name: /Done/ }).querySelector('button')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: /Delete ended sessions/ })).getByText('Not run yet.'),
    ).toBeTruthy();

    await userEvent.click(within(dead).getByRole('button', { name: /^Run again/ }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Purge unsent reports of a death: the run will be tried again in a moment.',
    );
    const retries = fetch.mock.calls.filter(([url]) => url.includes('/retry'));
    expect(retries.map(([url, init]) => [init.method, url])).toEqual([
      ['POST', `/admin-api/recurring-jobs/${deadRun.id}/retry`],
    ]);
    // Read again: the run is due, its tries from 0.
    const region = await screen.findByRole('region', { name: 'Purge unsent reports of a death' });
    expect((await within(region).findByRole('row', { name: /0 of 5/ })).textContent).toContain('Due');
  });

  it('shows the yearly statement run with the others: next year’s due, this year’s done', async () => {
    consoleServer(caseworker);
    open();
    const statements = await screen.findByRole('region', { name: 'Issue the year’s annual statements' });
    const [next, done] = within(statements).getAllByRole('row').slice(1);
    expect(next!.textContent).toContain('Due');
    expect(next!.textContent).toContain('2027');
    expect(next!.textContent).toContain('Not yet');
    expect(done!.textContent).toContain('Done');
    expect(done!.textContent).toContain('2026');
  });

  it('says a job turned off is off, with the setting, its runs from before and no Run again', async () => {
    consoleServer(teamLeader);
    open();
    const print = await screen.findByRole('region', { name: 'Print the letters waiting in the outbox' });
    expect(within(print).getByText('Off (LETTER_PRINT_MINUTES=0)')).toBeTruthy();
    expect(within(print).getByText(/no run is due/).textContent).toContain(
      'Letters wait in the outbox until npm run outbox:letters prints them.',
    );
    expect(within(print).getByRole('table').querySelector('caption')!.textContent).toContain(
      'runs from before it was turned off',
    );
    expect(within(print).getByRole('row', { name: /Failed, no more tries/ })).toBeTruthy();
    expect(within(print).queryByRole('button')).toBeNull();
    // The jobs that run say nothing of it, and a team leader may run their dead run again.
    const purge = screen.getByRole('region', { name: 'Purge unsent reports of a death' });
    expect(within(purge).queryByText(/^Off/)).toBeNull();
    expect(within(purge).getByRole('button', { name: /^Run again/ })).toBeTruthy();
  });

  it('offers a caseworker no Run again', async () => {
    consoleServer(caseworker);
    open();
    const purge = await screen.findByRole('region', { name: 'Purge unsent reports of a death' });
    expect(within(purge).getByRole('row', { name: /Failed, no more tries/ })).toBeTruthy();
    expect(within(purge).queryByRole('button')).toBeNull();
  });
});
