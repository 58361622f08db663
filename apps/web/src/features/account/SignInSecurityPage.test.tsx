import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';

const OLDER = '7b0c6f5e-2f4a-4c1e-9d3b-0a1b2c3d4e5f';
const signIn = (daysAgo: number) => ({
  occurredAt: new Date(Date.UTC(2026, 10, 28) - daysAgo * 86_400_000).toISOString(),
  outcome: 'succeeded',
  method: 'Username and password',
  device: 'Chrome on Windows',
  place: 'This network',
});

const security = {
  username: 'dc.far',
  passwordInputs: [],
  sessions: [],
  recentSignIns: Array.from({ length: 20 }, (_, day) => signIn(day)),
  olderSignIns: OLDER,
  twoStep: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false },
};

afterEach(() => {
  document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('Sign-in and security, recent sign-ins', () => {
  it('shows the newest 20, then older ones a page at a time until the 90 days are all shown', async () => {
    quietConsole();
    document.cookie = 'accessToken=signed-in; path=/';
    const asked: string[] = [];
    stubFetch((url) => {
      if (url.endsWith('/account/security')) return jsonResponse(200, security);
      if (url.includes('/account/sign-ins?')) {
        asked.push(url);
        return jsonResponse(200, { signIns: [signIn(40), signIn(60), signIn(89)], olderSignIns: null });
      }
      if (url.endsWith('/account/passkeys')) return jsonResponse(200, { passkeys: [] });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });
    renderApp('/my-details/security');
    const table = await screen.findByRole('table', { name: /Sign-ins to your account in the last 90 days/ });
    expect(within(table).getAllByRole('row')).toHaveLength(21);

    fireEvent.click(screen.getByRole('button', { name: 'Show older sign-ins' }));
    expect(
      await screen.findByText('3 older sign-ins shown. These are all your sign-ins of the last 90 days.'),
    ).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`before=${OLDER}`);
    expect(within(table).getAllByRole('row')).toHaveLength(24);
    expect(screen.queryByRole('button', { name: 'Show older sign-ins' })).toBeNull();
  });
});
