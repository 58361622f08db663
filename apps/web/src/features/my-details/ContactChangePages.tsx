import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailChangeRequestSchema, mobileChangeRequestSchema, type PendingChange } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFocusOnStep } from '../../components/useFocusOnStep';
import { detailsApi } from '../../lib/details-api';
import { CodeStep } from '../../components/CodeStep';
import { MobileNumberFields } from '../../components/MobileNumberFields';
import { checkForm, errorFor, serverError } from '../../lib/form';

export const YOUR_DETAILS_PATH = '/my-details';

/** The password again: a change of where our codes go must come from the member, not just their session. */
function PasswordField({ error }: { error?: string }) {
  return (
    <TextField
      id="password"
      label="Your password"
      hint="To keep your pension safe, enter the password you sign in with"
      type="password"
      autoComplete="current-password"
      spellCheck={false}
      error={error}
    />
  );
}

/** Back to Your details with a success message for the change just made. */
export function useBackToDetails() {
  const navigate = useNavigate();
  return (message: string) => navigate(YOUR_DETAILS_PATH, { state: { changed: message } });
}

export function ChangeEmailPage() {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const back = useBackToDetails();
  useDocumentTitle(
    `${errors.length ? 'Error: ' : ''}${pending ? 'Confirm your new email address' : 'Change your email address'}`,
  );
  useFocusOnStep(pending ? 'code' : 'enter');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(emailChangeRequestSchema, {
      email: form.get('email') ?? '',
      password: form.get('password') ?? '',
    });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      setPending(await detailsApi.emailChange.send(checked.value));
      setErrors([]);
    } catch (error) {
      setErrors([serverError(error, 'email')]);
    }
  }

  if (pending) {
    return (
      <div className="narrow">
        <CodeStep
          pending={pending}
          heading="Confirm your new email address"
          onResend={() => detailsApi.emailChange.resend(pending.nonce)}
          onConfirm={async (code, currentRouteCode) => {
            await detailsApi.emailChange.confirm(pending.nonce, code, currentRouteCode);
            await back('Your email address has been changed');
          }}
        />
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Change your email address</h1>
      <form noValidate onSubmit={submit}>
        <TextField
          id="email"
          label="New email address"
          hint="We will send a code to this address to check it is yours"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errorFor(errors, 'email')}
        />
        <PasswordField error={errorFor(errors, 'password')} />
        <div className="button-group">
          <button type="submit" className="button">
            Continue
          </button>
          <Link to={YOUR_DETAILS_PATH}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}

export function ChangeMobilePage() {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const back = useBackToDetails();
  useDocumentTitle(
    `${errors.length ? 'Error: ' : ''}${pending ? 'Confirm your new mobile number' : 'Change your mobile number'}`,
  );
  useFocusOnStep(pending ? 'code' : 'enter');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(mobileChangeRequestSchema, {
      countryCode: form.get('countryCode') ?? '',
      number: form.get('number') ?? '',
      password: form.get('password') ?? '',
    });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      setPending(await detailsApi.mobileChange.send(checked.value));
      setErrors([]);
    } catch (error) {
      setErrors([serverError(error, 'number')]);
    }
  }

  if (pending) {
    return (
      <div className="narrow">
        <CodeStep
          pending={pending}
          heading="Confirm your new mobile number"
          onResend={() => detailsApi.mobileChange.resend(pending.nonce)}
          onConfirm={async (code, currentRouteCode) => {
            await detailsApi.mobileChange.confirm(pending.nonce, code, currentRouteCode);
            await back('Your mobile number has been changed');
          }}
        />
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Change your mobile number</h1>
      <form noValidate onSubmit={submit}>
        <MobileNumberFields
          label="New mobile number"
          hint="We will text a code to this number to check it is yours"
          error={errorFor(errors, 'number')}
        />
        <PasswordField error={errorFor(errors, 'password')} />
        <div className="button-group">
          <button type="submit" className="button">
            Continue
          </button>
          <Link to={YOUR_DETAILS_PATH}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
