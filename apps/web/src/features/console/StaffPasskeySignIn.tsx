import { useState } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { ActionButton } from '../../components/ActionButton';
import { problemText } from './fields';
import { staffPasskeyProblem, staffPasskeysApi } from './staff-passkeys-api';

export const STAFF_PASSKEY_BUTTON_ID = 'staff-passkey-sign-in';

/**
 * Signing in to the console with a passkey alone: one the member of staff added on Your passkeys, with
 * their fingerprint, face or device PIN (user verification), which stands for the password and code.
 */
export function StaffPasskeySignIn({
  onSignedIn,
  onProblem,
}: {
  onSignedIn: () => void;
  onProblem: (message: string) => void;
}) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  if (!supported) return null;
  return (
    <>
      <h2>Sign in with a passkey</h2>
      <p>If you have added a passkey for the console, use it instead of your password and code.</p>
      <ActionButton
        id={STAFF_PASSKEY_BUTTON_ID}
        className="button button--secondary"
        action={async () => {
          try {
            const { options } = await staffPasskeysApi.signInOptions();
            const credential = await startAuthentication({ optionsJSON: options });
            await staffPasskeysApi.signIn(credential);
            onSignedIn();
          } catch (error) {
            onProblem(staffPasskeyProblem(error, problemText));
          }
        }}
      >
        Use a passkey
      </ActionButton>
    </>
  );
}
