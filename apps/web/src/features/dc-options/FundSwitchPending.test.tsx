import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingFundSwitch } from '@meridian/contracts';
import {
  jsonResponse,
  signedInFrameResponse,
  quietConsole,
  renderApp,
  stubFetch,
} from '../../testing/render';
import { FundSwitchPending } from './FundSwitchPending';

beforeEach(quietConsole);

const pending: PendingFundSwitch = {
  caseNumber: 'FSW1-100001',
  requestedOn: '2026-11-20',
  status: 'Received',
  choice: 'lifestyle',
  strategy: { code: 'LIFESTYLE_ANNUITY', name: 'Lifestyle: targeting an annuity' },
  funds: [],
};

const showing = (answer: { pending: PendingFundSwitch | null }, requestsLabel = 'My requests') => {
  stubFetch((url) => {
    const frame = signedInFrameResponse(url, requestsLabel);
    if (frame) return frame;
    if (url.includes('/authorized-footer') || url.includes('/authorized-globals'))
      return jsonResponse(404, {});
    return jsonResponse(200, answer);
  });
  renderApp('/', { routes: [{ path: '/', element: <FundSwitchPending recordKey="MER:1000005" /> }] });
};

describe('a fund switch waiting for the scheme', () => {
  it('names the lifestyle strategy asked for, when, and its request in My requests', async () => {
    showing({ pending });
    expect(await screen.findByText('Fund switch requested on 20 Nov 2026: being processed')).toBeTruthy();
    expect(
      screen.getByText(
        'You asked for your pot to be invested in the lifestyle strategy Lifestyle: targeting an annuity.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/FSW1-100001/).textContent).toContain('You can ask for another switch');
    expect((await screen.findByRole('link', { name: 'My requests' })).getAttribute('href')).toBe(
      '/my-requests',
    );
  });

  it('names the requests page as the tenant’s menu does (Bluewater’s “Your requests”)', async () => {
    showing({ pending }, 'Your requests');
    expect((await screen.findByRole('link', { name: 'Your requests' })).getAttribute('href')).toBe(
      '/my-requests',
    );
    expect(screen.queryByRole('link', { name: 'My requests' })).toBeNull();
  });

  it('lists the funds chosen with their percentages', async () => {
    showing({
      pending: {
        ...pending,
        choice: 'self_select',
        strategy: null,
        funds: [
          { code: 'GLOBAL_EQUITY', name: 'Global Equity Fund', percent: 70 },
          { code: 'PRE_RETIREMENT_BOND', name: 'Pre-Retirement Bond Fund', percent: 30 },
        ],
      },
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Global Equity Fund: 70%',
      'Pre-Retirement Bond Fund: 30%',
    ]);
  });

  it('shows nothing while no switch is waiting', async () => {
    showing({ pending: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Fund switch requested/)).toBeNull();
  });
});
