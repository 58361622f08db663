import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { problemText, useConsoleTitle } from './fields';
import { staffAdminApi } from './staff-admin-api';

/**
 * A new member of staff's first step, from the link their administrator's console emailed them: the
 * token is in the link's fragment (never sent to a server in a request line), and they choose a
 * password. They then sign in and set up their authenticator app.
 */
export function StaffSetUpPage({ token = window.location.hash.slice(1) }: { token?: string }) {
  useConsoleTitle('Set your password');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const again = String(form.get('password-again') ?? '');
    const problems: FieldError[] = [];
    if (!password) problems.push({ field: 'password', message: 'Enter a password' });
    else if (password !== again)
      problems.push({ field: 'password-again', message: 'Enter the same password again' });
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      setDone((await staffAdminApi.setUp(token, password)).email);
    } catch (error) {
      setErrors([{ field: 'password', message: problemText(error) }]);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <>
        <h1>Your password is set</h1>
        <p>
          Sign in as {done} with it. You will then be shown a key to add to your authenticator app, and asked
          for the code it gives.
        </p>
        <p>
          <Link to="/admin/sign-in">Sign in to Meridian operations</Link>
        </p>
      </>
    );
  if (token.length < 20)
    return (
      <>
        <h1>This set-up link is not complete</h1>
        <p>Open the link in your set-up email again, or ask your administrator to add you again.</p>
      </>
    );
  return (
    <>
      <ErrorSummary errors={errors} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <h1>Set your password</h1>
        <p>
          Use 12 characters or more. A few unrelated words make a strong password. Do not use your name or
          email address.
        </p>
        <TextField
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.find((error) => error.field === 'password')?.message}
        />
        <TextField
          id="password-again"
          label="Enter the password again"
          type="password"
          autoComplete="new-password"
          error={errors.find((error) => error.field === 'password-again')?.message}
        />
        <button type="submit" className="button" disabled={busy}>
          Set my password
        </button>
      </form>
    </>
  );
}
