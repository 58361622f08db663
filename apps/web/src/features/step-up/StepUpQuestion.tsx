import { useState, type FormEvent } from 'react';
import { appCodeSchema, type PendingChange } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { checkForm, errorFor, serverError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';
import { ConfirmItsYou } from './ConfirmItsYou';
import { stepUpApi } from './step-up-api';

/** How a step-up starts: the member's authenticator app when they have one, else a code we send. */
export type StartedStepUp = { kind: 'app' } | { kind: 'sent'; pending: PendingChange };

export async function startStepUp(): Promise<StartedStepUp> {
  const status = await stepUpApi.status();
  return status.authenticatorApp ? { kind: 'app' } : { kind: 'sent', pending: await stepUpApi.sendCode() };
}

interface StepUpQuestionProps {
  started: StartedStepUp;
  /** Why it is asked, in the member's words: "This application decides where your pension goes". */
  reason: string;
  onConfirmed: () => Promise<void>;
}

const messageOf = (error: unknown, field: string): FieldError =>
  error instanceof HttpError && error.status < 500 && error.codes[0]?.startsWith('two_step')
    ? { field, message: error.messages[0] ?? 'This code is not right' }
    : serverError(error, field);

/**
 * The step-up question: a code from the authenticator app first (two-step verification on), with a
 * code sent to a settled contact route as the alternative; confirmed, the action carries on.
 */
export function StepUpQuestion({ started, reason, onConfirmed }: StepUpQuestionProps) {
  const [pending, setPending] = useState(started.kind === 'sent' ? started.pending : null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  if (pending) return <ConfirmItsYou pending={pending} reason={reason} onConfirmed={onConfirmed} />;

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

  async function sendInstead() {
    try {
      setPending(await stepUpApi.sendCode());
    } catch (error) {
      setErrors([messageOf(error, 'code')]);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <h2>Confirm it is you</h2>
      <p>{reason}, so we check it is you before we send it. You will not be asked again for 15 minutes.</p>
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
        <button type="submit" className="button" disabled={busy}>
          Confirm
        </button>
      </form>
      <p>
        <button type="button" className="link-button" onClick={() => void sendInstead()}>
          Send a code to my email or phone instead
        </button>
      </p>
    </>
  );
}
