import './account.css';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { passwordChangeSchema, webAppPaths } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { checkForm, errorFor } from '../../lib/form';
import { accountApi } from './api';
import { NewPasswordField } from '../../components/NewPasswordField';
import { recoveryError } from './recovery-errors';

/** Change your password: the current one, then a new one; other devices are signed out. */
export function ChangePasswordPage() {
  const security = useLoad((signal) => accountApi.security(signal));
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Change your password');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(passwordChangeSchema, {
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.changePassword(checked.value);
      await navigate(webAppPaths.signInSecurity, {
        state: { changed: 'Your password has been changed, and your other devices have been signed out' },
      });
    } catch (error) {
      const explained = recoveryError(error, 'newPassword', 'newPassword');
      const aboutCurrent = explained.field === 'password';
      setErrors([aboutCurrent ? { ...explained, field: 'currentPassword' } : explained]);
    } finally {
      setBusy(false);
    }
  }

  if (security.failure) return <LoadFailed what="show this page" load={security} />;
  if (!security.data) return <p className="page-loading">Loading...</p>;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Change your password</h1>
      <p>When you change it, every other device signed in to your account is signed out.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errorFor(errors, 'currentPassword')}
        />
        <NewPasswordField
          id="newPassword"
          label="New password"
          error={errorFor(errors, 'newPassword')}
          personalInputs={security.data.passwordInputs}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Change password
          </button>
          <Link to={webAppPaths.signInSecurity}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
