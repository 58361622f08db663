import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usernameReminderSchema, webAppPaths } from '@meridian/contracts';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFocusOnStep } from '../../components/useFocusOnStep';
import { checkForm, errorFor } from '../../lib/form';
import { useTenant } from '../../lib/tenant';
import { accountApi } from './api';
import { recoveryError } from './recovery-errors';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Forgotten username: the details from a statement; the username goes to the contact details we hold. */
export function ForgotUsernamePage() {
  const { routes } = useTenant();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  useDocumentTitle(sent ? 'Check your messages' : 'Find your username');
  useFocusOnStep(sent ? 'sent' : 'details');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(usernameReminderSchema, {
      referenceNumber: text(form, 'referenceNumber'),
      dateOfBirth: readDateField(form, 'dateOfBirth') ?? '',
      insuranceNumber: text(form, 'insuranceNumber'),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.remindUsername(checked.value);
      setSent(true);
    } catch (error) {
      setErrors([recoveryError(error, 'referenceNumber')]);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="narrow">
        <h1>Check your messages</h1>
        <p>
          If the details match our records, we have sent your username to the email address we hold for you,
          or by text message if we hold no email address, or by post if we hold neither.
        </p>
        <p>If nothing arrives, call us.</p>
        <Link to={routes.postLogout} className="button">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Find your username</h1>
      <p>You need the reference number from your pension statement.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="referenceNumber"
          label="Reference number"
          hint="This is on your annual pension statement"
          inputMode="numeric"
          spellCheck={false}
          error={errorFor(errors, 'referenceNumber')}
        />
        <DateField
          id="dateOfBirth"
          legend="Date of birth"
          hint="For example, 27 3 1964"
          autoCompletePrefix="bday"
          error={errorFor(errors, 'dateOfBirth')}
        />
        <TextField
          id="insuranceNumber"
          label="National Insurance number"
          hint="It’s on your National Insurance card, payslip or P60. For example, ‘QQ 12 34 56 C’."
          spellCheck={false}
          autoCapitalize="characters"
          error={errorFor(errors, 'insuranceNumber')}
        />
        <button type="submit" className="button" disabled={busy}>
          Send my username
        </button>
      </form>
      <p>
        <Link to={webAppPaths.forgotPassword}>I have forgotten my password</Link>
      </p>
    </div>
  );
}
