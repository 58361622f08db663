import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { passwordResetConfirmSchema, passwordResetStartSchema, webAppPaths } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { checkForm, errorFor } from '../../lib/form';
import { useTenant } from '../../lib/tenant';
import { accountApi } from './api';
import { NewPasswordField } from '../../components/NewPasswordField';
import { recoveryError } from './recovery-errors';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Forgotten password, first page: the username or email address; a code goes to the details we hold. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Reset your password');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(passwordResetStartSchema, {
      account: text(new FormData(event.currentTarget), 'account'),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.startPasswordReset(checked.value.account);
      await navigate(webAppPaths.resetPassword, { state: { account: checked.value.account } });
    } catch (error) {
      setErrors([recoveryError(error, 'account')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Reset your password</h1>
      <p>
        We will send a security code to the email address we hold for you, or by text message if we hold no
        email address, or by post if we hold neither. We never send it anywhere else.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="account"
          label="Username or email address"
          autoComplete="username"
          spellCheck={false}
          error={errorFor(errors, 'account')}
        />
        <button type="submit" className="button" disabled={busy}>
          Send a code
        </button>
      </form>
      <p>
        <Link to={webAppPaths.forgotUsername}>I have forgotten my username</Link>
      </p>
    </div>
  );
}

/** Forgotten password, second page: the code and a new password. A letter's link opens this page. */
export function ResetPasswordPage() {
  const { routes } = useTenant();
  const account = (useLocation().state as { account?: string } | null)?.account ?? '';
  const [typedAccount, setTypedAccount] = useState(account);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useDocumentTitle(done ? 'Your password has been reset' : 'Enter the code and a new password');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(passwordResetConfirmSchema, {
      account: text(form, 'account'),
      code: text(form, 'code'),
      password: String(form.get('password') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.confirmPasswordReset(checked.value);
      setDone(true);
    } catch (error) {
      setErrors([recoveryError(error, 'code')]);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="narrow">
        <div className="panel">
          <h1>Your password has been reset</h1>
        </div>
        <p>
          You have been signed out on every device. We have sent a message to say so to each email address,
          mobile number and postal address we hold for you.
        </p>
        <Link to={routes.postLogout} className="button">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Enter the code and a new password</h1>
      <p>
        If the username or email address matches an account, we have sent a 6-digit security code to the email
        address or mobile number we hold. It works for 15 minutes. A code sent by post works for 14 days.
      </p>
      <p>
        If nothing arrives within a few minutes,{' '}
        <Link to={webAppPaths.forgotPassword}>ask for a new code</Link> or call us.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="account"
          label="Username or email address"
          autoComplete="username"
          spellCheck={false}
          value={typedAccount}
          onChange={(event) => setTypedAccount(event.target.value)}
          error={errorFor(errors, 'account')}
        />
        <TextField
          id="code"
          label="Security code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errorFor(errors, 'code')}
        />
        <NewPasswordField
          id="password"
          label="New password"
          error={errorFor(errors, 'password')}
          personalInputs={typedAccount.trim() ? [typedAccount.trim().toLowerCase()] : []}
        />
        <button type="submit" className="button" disabled={busy}>
          Reset password
        </button>
      </form>
    </div>
  );
}
