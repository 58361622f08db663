import { useEffect, useState } from 'react';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { ActionButton } from '../../components/ActionButton';
import { authApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';

/** The passkey sign-in's refusals the server words for the member: its message is shown as it is. */
const worded = new Set([
  'passkey_challenge_invalid',
  'passkey_origin_invalid',
  'passkey_unknown',
  'passkey_counter_invalid',
  'passkey_invalid',
]);

export const PASSKEY_BUTTON_ID = 'passkey-sign-in';

/** What to tell the member when the passkey ceremony or its check failed. */
function passkeyProblem(error: unknown) {
  if (error instanceof HttpError) {
    const code = error.codes[0];
    if (code && worded.has(code)) return error.messages[0] ?? 'Your passkey could not be checked.';
    return serviceProblem(error) ?? 'Sorry, we could not sign you in with a passkey. Try again later.';
  }
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'Your passkey was not used: the request was cancelled or timed out. Try again, or sign in with your username and password.';
  return 'Your browser could not use a passkey. Sign in with your username and password.';
}

/**
 * Signing in with a passkey alone on /login: offered in the username field's suggestions where the
 * browser can (conditional mediation: the field's autocomplete has "webauthn"), and by a button whose
 * name, "Use a passkey", leaves "Sign in" to the password form's button alone.
 */
export function PasskeySignIn({
  onSignedIn,
  onProblem,
}: {
  onSignedIn: () => void;
  onProblem: (message: string) => void;
}) {
  const { signInWithPasskey } = useAuth();
  const [supported] = useState(() => browserSupportsWebAuthn());

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || cancelled) return;
      try {
        const { options } = await authApi.passkeySignInOptions();
        if (cancelled) return;
        const credential = await startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
        await signInWithPasskey(credential);
        onSignedIn();
      } catch (error) {
        // Left unanswered (the button or the password was used instead) is no problem of the member's.
        const aborted = error instanceof Error && error.name === 'AbortError';
        if (!cancelled && !aborted && error instanceof HttpError) onProblem(passkeyProblem(error));
      }
    })();
    return () => {
      cancelled = true;
      WebAuthnAbortService.cancelCeremony();
    };
    // Once per visit to the page: a new ceremony would cancel the one offered in the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported]);

  if (!supported) return null;
  return (
    <>
      <h2>Sign in with a passkey</h2>
      <p>
        If you have added a passkey to your account, you can sign in with it instead of your username and
        password. Your browser may also offer it when you choose the username field.
      </p>
      <ActionButton
        id={PASSKEY_BUTTON_ID}
        className="button button--secondary"
        action={async () => {
          try {
            const { options } = await authApi.passkeySignInOptions();
            const credential = await startAuthentication({ optionsJSON: options });
            await signInWithPasskey(credential);
            onSignedIn();
          } catch (error) {
            onProblem(passkeyProblem(error));
          }
        }}
      >
        Use a passkey
      </ActionButton>
    </>
  );
}
