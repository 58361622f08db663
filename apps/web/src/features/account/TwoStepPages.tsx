import './account.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  appCodeSchema,
  regenerateRecoveryCodesSchema,
  twoStepOffSchema,
  webAppPaths,
  type TwoStepSetup,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { twoStepSetupDue } from '../../lib/auth';
import { checkForm, errorFor } from '../../lib/form';
import { saveBlob } from '../../lib/save-file';
import { useTenant } from '../../lib/tenant';
import { accountApi } from './api';
import { errorCodeOf, twoStepError } from './two-step-errors';

/** The recovery codes, shown once: to write down or download, each working once. */
function RecoveryCodesShown({ codes, username }: { codes: string[]; username: string }) {
  const { tenant, routes } = useTenant();
  const heading = useRef<HTMLHeadingElement>(null);
  const wasDue = useRef(twoStepSetupDue.read());
  useDocumentTitle('Save your recovery codes');
  useEffect(() => {
    twoStepSetupDue.write(false);
    heading.current?.focus();
  }, []);
  const download = () =>
    saveBlob(
      new Blob(
        [
          [
            `${tenant.tenantName}: recovery codes for ${username}`,
            '',
            'Each code works once, instead of a code from your authenticator app.',
            'Keep them somewhere safe. Making new codes stops these working.',
            '',
            ...codes,
            '',
          ].join('\n'),
        ],
        { type: 'text/plain' },
      ),
      'recovery-codes.txt',
    );
  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h1>
      <p>
        If you lose your phone or cannot use your authenticator app, you can sign in with one of these codes
        instead. Each code works once.
      </p>
      <p className="notice">
        This is the only time we show them. Write them down or download them, and keep them somewhere safe.
      </p>
      <ul className="recovery-codes" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="button-group">
        <button type="button" className="button button--secondary" onClick={download}>
          Download as a text file
        </button>
        <Link className="button" to={wasDue.current ? routes.landing : webAppPaths.signInSecurity}>
          Continue
        </Link>
      </div>
    </div>
  );
}

/** Set up two-step verification: scan the QR code (or type the key), confirm with the app's code. */
export function TwoStepSetupPage() {
  const security = useLoad((signal) => accountApi.security(signal));
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const { tenant } = useTenant();
  useDocumentTitle(errors.length ? 'Error: Set up two-step verification' : 'Set up two-step verification');

  const start = async () => {
    setErrors([]);
    try {
      setSetup(await accountApi.startTwoStep());
    } catch (error) {
      setErrors([twoStepError(error, 'code')]);
    }
  };
  const enabled = security.data?.twoStep.enabled;
  // Once per visit: each start replaces the secret, so two at once could show one and keep the other.
  const started = useRef(false);
  useEffect(() => {
    if (enabled !== false || started.current) return;
    started.current = true;
    void start();
  }, [enabled]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(appCodeSchema, { code: new FormData(event.currentTarget).get('code') ?? '' });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      setCodes((await accountApi.confirmTwoStep(checked.value.code)).recoveryCodes);
    } catch (error) {
      setErrors([twoStepError(error, 'code')]);
      if (errorCodeOf(error) === 'two_step_setup_expired') setSetup(null);
    } finally {
      setBusy(false);
    }
  }

  if (security.failure) return <LoadFailed what="show this page" load={security} />;
  if (!security.data) return <p className="page-loading">Loading...</p>;
  if (codes) return <RecoveryCodesShown codes={codes} username={security.data.username} />;
  if (security.data.twoStep.enabled)
    return (
      <div className="narrow">
        <h1>Two-step verification is on</h1>
        <p>Your account already asks for a code from your authenticator app when you sign in.</p>
        <p>
          <Link to={webAppPaths.signInSecurity}>Back to Sign-in and security</Link>
        </p>
      </div>
    );
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      {security.data.twoStep.required && (
        <div className="notice" role="status">
          <p>{tenant.tenantName} asks every member to use two-step verification. Set it up to carry on.</p>
        </div>
      )}
      <h1>Set up two-step verification</h1>
      <p>
        When you sign in, we will ask for a code from an authenticator app on your phone as well as your
        password. Someone who learns your password still cannot get in.
      </p>
      <h2>1. Get an authenticator app</h2>
      <p>
        Use any authenticator app, such as Google Authenticator, Microsoft Authenticator or the one built into
        your phone&apos;s password manager.
      </p>
      <h2>2. Add your account to the app</h2>
      {setup ? (
        <>
          <p>Scan this QR code with the app.</p>
          <img
            className="two-step-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
            alt="QR code to add your account to an authenticator app"
            width={200}
            height={200}
          />
          <p>If you cannot scan it, choose to enter a key in the app and type this key:</p>
          <p className="two-step-key">
            <code aria-label={`Setup key: ${setup.secret}`}>{setup.secret}</code>
          </p>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void start()}>
          Show a new QR code
        </button>
      )}
      <h2>3. Enter the code from the app</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          id="code"
          label="6-digit code from your authenticator app"
          hint="The app shows a new code every 30 seconds."
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          className="code-input"
          error={errorFor(errors, 'code')}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy || !setup}>
            Turn on two-step verification
          </button>
          {!security.data.twoStep.required && <Link to={webAppPaths.signInSecurity}>Cancel</Link>}
        </div>
      </form>
    </div>
  );
}

/** New recovery codes, with the password: the old ones stop working. */
export function RecoveryCodesPage() {
  const security = useLoad((signal) => accountApi.security(signal));
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(errors.length ? 'Error: Make new recovery codes' : 'Make new recovery codes');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(regenerateRecoveryCodesSchema, {
      password: String(new FormData(event.currentTarget).get('password') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      setCodes((await accountApi.newRecoveryCodes(checked.value.password)).recoveryCodes);
    } catch (error) {
      setErrors([twoStepError(error, 'password')]);
    } finally {
      setBusy(false);
    }
  }

  if (security.failure) return <LoadFailed what="show this page" load={security} />;
  if (!security.data) return <p className="page-loading">Loading...</p>;
  if (codes) return <RecoveryCodesShown codes={codes} username={security.data.username} />;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Make new recovery codes</h1>
      <p>You will get ten new codes, and the ones you have now will stop working.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errorFor(errors, 'password')}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Make new codes
          </button>
          <Link to={webAppPaths.signInSecurity}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}

/** Turn two-step verification off: the password and a code from the app (or a recovery code). */
export function TwoStepOffPage() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(
    errors.length ? 'Error: Turn off two-step verification' : 'Turn off two-step verification',
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkForm(twoStepOffSchema, {
      password: String(form.get('password') ?? ''),
      code: String(form.get('code') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.turnOffTwoStep(checked.value);
      await navigate(webAppPaths.signInSecurity, {
        state: { changed: 'Two-step verification is off. Signing in now asks for your password only' },
      });
    } catch (error) {
      const code = errorCodeOf(error);
      setErrors([twoStepError(error, code?.startsWith('password') ? 'password' : 'code')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Turn off two-step verification</h1>
      <p>Your account will then be protected by your password alone.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errorFor(errors, 'password')}
        />
        <TextField
          id="code"
          label="Code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          className="code-input"
          error={errorFor(errors, 'code')}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Turn off two-step verification
          </button>
          <Link to={webAppPaths.signInSecurity}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
