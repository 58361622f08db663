import type { StaffMember } from '@meridian/contracts';
import { jsonResponse, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';

/** Meridian's administrator as GET /admin-api/me answers for them; other roles spread it. */
export const administrator: StaffMember = {
  id: '0b6f4f7e-7c1d-4a55-9a1e-2f3d4c5b6a70',
  name: 'Addy Minter',
  email: 'administrator@meridian.example',
  role: 'administrator',
  tenantUrl: 'localhost',
};

/**
 * The staff API as a fake for a console page's test: `staff` signed in, the page's own routes answered
 * by `answer` (undefined for a route it does not know: 404). A write forgets the console client's shared
 * reads, so each test reads who is signed in afresh (a page with a client of its own forgets that too).
 */
export function stubStaffApi(
  staff: StaffMember,
  answer: (url: string, init: RequestInit) => Response | undefined,
) {
  const fetch = stubFetch((url, init) => {
    if (url.endsWith('/admin-api/me')) return jsonResponse(200, staff);
    return answer(url, init) ?? jsonResponse(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
  void consoleApi.signOut().catch(() => undefined);
  return fetch;
}

/** Renders the console at a path under /admin. */
export const openConsole = (path: string) =>
  renderApp(path, { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });
