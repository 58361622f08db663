import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContentOverview, StaffMember } from '@meridian/contracts';
import { jsonResponse, quietConsole } from '../../testing/render';
import { administrator, openConsole, stubStaffApi } from './console-testing';
import { contentApi } from './content-api';

const editor: StaffMember = { ...administrator, name: 'Connie Tent', role: 'content_editor' };
const caseworker: StaffMember = { ...administrator, name: 'Casey Worker', role: 'caseworker' };

const meridian: ContentOverview['tenants'][number] = {
  tenantUrl: 'localhost',
  name: 'Meridian',
  loaded: { version: 7, at: '2026-11-29T08:00:00.000Z' },
  problem: null,
  pages: [
    { key: 'help', title: 'Help and contact', slug: '/help', isPublic: true, journeyType: null },
    {
      key: 'ra_guidance',
      title: 'Before you apply',
      slug: '/retirement-application/guidance',
      isPublic: false,
      journeyType: 'dbcoreretirementapplication',
    },
  ],
  journeys: [{ type: 'dbcoreretirementapplication', title: 'Apply for your pension', pageCount: 1 }],
};

/** The staff API as a fake: the overview, and a load that answers `loadAnswer`. */
function consoleServer(staff: StaffMember, loadAnswer: () => Response) {
  let tenant = meridian;
  const fetch = stubStaffApi(staff, (url, init) => {
    if (url.endsWith('/admin-api/content')) return jsonResponse(200, { tenants: [tenant] });
    if (url.endsWith('/admin-api/content/localhost/load') && init.method === 'POST') {
      const answer = loadAnswer();
      if (answer.status === 200)
        tenant = { ...tenant, loaded: { version: 8, at: '2026-11-29T09:30:00.000Z' } };
      return answer;
    }
    return undefined;
  });
  contentApi.forgetReads();
  return fetch;
}

beforeEach(() => quietConsole());

describe('Content in the console', () => {
  it('shows a content editor when the content was loaded, its journeys and its pages linked on the member site, and loads it now', async () => {
    const fetch = consoleServer(editor, () =>
      jsonResponse(200, { tenantUrl: 'localhost', version: 8, changed: true, pages: 2 }),
    );
    openConsole('/admin/content');
    expect(await screen.findByRole('heading', { name: 'Content', level: 1 })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Meridian (localhost)' });
    expect(section.textContent).toContain('(version 7)');
    expect(section.textContent).toContain('Valid: they would load');
    const journeys = within(section).getByRole('table', { name: 'Meridian’s journeys' });
    expect(within(journeys).getByRole('row', { name: /Apply for your pension/ }).textContent).toContain(
      'dbcoreretirementapplication1',
    );
    const help = within(section).getByRole('link', { name: '/help on the member site' });
    expect(help.getAttribute('href')).toBe(
      `${window.location.protocol}//localhost${window.location.port ? `:${window.location.port}` : ''}/help`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load content from files now for Meridian' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Meridian’s content is loaded from the files: version 8, 2 pages.',
    );
    expect(
      fetch.mock.calls.filter(([url]) => url.endsWith('/load')).map(([url, init]) => [init.method, url]),
    ).toEqual([['POST', '/admin-api/content/localhost/load']]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Meridian (localhost)' }).textContent).toContain(
        '(version 8)',
      ),
    );
  });

  it('shows the files’ problem, and the server’s refusal of a load in the error summary', async () => {
    meridian.problem = 'content/tenants/meridian/pages/help.json: (root): Unrecognized key: "tittle"';
    try {
      consoleServer(editor, () =>
        jsonResponse(422, {
          errors: [
            {
              code: 'content_invalid',
              message:
                'Nothing was loaded; the content before keeps serving. content/tenants/meridian/pages/help.json: (root): Unrecognized key: "tittle"',
            },
          ],
        }),
      );
      openConsole('/admin/content');
      const section = await screen.findByRole('region', { name: 'Meridian (localhost)' });
      expect(section.textContent).toContain('Do not load: content/tenants/meridian/pages/help.json');
      await userEvent.click(screen.getByRole('button', { name: 'Load content from files now for Meridian' }));
      const summary = await screen.findByRole('alert');
      expect(summary.textContent).toContain('Nothing was loaded; the content before keeps serving.');
      expect(summary.textContent).toContain('Unrecognized key: "tittle"');
    } finally {
      meridian.problem = null;
    }
  });

  it('is closed to a caseworker: no link, nothing read', async () => {
    const fetch = consoleServer(caseworker, () => jsonResponse(500, {}));
    openConsole('/admin/content');
    expect(
      await screen.findByText('Only content editors and administrators can see the content.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Content' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/admin-api/content'))).toBe(false);
  });
});
