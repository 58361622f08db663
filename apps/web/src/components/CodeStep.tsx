import './forms.css';
import { useEffect, useState, type FormEvent } from 'react';
import { confirmContactChangeSchema, type PendingChange, type PendingCode } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from './ErrorSummary';
import { TextField } from './TextField';
import { formatDate } from '../lib/format';
import { checkForm, errorFor, serverError } from '../lib/form';

/** A code that went by email or text, or by post; a contact change also sent one to the route on file. */
type SentCode = PendingCode & Partial<Pick<PendingChange, 'channel' | 'currentRouteSentTo'>>;

interface CodeStepProps {
  pending: SentCode;
  /** What the code proves, for the heading: "Confirm your new email address". */
  heading: string;
  onConfirm: (code: string, currentRouteCode?: string) => Promise<void>;
  onResend: () => Promise<SentCode>;
  /** h2 where the step sits under a page's own h1 (check your answers). */
  headingLevel?: 'h1' | 'h2';
  /** Why the code is asked for, when the heading does not say (a step-up before sending). */
  reason?: string;
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
 * expiry (or, for a letter, the day it stops working), the code field (two for a contact change: the new
 * route's and the current route's) and a resend link that waits out the cool-down.
 */
export function CodeStep({
  pending: initial,
  heading,
  onConfirm,
  onResend,
  headingLevel = 'h1',
  reason,
}: CodeStepProps) {
  const Heading = headingLevel;
  const [pending, setPending] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const now = useNow();
  const expiresIn = remaining(pending.expiresAt, now);
  const resendIn = remaining(pending.resendAvailableAt, now);
  const twoCodes = Boolean(pending.currentRouteSentTo);
  const byPost = pending.channel === 'post';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(confirmContactChangeSchema, {
      code: form.get('code') ?? '',
      ...(twoCodes ? { currentRouteCode: form.get('currentRouteCode') ?? '' } : {}),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      await onConfirm(checked.value.code, checked.value.currentRouteCode);
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
      <Heading>{heading}</Heading>
      {reason && <p>{reason}</p>}
      {byPost ? (
        <p>
          Your contact details changed recently, so for your safety we have sent a letter with a 6-digit code
          to {pending.sentTo}. It should arrive within 5 working days. Enter the code here when it does: it
          works until {formatDate(pending.expiresAt)}.
        </p>
      ) : twoCodes ? (
        <p>
          We have sent a 6-digit code to {pending.sentTo}, and another to {pending.currentRouteSentTo} so we
          know the change is yours.
        </p>
      ) : (
        <p>We have sent a 6-digit code to {pending.sentTo}.</p>
      )}
      {!byPost && (
        <p role="timer" aria-live="off">
          {expiresIn > 0
            ? `The ${twoCodes ? 'codes expire' : 'code expires'} in ${minutesAndSeconds(expiresIn)}.`
            : 'The code has expired. Ask for a new code.'}
        </p>
      )}
      <p role="status">{resent ? 'We have sent you a new code.' : ''}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          id="code"
          label={twoCodes ? `Code sent to ${pending.sentTo}` : 'Code'}
          hint="The code is 6 digits"
          inputMode="numeric"
          autoComplete="one-time-code"
          className="input--short"
          error={errorFor(errors, 'code')}
        />
        {twoCodes && (
          <TextField
            id="currentRouteCode"
            label={`Code sent to ${pending.currentRouteSentTo}`}
            hint="The code is 6 digits"
            inputMode="numeric"
            autoComplete="off"
            className="input--short"
            error={errorFor(errors, 'currentRouteCode')}
          />
        )}
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Confirm
          </button>
          <button type="button" className="link-button" disabled={resendIn > 0} onClick={() => void resend()}>
            {resendIn <= 0
              ? 'Send a new code'
              : byPost
                ? `Send a new code (available from ${formatDate(pending.resendAvailableAt)})`
                : `Send a new code (available in ${resendIn} seconds)`}
          </button>
        </div>
      </form>
    </>
  );
}
