import { useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { appCodeSchema, type CodeChannel, type CodeRoute, type PendingChange } from '@meridian/contracts';
import { CODE_ROUTE_FIELD, CodeRouteChoice, NO_ROUTE_CHOSEN } from '../../components/CodeRouteChoice';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { checkForm, errorFor, serverError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';
import { ConfirmItsYou } from './ConfirmItsYou';
import { stepUpApi } from './step-up-api';

/**
 * How a step-up starts: the member's passkey or authenticator app when they have one (asked on the
 * page, a code sent only if they choose it), else a code we send.
 */
export type StartedStepUp =
  | {
      kind: 'ask';
      passkey: boolean;
      authenticatorApp: boolean;
      /** Where a code instead may go; with more than one, the member chooses. */
      codeRoutes?: CodeRoute[];
    }
  | { kind: 'sent'; pending: PendingChange };

export async function startStepUp(): Promise<StartedStepUp> {
  const status = await stepUpApi.status();
  const passkey = status.passkey === true && browserSupportsWebAuthn();
  const authenticatorApp = status.authenticatorApp === true;
  return passkey || authenticatorApp
    ? { kind: 'ask', passkey, authenticatorApp, codeRoutes: status.codeRoutes ?? [] }
    : { kind: 'sent', pending: await stepUpApi.sendCode() };
}

interface StepUpQuestionProps {
  started: StartedStepUp;
  /** Why it is asked, in the member's words: "This application decides where your pension goes". */
  reason: string;
  onConfirmed: () => Promise<void>;
  /** What waits on it, after "before": "we send it" (the default), "we change them". */
  before?: string;
}

/** The server's own words for a code refused or a route it cannot send to; else the usual message. */
const messageOf = (error: unknown, field: string): FieldError =>
  error instanceof HttpError && error.status < 500 && /^(two_step|code_route)/.test(error.codes[0] ?? '')
    ? { field, message: error.messages[0] ?? 'This code is not right' }
    : serverError(error, field);

const PASSKEY_BUTTON = 'step-up-passkey';

/** What went wrong with the passkey: the browser's ceremony left unanswered, or the server's refusal. */
function passkeyProblem(error: unknown): FieldError {
  if (error instanceof HttpError && error.status < 500 && error.codes[0]?.startsWith('passkey'))
    return { field: PASSKEY_BUTTON, message: error.messages[0] ?? 'Your passkey could not be checked' };
  if (error instanceof Error && error.name === 'NotAllowedError')
    return {
      field: PASSKEY_BUTTON,
      message: 'Your passkey was not used: the request was cancelled or timed out. Try again, or use a code',
    };
  return serverError(error, PASSKEY_BUTTON);
}

/**
 * The step-up question: the member's passkey and a code from the authenticator app first (when they
 * have them), with a code sent to a settled contact route as the alternative; confirmed, the action
 * carries on.
 */
export function StepUpQuestion({ started, reason, onConfirmed, before = 'we send it' }: StepUpQuestionProps) {
  const [pending, setPending] = useState(started.kind === 'sent' ? started.pending : null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  if (pending)
    return <ConfirmItsYou pending={pending} reason={reason} onConfirmed={onConfirmed} before={before} />;
  const {
    passkey,
    authenticatorApp,
    codeRoutes = [],
  } = started.kind === 'ask' ? started : { passkey: false, authenticatorApp: false };

  async function confirmWithPasskey() {
    setErrors([]);
    setBusy(true);
    try {
      const { options } = await stepUpApi.passkeyOptions();
      await stepUpApi.confirmWithPasskey(await startAuthentication({ optionsJSON: options }));
      await onConfirmed();
    } catch (error) {
      setErrors([passkeyProblem(error)]);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(appCodeSchema, { code: new FormData(event.currentTarget).get('code') ?? '' });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await stepUpApi.confirmWithApp(checked.value.code);
      await onConfirmed();
    } catch (error) {
      setErrors([messageOf(error, 'code')]);
    } finally {
      setBusy(false);
    }
  }

  async function sendInstead(channel?: CodeChannel) {
    setErrors([]);
    try {
      setPending(await stepUpApi.sendCode(channel));
    } catch (error) {
      setErrors([messageOf(error, channel ? CODE_ROUTE_FIELD : authenticatorApp ? 'code' : PASSKEY_BUTTON)]);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <h2>Confirm it is you</h2>
      <p>
        {reason}, so we check it is you before {before}. You will not be asked again for 15 minutes.
      </p>
      {passkey && (
        <div className={`form-group${errorFor(errors, PASSKEY_BUTTON) ? ' form-group--error' : ''}`}>
          {errorFor(errors, PASSKEY_BUTTON) && (
            <p id={`${PASSKEY_BUTTON}-error`} className="error-message">
              <span className="visually-hidden">Error:</span> {errorFor(errors, PASSKEY_BUTTON)}
            </p>
          )}
          <button
            type="button"
            id={PASSKEY_BUTTON}
            className="button"
            disabled={busy}
            aria-describedby={errorFor(errors, PASSKEY_BUTTON) ? `${PASSKEY_BUTTON}-error` : undefined}
            onClick={() => void confirmWithPasskey()}
          >
            Use your passkey
          </button>
        </div>
      )}
      {authenticatorApp && (
        <form noValidate onSubmit={submit}>
          <TextField
            id="code"
            label="Code from your authenticator app"
            hint="The 6-digit code your app shows for this account"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="input--short"
            error={errorFor(errors, 'code')}
          />
          <button type="submit" className={passkey ? 'button button--secondary' : 'button'} disabled={busy}>
            Confirm
          </button>
        </form>
      )}
      {codeRoutes.length > 1 ? (
        <CodeRouteChoice
          routes={codeRoutes}
          busy={busy}
          error={errorFor(errors, CODE_ROUTE_FIELD)}
          onSend={(channel) => void sendInstead(channel)}
          onMissing={() => setErrors([{ field: CODE_ROUTE_FIELD, message: NO_ROUTE_CHOSEN }])}
        />
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => void sendInstead()}>
            Send a code to my email or phone instead
          </button>
        </p>
      )}
    </>
  );
}
