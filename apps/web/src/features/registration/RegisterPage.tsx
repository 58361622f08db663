import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { personalPasswordInputs, registrationConfirmationSchema } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { NewPasswordField } from '../../components/NewPasswordField';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFocusOnStep } from '../../components/useFocusOnStep';
import { authApi } from '../../lib/api';
import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';

/** What the member typed on the first step, which their password must not be built from. */
interface TypedDetails {
  referenceNumber?: string;
  dateOfBirth?: string;
}

type Step =
  | { name: 'details' }
  | { name: 'code'; registrationId: string; typed: TypedDetails }
  | { name: 'done'; username: string };

const serverMessages: Record<string, FieldError> = {
  already_registered: { field: 'code', message: 'You already have an account. Sign in instead' },
  CONFIRMATION_TOKEN_INVALID_ERROR: {
    field: 'code',
    message: 'The security code is not right or no longer works. Check it, or start again for a new one',
  },
  username_taken: { field: 'username', message: 'This username is taken. Choose another' },
  too_many_requests: { field: 'referenceNumber', message: 'Too many attempts. Wait a minute and try again' },
};

/** The password rule's refusals, which the server words for the member (contracts account.ts). */
const passwordRuleCodes = new Set([
  'password_too_short',
  'password_personal',
  'password_breached',
  'password_too_weak',
]);

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

function explain(error: unknown, fallbackField: string): FieldError[] {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  if (code && passwordRuleCodes.has(code) && error instanceof HttpError) {
    return [{ field: 'password', message: error.messages[0] ?? 'Choose a stronger password' }];
  }
  return [
    (code && serverMessages[code]) || {
      field: fallbackField,
      message: serviceProblem(error) ?? 'Sorry, something went wrong. Try again later',
    },
  ];
}

/**
 * Registration for an existing member record: details, then the code sent to the contact details the
 * scheme holds (email, text or letter) with new sign-in details. The letter's link opens the code step.
 */
export function RegisterPage() {
  const { tenant, routes } = useTenant();
  const [searchParams] = useSearchParams();
  const fromLetter = searchParams.get('registration');
  const [step, setStep] = useState<Step>(
    fromLetter ? { name: 'code', registrationId: fromLetter, typed: {} } : { name: 'details' },
  );
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const titles = { details: 'Create an account', code: 'Enter your security code', done: 'Account created' };
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}${titles[step.name]}`);
  useFocusOnStep(step.name);
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  async function submitDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const details = {
      referenceNumber: text(form, 'referenceNumber'),
      dateOfBirth: readDateField(form, 'dateOfBirth') ?? '',
      insuranceNumber: text(form, 'insuranceNumber'),
    };
    const problems: FieldError[] = [];
    if (!/^\d{4,10}$/.test(details.referenceNumber))
      problems.push({ field: 'referenceNumber', message: 'Enter your reference number, using digits only' });
    if (!details.dateOfBirth)
      problems.push({
        field: 'dateOfBirth',
        message: 'Enter your date of birth as a real date, for example 27 3 1964',
      });
    if (!/^[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]$/i.test(details.insuranceNumber))
      problems.push({
        field: 'insuranceNumber',
        message: 'Enter a National Insurance number in the correct format',
      });
    setErrors(problems);
    if (problems.length) return;
    setBusy(true);
    try {
      const started = await authApi.startRegistration(details);
      setStep({
        name: 'code',
        registrationId: started.registrationId,
        typed: { referenceNumber: details.referenceNumber, dateOfBirth: details.dateOfBirth },
      });
    } catch (error) {
      setErrors(explain(error, 'referenceNumber'));
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>, registrationId: string) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const confirmation = {
      registrationId,
      code: text(form, 'code'),
      username: text(form, 'username'),
      password: String(form.get('password') ?? ''),
    };
    const checked = registrationConfirmationSchema.safeParse(confirmation);
    const problems: FieldError[] = checked.success
      ? []
      : checked.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
    setErrors(problems);
    if (problems.length) return;
    setBusy(true);
    try {
      const account = await authApi.confirmRegistration(confirmation);
      setStep({ name: 'done', username: account.username });
    } catch (error) {
      setErrors(explain(error, 'code'));
    } finally {
      setBusy(false);
    }
  }

  if (step.name === 'done') {
    return (
      <div className="narrow">
        <div className="panel">
          <h1>Account created</h1>
          <p>Your username is {step.username}</p>
        </div>
        <p>You can now sign in to see your {tenant.tenantName} pension.</p>
        <Link to={routes.postLogout} className="button">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      {step.name === 'details' ? (
        <>
          <h1>Create an account</h1>
          <p>
            You need the reference number from your pension statement. We send a security code to the email
            address or mobile number we hold for you, or by post if we hold neither.
          </p>
          <form onSubmit={submitDetails} noValidate>
            <TextField
              id="referenceNumber"
              label="Reference number"
              hint="This is on your annual pension statement"
              inputMode="numeric"
              spellCheck={false}
              error={errorFor('referenceNumber')}
            />
            <DateField
              id="dateOfBirth"
              legend="Date of birth"
              hint="For example, 27 3 1964"
              autoCompletePrefix="bday"
              error={errorFor('dateOfBirth')}
            />
            <TextField
              id="insuranceNumber"
              label="National Insurance number"
              hint="It’s on your National Insurance card, payslip or P60. For example, ‘QQ 12 34 56 C’."
              spellCheck={false}
              autoCapitalize="characters"
              error={errorFor('insuranceNumber')}
            />
            <button type="submit" className="button" disabled={busy}>
              Continue
            </button>
          </form>
        </>
      ) : (
        <>
          <h1>Enter your security code</h1>
          <p>
            If your details match our records, we have sent a 6-digit security code to the email address or
            mobile number we hold for you. It works for 15 minutes.
          </p>
          <p>
            If we do not hold either, the code will arrive by post at your home address within 5 working days,
            with a link back to this page. It works for 30 days.
          </p>
          <form onSubmit={(event) => void submitCode(event, step.registrationId)} noValidate>
            <TextField
              id="code"
              label="Security code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={errorFor('code')}
            />
            <TextField
              id="username"
              label="Choose a username"
              autoComplete="username"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={errorFor('username')}
            />
            <NewPasswordField
              id="password"
              label="Choose a password"
              error={errorFor('password')}
              personalInputs={personalPasswordInputs({ ...step.typed, username: username.trim() })}
            />
            <button type="submit" className="button" disabled={busy}>
              Create account
            </button>
          </form>
        </>
      )}
    </div>
  );
}
