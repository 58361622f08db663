import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffMember, StaffRole } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';

const staffOf = (role: StaffRole): StaffMember => ({
  id: '1c7e2f3a-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Sam Staff',
  email: 'staff@meridian.example',
  role,
  tenantUrl: 'localhost',
});

const signedIn = (role: StaffRole) => {
  stubFetch((url) =>
    url.endsWith('/admin-api/me')
      ? jsonResponse(200, staffOf(role))
      : jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] }),
  );
  void consoleApi.signOut().catch(() => undefined);
};

const open = (path: string) => renderApp(path, { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

/** The menu's links, on a page that reads nothing more (the console's not-found page). */
async function menuOf(role: StaffRole) {
  signedIn(role);
  open('/admin/no-such-page');
  const nav = await screen.findByRole('navigation', { name: 'Console' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const reading = [
  'Case queue',
  'Find a member',
  'Identity checks',
  'Outbox',
  'Webhook deliveries',
  'Recurring jobs',
  'Bank changes',
  'Reports of a death',
  'Dashboard',
];

beforeEach(() => quietConsole());

describe('The console menu, as each role sees it', () => {
  it('offers a caseworker the case pages and their passkeys', async () => {
    expect(await menuOf('caseworker')).toEqual([...reading, 'Your passkeys']);
  });

  it('offers a team leader the case pages, the audit log and their passkeys', async () => {
    expect(await menuOf('team_leader')).toEqual([...reading, 'Audit log', 'Your passkeys']);
  });

  it('offers an auditor the case pages to read, the audit log and their passkeys', async () => {
    expect(await menuOf('auditor')).toEqual([...reading, 'Audit log', 'Your passkeys']);
  });

  it('offers an administrator the configuration pages as well', async () => {
    expect(await menuOf('administrator')).toEqual([
      ...reading,
      'Audit log',
      'Content',
      'Integration clients',
      'Case deadlines',
      'Staff accounts',
      'Webhook receivers',
      'Your passkeys',
    ]);
  });

  it('offers a content editor the content and their passkeys', async () => {
    expect(await menuOf('content_editor')).toEqual(['Content', 'Your passkeys']);
  });

  it('lands a content editor, who works no cases, on a page saying what the console offers them', async () => {
    signedIn('content_editor');
    open('/admin');
    expect(await screen.findByRole('heading', { name: 'What you can do here', level: 1 })).toBeTruthy();
    expect(screen.getByText(/As a content editor you do not work cases/)).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Your passkeys' }).getAttribute('href')).toBe(
      '/admin/passkeys',
    );
    expect(within(main).getByRole('link', { name: 'Content' }).getAttribute('href')).toBe('/admin/content');
    expect(within(main).queryByRole('link', { name: 'Case queue' })).toBeNull();
  });
});
