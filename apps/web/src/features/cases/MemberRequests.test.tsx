import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberCase } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { MemberRequests } from './MemberRequests';

beforeEach(quietConsole);

const request = (caseNumber: string, status: string, closed: boolean): MemberCase => ({
  caseNumber,
  caseType: 'RTP9',
  title: 'Apply for your pension',
  status,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  documents: [
    { name: 'Application form', status: 'received' },
    { name: 'Proof of identity', status: 'outstanding' },
  ],
  journeyType: 'dbcoreretirementapplication',
  memberNote: null,
  closed,
});

describe('My requests', () => {
  it('offers to send a document an open request needs, and nothing for a closed one', async () => {
    stubFetch((url) => {
      if (url.endsWith('/cases'))
        return jsonResponse(200, {
          cases: [request('RTP9-000043', 'Waiting for you', false), request('RTP9-000042', 'Rejected', true)],
        });
      if (url.endsWith('/journeys') || url.endsWith('/journeys/cancelled'))
        return jsonResponse(200, { journeys: [] });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });
    renderApp('/', {
      routes: [
        {
          path: '/',
          element: <MemberRequests block={{ type: 'memberRequests' }} renderBlocks={() => null} />,
        },
      ],
    });
    const open = within((await screen.findByText('Documents for RTP9-000043')).closest('table')!);
    expect(open.getByText(/We need this from you/)).toBeTruthy();
    expect(open.getByRole('link', { name: 'Send it (Proof of identity)' }).getAttribute('href')).toBe(
      '/documents/upload?case=RTP9-000043&document=Proof+of+identity',
    );
    const closed = within(screen.getByText('Documents for RTP9-000042').closest('table')!);
    expect(closed.getByRole('row', { name: /Proof of identity/ }).textContent).toBe(
      'Proof of identityNot received',
    );
    expect(closed.queryByRole('link')).toBeNull();
  });
});
