import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, StaffMember } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { ConsoleApp } from './ConsoleApp';
import { consoleApi } from './console-api';
import { staffPasskeysApi } from './staff-passkeys-api';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const caseworker: StaffMember = {
  id: '0b6f4f7e-7c1d-4a55-9a1e-2f3d4c5b6a71',
  name: 'Casey Worker',
  email: 'caseworker@meridian.example',
  role: 'caseworker',
  tenantUrl: 'localhost',
};
const laptop: Passkey = {
  id: '5b0f3c1e-2a44-4c1a-9d0e-7f6a1b2c3d4f',
  name: 'Work laptop',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
};
const registration = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};
const assertion = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const refusal = (status: number, code: string, message: string) =>
  jsonResponse(status, { errors: [{ code, message }] });
const notAllowed = () =>
  Object.assign(new Error('The operation was cancelled.'), { name: 'NotAllowedError' });

/** The staff API as a fake: the signed-in caseworker (or none), their passkeys, the ceremonies. */
function consoleServer({ signedIn = true, signInAnswer = () => jsonResponse(200, caseworker) } = {}) {
  const passkeys: Passkey[] = [];
  const fetch = stubFetch((url, init) => {
    if (url.endsWith('/admin-api/me'))
      return signedIn ? jsonResponse(200, caseworker) : refusal(401, 'staff_session_missing', 'Sign in.');
    if (url.includes('/admin-api/cases')) return jsonResponse(200, { cases: [] });
    if (url.includes('/admin-api/staff')) return jsonResponse(200, { staff: [] });
    if (url.endsWith('/admin-api/sign-in/passkey/options'))
      return jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } });
    if (url.endsWith('/admin-api/sign-in/passkey')) {
      const answer = signInAnswer();
      if (answer.status === 200) signedIn = true;
      return answer;
    }
    if (url.endsWith('/admin-api/passkeys/options'))
      return jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' } } });
    if (url.endsWith('/admin-api/passkeys') && init.method === 'POST') {
      passkeys.push(laptop);
      return jsonResponse(201, laptop);
    }
    if (url.endsWith('/admin-api/passkeys')) return jsonResponse(200, { passkeys });
    return refusal(404, 'not_found', 'Not found');
  });
  void consoleApi.signOut().catch(() => undefined);
  staffPasskeysApi.forgetReads();
  return fetch;
}

const open = (path: string) => renderApp(path, { routes: [{ path: '/admin/*', element: <ConsoleApp /> }] });
const posted = (fetch: ReturnType<typeof stubFetch>, ending: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(ending) && init.method === 'POST');

beforeEach(() => {
  quietConsole();
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startRegistration.mockReset();
  webauthn.startAuthentication.mockReset();
});
afterEach(() => vi.clearAllMocks());

describe('Your passkeys in the console', () => {
  it('asks for a name, explains a cancelled ceremony, then adds the passkey and lists it', async () => {
    const fetch = consoleServer();
    open('/admin/passkeys');
    expect(await screen.findByRole('heading', { name: 'Your passkeys', level: 1 })).toBeTruthy();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter a name for the passkey');
    expect(posted(fetch, '/passkeys/options')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name this passkey'), 'Work laptop');
    webauthn.startRegistration.mockRejectedValueOnce(notAllowed());
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'the request was cancelled or timed out',
    );
    expect(posted(fetch, '/admin-api/passkeys')).toHaveLength(0);

    webauthn.startRegistration.mockResolvedValueOnce(registration);
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Passkey “Work laptop” added. You can now sign in to the console with it.',
    );
    expect(posted(fetch, '/admin-api/passkeys').map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { name: 'Work laptop', credential: registration },
    ]);
    const row = await screen.findByRole('row', { name: /Work laptop/ });
    expect(within(row).getByRole('button', { name: 'Remove Work laptop' })).toBeTruthy();
  });

  it('says so when the browser cannot make passkeys', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    consoleServer();
    open('/admin/passkeys');
    expect(
      await screen.findByText(
        'This browser cannot make passkeys. Try a recent version of your browser, or another device.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create passkey' })).toBeNull();
  });
});

describe('Signing in to the console with a passkey', () => {
  it('signs in with the passkey alone and opens the case queue', async () => {
    const fetch = consoleServer({ signedIn: false });
    webauthn.startAuthentication.mockResolvedValueOnce(assertion);
    open('/admin/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Case queue', level: 1 })).toBeTruthy();
    expect(
      posted(fetch, '/admin-api/sign-in/passkey').map(([, init]) => JSON.parse(String(init.body))),
    ).toEqual([{ credential: assertion }]);
  });

  it('shows a refused passkey in the error summary, linked to the button', async () => {
    consoleServer({
      signedIn: false,
      signInAnswer: () => refusal(400, 'passkey_unknown', 'This passkey is not one we know.'),
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertion);
    open('/admin/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'This passkey is not one we know.' }).getAttribute('href'),
    ).toBe('#staff-passkey-sign-in');
    expect(screen.getByRole('heading', { name: 'Sign in to Meridian operations', level: 1 })).toBeTruthy();
  });

  it('offers no passkey where the browser has none', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    consoleServer({ signedIn: false });
    open('/admin/sign-in');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Meridian operations', level: 1 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
