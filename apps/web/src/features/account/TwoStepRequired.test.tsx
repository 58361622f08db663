import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';

const security = {
  username: 'dc.far',
  passwordInputs: [],
  sessions: [],
  recentSignIns: [],
  olderSignIns: null,
  twoStep: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: true },
};

afterEach(() => {
  document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  sessionStorage.clear();
});

describe('a scheme that requires two-step verification', () => {
  it('takes a signed-in member without it to set it up before any other page', async () => {
    quietConsole();
    document.cookie = 'accessToken=signed-in; path=/';
    sessionStorage.setItem('twoStepSetupRequired', 'true');
    stubFetch((url) => {
      if (url.endsWith('/account/security')) return jsonResponse(200, security);
      if (url.endsWith('/account/two-step/setup'))
        return jsonResponse(200, {
          secret: 'ABCD EFGH IJKL MNOP',
          qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          expiresAt: new Date(Date.now() + 900_000).toISOString(),
        });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });
    const { router } = renderApp('/my-details/security');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-details/security/two-step');
    expect(screen.getByRole('status').textContent).toContain(
      'asks every member to use two-step verification',
    );
    expect(await screen.findByText('ABCD EFGH IJKL MNOP')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
  });
});
