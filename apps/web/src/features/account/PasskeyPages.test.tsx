import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webAppPaths, type Passkey } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { AddPasskeyPage, RemovePasskeyPage, RenamePasskeyPage } from './PasskeyPages';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const laptop: Passkey = {
  id: '5b0f3c1e-2a44-4c1a-9d0e-7f6a1b2c3d4e',
  name: 'Work laptop',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
};
const credential = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};

/** Sign-in and security stands in as the page the passkey pages go back to, showing what they said. */
function SecurityPage() {
  const changed = (useLocation().state as { changed?: string } | null)?.changed;
  return (
    <>
      <h1>Sign-in and security</h1>
      {changed && <p role="status">{changed}</p>}
    </>
  );
}

const routes = [
  { path: webAppPaths.addPasskey, element: <AddPasskeyPage /> },
  { path: webAppPaths.renamePasskey, element: <RenamePasskeyPage /> },
  { path: webAppPaths.removePasskey, element: <RemovePasskeyPage /> },
  { path: webAppPaths.signInSecurity, element: <SecurityPage /> },
];
const open = (path: string) => renderApp(path, { routes });
const refusal = (status: number, code: string, message: string) =>
  jsonResponse(status, { errors: [{ code, message }] });

const summary = () => screen.findByRole('alert');
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

beforeEach(() => {
  quietConsole();
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startRegistration.mockReset();
});
afterEach(() => vi.clearAllMocks());

describe('Add a passkey', () => {
  it('asks for a name first, then makes the passkey with the server’s options and says it was added', async () => {
    const fetch = stubFetch((url) => {
      if (url.endsWith('/account/passkeys/options'))
        return jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' } } });
      if (url.endsWith('/account/passkeys')) return jsonResponse(201, { ...laptop, name: 'My phone' });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });
    webauthn.startRegistration.mockResolvedValue(credential);
    open(webAppPaths.addPasskey);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a passkey' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    const errors = await summary();
    expect(within(errors).getByRole('link').getAttribute('href')).toBe('#name');
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    expect(webauthn.startRegistration).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name this passkey'), '  My phone ');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await screen.findByRole('status')).textContent).toContain('Passkey “My phone” added');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' } },
    });
    const [, added] = fetch.mock.calls.find(([url]) => url.endsWith('/account/passkeys'))!;
    expect(bodyOf(added)).toEqual({ name: 'My phone', credential });
  });

  it('says no passkey was made when the browser’s request is cancelled, and keeps the page', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl' } }));
    webauthn.startRegistration.mockRejectedValue(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    open(webAppPaths.addPasskey);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name this passkey'), 'My phone');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await summary()).textContent).toContain('No passkey was made');
    expect(screen.getByRole('heading', { level: 1, name: 'Add a passkey' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/account/passkeys'))).toBe(false);
  });

  it('shows the server’s words when it refuses the passkey (one already added)', async () => {
    stubFetch((url) =>
      url.endsWith('/options')
        ? jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl' } })
        : refusal(409, 'passkey_already_added', 'This passkey has already been added to an account.'),
    );
    webauthn.startRegistration.mockResolvedValue(credential);
    open(webAppPaths.addPasskey);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name this passkey'), 'My phone');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await summary()).textContent).toContain('This passkey has already been added to an account.');
  });

  it('offers no form in a browser that cannot make passkeys', async () => {
    stubFetch(() => jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] }));
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    open(webAppPaths.addPasskey);
    expect(await screen.findByText(/This browser cannot make passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create passkey' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Sign-in and security' }).getAttribute('href')).toBe(
      webAppPaths.signInSecurity,
    );
  });
});

describe('Rename a passkey', () => {
  it('fills in the current name and saves the new one', async () => {
    const fetch = stubFetch((url, init) => {
      if (url.endsWith('/account/passkeys') && (init.method ?? 'GET') === 'GET')
        return jsonResponse(200, { passkeys: [laptop], stepUpFresh: false });
      if (url.endsWith(`/account/passkeys/${laptop.id}`)) return new Response(null, { status: 204 });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });
    open(`${webAppPaths.renamePasskey}?passkey=${laptop.id}`);
    const user = userEvent.setup();
    const name = (await screen.findByLabelText('New name')) as HTMLInputElement;
    expect(name.value).toBe('Work laptop');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await summary()).toBeTruthy();
    await user.type(name, 'Office laptop');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await screen.findByRole('status')).textContent).toContain('Passkey renamed “Office laptop”');
    const [, renamed] = fetch.mock.calls.find(([url]) => url.endsWith(`/account/passkeys/${laptop.id}`))!;
    expect(renamed.method).toBe('PUT');
    expect(bodyOf(renamed)).toEqual({ name: 'Office laptop' });
  });

  it('says a passkey that is not the member’s was not found', async () => {
    stubFetch(() => jsonResponse(200, { passkeys: [laptop], stepUpFresh: false }));
    open(`${webAppPaths.renamePasskey}?passkey=someone-elses`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Passkey not found' })).toBeTruthy();
    expect(screen.queryByLabelText('New name')).toBeNull();
  });
});

describe('Remove a passkey', () => {
  const removing = (stepUpFresh: boolean, removal: () => Response) =>
    stubFetch((url) => {
      if (url.endsWith('/account/passkeys')) return jsonResponse(200, { passkeys: [laptop], stepUpFresh });
      if (url.endsWith(`/account/passkeys/${laptop.id}/remove`)) return removal();
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] });
    });

  it('asks for the password unless the session confirmed it is the member lately, and shows a wrong one refused', async () => {
    const fetch = removing(false, () =>
      refusal(400, 'password_incorrect', 'The password is not right. Check it and try again.'),
    );
    open(`${webAppPaths.removePasskey}?passkey=${laptop.id}`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remove passkey “Work laptop”' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect((await summary()).textContent).toContain('Enter your password');
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/remove'))).toBe(false);

    await user.type(screen.getByLabelText('Your password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The password is not right'));
    const [, sent] = fetch.mock.calls.find(([url]) => url.endsWith('/remove'))!;
    expect(bodyOf(sent)).toEqual({ password: 'not-the-password' });
  });

  it('removes without the password in a session that stepped up lately, and says so', async () => {
    const fetch = removing(true, () => new Response(null, { status: 204 }));
    open(`${webAppPaths.removePasskey}?passkey=${laptop.id}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Remove passkey “Work laptop”' });
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect((await screen.findByRole('status')).textContent).toContain('Passkey “Work laptop” removed');
    const [, sent] = fetch.mock.calls.find(([url]) => url.endsWith('/remove'))!;
    expect(bodyOf(sent)).toEqual({});
  });

  it('asks for the password once the step-up has run out', async () => {
    let fresh = true;
    stubFetch((url) => {
      if (url.endsWith('/account/passkeys'))
        return jsonResponse(200, { passkeys: [laptop], stepUpFresh: fresh });
      fresh = false;
      return refusal(428, 'fresh_step_up_required', 'Enter your password to remove this passkey.');
    });
    open(`${webAppPaths.removePasskey}?passkey=${laptop.id}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Remove passkey “Work laptop”' });
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByLabelText('Your password')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Enter your password to remove this passkey.');
  });
});
