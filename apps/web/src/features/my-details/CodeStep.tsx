import { useEffect, useState, type FormEvent } from 'react';
import { confirmCodeSchema, type PendingCode } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { checkForm, errorFor, serverError } from './form';

interface CodeStepProps {
  pending: PendingCode;
  /** What the code proves, for the heading: "Confirm your new email address". */
  heading: string;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<PendingCode>;
}

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const remaining = (until: string, now: number) =>
  Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)} minute${Math.floor(seconds / 60) === 1 ? '' : 's'} ${seconds % 60} second${seconds % 60 === 1 ? '' : 's'}`;

/**
 * The one-time-code question every verified change ends with: where the code went, a countdown to its
 * expiry, the code field and a resend link that waits out the cool-down.
 */
export function CodeStep({ pending: initial, heading, onConfirm, onResend }: CodeStepProps) {
  const [pending, setPending] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const now = useNow();
  const expiresIn = remaining(pending.expiresAt, now);
  const resendIn = remaining(pending.resendAvailableAt, now);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(confirmCodeSchema, {
      code: new FormData(event.currentTarget).get('code') ?? '',
    });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      await onConfirm(checked.value.code);
    } catch (error) {
      setErrors([serverError(error, 'code')]);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    try {
      setPending(await onResend());
      setResent(true);
      setErrors([]);
    } catch (error) {
      setErrors([serverError(error, 'code')]);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>{heading}</h1>
      <p>We have sent a 6-digit code to {pending.sentTo}.</p>
      <p role="timer" aria-live="off">
        {expiresIn > 0
          ? `The code expires in ${minutesAndSeconds(expiresIn)}.`
          : 'The code has expired. Ask for a new code.'}
      </p>
      <p role="status">{resent ? 'We have sent you a new code.' : ''}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          id="code"
          label="Code"
          hint="The code is 6 digits"
          inputMode="numeric"
          autoComplete="one-time-code"
          className="input--short"
          error={errorFor(errors, 'code')}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Confirm
          </button>
          <button type="button" className="link-button" disabled={resendIn > 0} onClick={() => void resend()}>
            {resendIn > 0 ? `Send a new code (available in ${resendIn} seconds)` : 'Send a new code'}
          </button>
        </div>
      </form>
    </>
  );
}
