import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';
import { SingleAuthSignInLink } from '../single-auth';
import type { SecondFactorChallenge } from '@meridian/contracts';
import { SecondFactorStep } from './SecondFactorStep';
import { PASSKEY_BUTTON_ID, PasskeySignIn } from './PasskeySignIn';

const serverMessages: Record<string, string> = {
  invalid_credentials:
    'The username or password is not right. After 5 wrong attempts in a row, sign-in is paused for 15 minutes.',
  too_many_requests: 'Too many attempts. Wait a few minutes and try again.',
  account_suspended:
    'This account is closed because we have been told that the member has died. If this is wrong, or you need to talk to us about their pension, please call us. Our number is on the Contact us page.',
};

const notices: Record<string, string> = {
  timeout:
    'You were signed out because you did nothing for a while. What you had already sent us is kept, but not a form you had not finished. Sign in again to carry on.',
  signedOut: 'You have signed out.',
};

export function LoginPage() {
  const { signIn } = useAuth();
  const { routes, tenant } = useTenant();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge['secondFactor'] | null>(null);
  useDocumentTitle(errors.length ? 'Error: Sign in' : 'Sign in');
  const notice = notices[params.get('reason') ?? ''];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const userName = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const missing: FieldError[] = [];
    if (!userName) missing.push({ field: 'username', message: 'Enter your username' });
    else if (userName.length > 80)
      missing.push({ field: 'username', message: 'Username must be 80 characters or fewer' });
    if (!password) missing.push({ field: 'password', message: 'Enter your password' });
    setErrors(missing);
    if (missing.length) return;
    setSubmitting(true);
    try {
      const answer = await signIn(userName, password);
      if ('secondFactor' in answer) setChallenge(answer.secondFactor);
      else navigate(routes.deeplink, { replace: true });
    } catch (error) {
      const code = error instanceof HttpError ? error.codes[0] : undefined;
      setErrors([
        {
          field: 'username',
          message:
            (code && serverMessages[code]) ??
            serviceProblem(error) ??
            'Sorry, we could not sign you in. Try again later.',
        },
      ]);
    } finally {
      setSubmitting(false);
    }
  }

  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={() => navigate(routes.deeplink, { replace: true })}
        onExpired={(message) => {
          setChallenge(null);
          setErrors([{ field: 'username', message }]);
        }}
      />
    );

  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      {notice && (
        <div className="notice" role="status">
          {notice}
        </div>
      )}
      <h1>Sign in</h1>
      <p>Sign in to see your {tenant.tenantName} pension.</p>
      <SingleAuthSignInLink />
      <form onSubmit={onSubmit} noValidate>
        {(['username', 'password'] as const).map((field) => (
          <div key={field} className={`form-group${fieldError(field) ? ' form-group--error' : ''}`}>
            <label htmlFor={field}>{field === 'username' ? 'Username' : 'Password'}</label>
            {fieldError(field) && (
              <p id={`${field}-error`} className="error-message">
                <span className="visually-hidden">Error:</span> {fieldError(field)}
              </p>
            )}
            <input
              id={field}
              name={field}
              type={field === 'password' ? 'password' : 'text'}
              // "webauthn": the browser may offer the member's passkeys among the username's suggestions.
              autoComplete={field === 'password' ? 'current-password' : 'username webauthn'}
              spellCheck={false}
              aria-invalid={fieldError(field) ? true : undefined}
              aria-describedby={fieldError(field) ? `${field}-error` : undefined}
            />
          </div>
        ))}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <Link to={webAppPaths.forgotPassword}>Forgotten your password?</Link>
      </p>
      <p>
        <Link to={webAppPaths.forgotUsername}>Forgotten your username?</Link>
      </p>
      <PasskeySignIn
        onSignedIn={() => navigate(routes.deeplink, { replace: true })}
        onProblem={(message) => setErrors([{ field: PASSKEY_BUTTON_ID, message }])}
      />
      <h2>New to this service?</h2>
      <p>
        <Link to="/register">Create an account</Link> with the reference number from your pension statement.
      </p>
    </div>
  );
}
