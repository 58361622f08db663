import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { staffSsoApi } from './StaffSsoSignIn';

/** The staff API as a fake: no one signed in, single sign-on offered under a name, or not. */
function consoleServer(sso: { enabled: boolean; name: string | null }) {
  staffSsoApi.forgetReads();
  return stubFetch((url) => {
    if (url.endsWith('/admin-api/sign-in/sso')) return jsonResponse(200, sso);
    return jsonResponse(401, { errors: [{ code: 'staff_session_missing', message: 'Sign in.' }] });
  });
}

const open = (path: string) => renderApp(path, { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });

beforeEach(() => quietConsole());
afterEach(() => vi.clearAllMocks());

describe('Signing in to the console with the firm’s single sign-on', () => {
  it('offers the firm’s single sign-on as a link to the staff API’s start', async () => {
    consoleServer({ enabled: true, name: 'Meridian Group' });
    open('/admin/sign-in');
    const link = await screen.findByRole('link', { name: 'Sign in with Meridian Group single sign-on' });
    expect(link.getAttribute('href')).toBe('/admin-api/sign-in/sso/start');
    expect(screen.getByRole('heading', { name: 'Sign in with single sign-on', level: 2 })).toBeTruthy();
  });

  it('offers nothing when the deployment has no single sign-on', async () => {
    const fetch = consoleServer({ enabled: false, name: null });
    open('/admin/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in to Meridian operations' })).toBeTruthy();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: /single sign-on/ })).toBeNull();
  });

  it('shows a refused sign-in’s reason in the error summary, linked to the button', async () => {
    consoleServer({ enabled: true, name: 'Meridian Group' });
    open('/admin/sign-in?sso=staff_sso_mfa_required');
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('did not use a second factor');
    expect(summary.querySelector('a')!.getAttribute('href')).toBe('#staff-sso-sign-in');
    expect(await screen.findByRole('link', { name: /Meridian Group single sign-on/ })).toBeTruthy();
  });
});
