import { useEffect, useState, type FormEvent } from 'react';
import type {
  CodeChannel,
  SecondFactorChallenge,
  SecondFactorMethod,
  SentSignInCode,
} from '@meridian/contracts';
import { CODE_ROUTE_FIELD, CodeRouteChoice, NO_ROUTE_CHOSEN } from '../../components/CodeRouteChoice';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { authApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';

const fields: Record<SecondFactorMethod, { label: string; hint: (sentTo?: string) => string }> = {
  app: {
    label: 'Code from your authenticator app',
    hint: () => 'The 6-digit code your app shows for this account.',
  },
  recovery: {
    label: 'Recovery code',
    hint: () =>
      'One of the ten codes you kept when you set up two-step verification, like abcde-23456. Each works once.',
  },
  sent: {
    label: 'Code we sent you',
    hint: (sentTo) =>
      `We sent a 6-digit code to ${sentTo ?? 'your contact details'}. It expires in 15 minutes.`,
  },
};

const messageOf = (error: unknown) =>
  (error instanceof HttpError && error.status < 500 && error.messages[0]) ||
  serviceProblem(error) ||
  'Sorry, we could not sign you in. Try again later.';

/**
 * The second step of signing in when the account has two-step verification on: the app's code, or a
 * recovery code, or a code sent to the email or mobile on file instead.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onExpired,
}: {
  challenge: SecondFactorChallenge['secondFactor'];
  onSignedIn: () => void;
  onExpired: (message: string) => void;
}) {
  const { signInSecondFactor } = useAuth();
  const [method, setMethod] = useState<SecondFactorMethod>('app');
  const [sent, setSent] = useState<SentSignInCode | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(errors.length ? 'Error: Enter your code' : 'Enter your code');
  useEffect(() => document.getElementById('code')?.focus(), [method]);

  const fail = (error: unknown, field = 'code') => {
    // The sign-in is over: it expired, or (under the failed-password cap) the code was right and the
    // password was not. Back to the password step, with the reason.
    if (
      error instanceof HttpError &&
      (error.codes.includes('sign_in_challenge_invalid') || error.codes.includes('invalid_credentials'))
    )
      return onExpired(messageOf(error));
    setErrors([{ field, message: messageOf(error) }]);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setErrors([{ field: 'code', message: 'Enter the code' }]);
    setErrors([]);
    setBusy(true);
    try {
      await signInSecondFactor(
        method === 'sent'
          ? { challenge: challenge.challenge, method, code, nonce: sent?.nonce ?? '' }
          : { challenge: challenge.challenge, method, code },
      );
      onSignedIn();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function sendCode(channel?: CodeChannel) {
    setErrors([]);
    setBusy(true);
    try {
      setSent(await authApi.sendSignInCode(challenge.challenge, channel));
      setMethod('sent');
    } catch (error) {
      fail(error, channel ? CODE_ROUTE_FIELD : 'code');
    } finally {
      setBusy(false);
    }
  }

  const choose = (next: SecondFactorMethod) => {
    setErrors([]);
    setMethod(next);
  };
  const field = fields[method];
  const error = errors.find((candidate) => candidate.field === 'code')?.message;
  // With both an email and a mobile on file, the member chooses where the code goes.
  const routeChoice = challenge.fallbackRoutes.length > 1 && method !== 'sent';
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Enter your code</h1>
      {challenge.underCap ? (
        <div className="notice" role="alert">
          <p>
            Too many attempts have been made to sign in to this account, so a password alone is not enough for
            now. If your account has two-step verification on, enter a code from your authenticator app or a
            recovery code. If it has not, wait an hour and try again, reset your password, or sign in with a
            passkey.
          </p>
        </div>
      ) : (
        <p>Your account has two-step verification on, so we need a code as well as your password.</p>
      )}
      <form onSubmit={submit} noValidate key={method}>
        <TextField
          id="code"
          label={field.label}
          hint={field.hint(sent?.sentTo)}
          inputMode={method === 'recovery' ? 'text' : 'numeric'}
          autoComplete={method === 'recovery' ? 'off' : 'one-time-code'}
          spellCheck={false}
          error={error}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </button>
      </form>
      <h2>Cannot use this?</h2>
      <ul className="second-factor-options">
        {method !== 'app' && (
          <li>
            <button type="button" className="link-button" onClick={() => choose('app')}>
              Use your authenticator app
            </button>
          </li>
        )}
        {method !== 'recovery' && (
          <li>
            <button type="button" className="link-button" onClick={() => choose('recovery')}>
              Use a recovery code instead
            </button>
          </li>
        )}
        {challenge.fallbackSentTo && method !== 'sent' && !routeChoice && (
          <li>
            <button type="button" className="link-button" onClick={() => void sendCode()}>
              Send a code to {challenge.fallbackSentTo} instead
            </button>
          </li>
        )}
      </ul>
      {routeChoice && (
        <CodeRouteChoice
          routes={challenge.fallbackRoutes}
          busy={busy}
          error={errors.find((candidate) => candidate.field === CODE_ROUTE_FIELD)?.message}
          onSend={(channel) => void sendCode(channel)}
          onMissing={() => setErrors([{ field: CODE_ROUTE_FIELD, message: NO_ROUTE_CHOSEN }])}
        />
      )}
    </div>
  );
}
