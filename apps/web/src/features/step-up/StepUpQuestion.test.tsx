import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { StepUpQuestion } from './StepUpQuestion';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const assertion = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'c2ln' },
  clientExtensionResults: {},
};
const reason = 'Moving your pot changes what it is worth';

beforeEach(() => {
  quietConsole();
  webauthn.startAuthentication.mockReset();
});

describe('the step-up question for a member with a passkey', () => {
  it('offers Use your passkey, sends no code, and carries on once the passkey is accepted', async () => {
    const fetch = stubFetch((url) =>
      url.endsWith('/step-up/passkey/options')
        ? jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' } })
        : jsonResponse(200, { fresh: true, freshUntil: new Date(Date.now() + 900_000).toISOString() }),
    );
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const onConfirmed = vi.fn(async () => undefined);
    render(
      <StepUpQuestion
        started={{ kind: 'ask', passkey: true, authenticatorApp: false }}
        reason={reason}
        onConfirmed={onConfirmed}
      />,
    );
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a code to my email or phone instead' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use your passkey' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' },
    });
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => url.endsWith('/step-up/code'))).toEqual([]);
    const [, confirmed] = fetch.mock.calls.find(([url]) => url.endsWith('/step-up/passkey'))!;
    expect(JSON.parse(String(confirmed.body))).toEqual({ credential: assertion });
  });

  it('shows a cancelled request or the server’s refusal in the error summary, linked to the button', async () => {
    stubFetch((url) =>
      url.endsWith('/options')
        ? jsonResponse(200, { options: { challenge: 'Y2hhbGxlbmdl' } })
        : jsonResponse(400, {
            errors: [
              {
                code: 'passkey_challenge_invalid',
                message: 'This passkey request has expired or was already used. Try again.',
              },
            ],
          }),
    );
    const onConfirmed = vi.fn(async () => undefined);
    render(
      <StepUpQuestion
        started={{ kind: 'ask', passkey: true, authenticatorApp: true }}
        reason={reason}
        onConfirmed={onConfirmed}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Code from your authenticator app')).toBeTruthy();
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Your passkey was not used');
    expect(summary.querySelector('a')!.getAttribute('href')).toBe('#step-up-passkey');

    webauthn.startAuthentication.mockResolvedValueOnce(assertion);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This passkey request has expired'),
    );
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});

describe('the step-up question for a member with an email and a mobile on file', () => {
  it('asks which to send the code to, refuses no choice in the error summary, and sends it where chosen', async () => {
    const fetch = stubFetch(() =>
      jsonResponse(200, {
        nonce: 'nonce-1',
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
        resendAvailableAt: new Date().toISOString(),
        attemptsLeft: 5,
        channel: 'sms',
        sentTo: 'your mobile •••• 5678',
        currentRouteSentTo: null,
      }),
    );
    render(
      <StepUpQuestion
        started={{
          kind: 'ask',
          passkey: false,
          authenticatorApp: true,
          codeRoutes: [
            { channel: 'email', sentTo: 'd•••@example.org' },
            { channel: 'sms', sentTo: 'your mobile •••• 5678' },
          ],
        }}
        reason={reason}
        onConfirmed={vi.fn(async () => undefined)}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Send a code to my email or phone instead' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Get a code instead' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Choose whether to get a text or an email');
    expect(summary.querySelector('a')!.getAttribute('href')).toBe('#code-route');
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Text me a code to your mobile •••• 5678'));
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByText(/your mobile •••• 5678/, { selector: 'p' });
    const [url, sent] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/step-up\/code$/);
    expect(JSON.parse(String(sent.body))).toEqual({ channel: 'sms' });
  });
});
