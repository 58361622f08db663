import './account.css';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import {
  passkeyNameSchema,
  passkeyRemovalSchema,
  webAppPaths,
  type Passkey,
  type PasskeyList,
} from '@meridian/contracts';
import { z } from 'zod';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { checkForm, errorFor, serverError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';
import { accountApi } from './api';

/** Passkey refusals the server words for the member: its message is shown as it is. */
const worded = new Set([
  'passkey_challenge_invalid',
  'passkey_origin_invalid',
  'passkey_invalid',
  'passkey_already_added',
  'passkeys_full',
  'passkey_not_found',
  'password_incorrect',
  'password_attempts_exceeded',
  'fresh_step_up_required',
]);

function passkeyError(error: unknown, field: string): FieldError {
  if (error instanceof HttpError && error.codes[0] && worded.has(error.codes[0]))
    return { field, message: error.messages[0] ?? 'This did not work. Try again.' };
  if (error instanceof Error && error.name === 'NotAllowedError')
    return {
      field,
      message: 'No passkey was made: the request was cancelled or timed out. Try again when you are ready.',
    };
  if (error instanceof Error && error.name === 'InvalidStateError')
    return { field, message: 'This device already has a passkey for your account.' };
  return serverError(error, field);
}

const nameForm = z.object({ name: passkeyNameSchema });

/** Add a passkey: the member names it, then their browser or phone makes it. */
export function AddPasskeyPage() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  useDocumentTitle(errors.length ? 'Error: Add a passkey' : 'Add a passkey');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(nameForm, {
      name: String(new FormData(event.currentTarget).get('name') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      const { options } = await accountApi.passkeyOptions();
      const credential = await startRegistration({ optionsJSON: options });
      const added = await accountApi.addPasskey(checked.value.name, credential);
      await navigate(webAppPaths.signInSecurity, {
        state: {
          changed: `Passkey “${added.name}” added. You can now sign in with it instead of your password`,
        },
      });
    } catch (error) {
      setErrors([passkeyError(error, 'name')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Add a passkey</h1>
      <p>
        A passkey lets you sign in with your fingerprint, face or device PIN instead of your username and
        password. It is kept on your device or in your password manager, and it only works on this website.
      </p>
      {supported ? (
        <form onSubmit={submit} noValidate>
          <TextField
            id="name"
            label="Name this passkey"
            hint="So that you can tell your passkeys apart, for example ‘My phone’ or ‘Work laptop’"
            autoComplete="off"
            maxLength={80}
            error={errorFor(errors, 'name')}
          />
          <div className="button-group">
            <button type="submit" className="button" disabled={busy}>
              Create passkey
            </button>
            <Link to={webAppPaths.signInSecurity}>Cancel</Link>
          </div>
        </form>
      ) : (
        <>
          <p>This browser cannot make passkeys. Try a recent version of your browser, or another device.</p>
          <p>
            <Link to={webAppPaths.signInSecurity}>Back to Sign-in and security</Link>
          </p>
        </>
      )}
    </div>
  );
}

/** The passkey named in `?passkey=`, from the member's list; null once the list says it is not theirs. */
function usePasskey() {
  const id = useSearchParams()[0].get('passkey') ?? '';
  const list = useLoad((signal) => accountApi.passkeys(signal));
  const passkey: Passkey | null | undefined = list.data
    ? (list.data.passkeys.find((item) => item.id === id) ?? null)
    : undefined;
  return { list, passkey, data: list.data as PasskeyList | undefined };
}

function PasskeyGone() {
  return (
    <div className="narrow">
      <h1>Passkey not found</h1>
      <p>This passkey has already been removed, or it is not one of yours.</p>
      <p>
        <Link to={webAppPaths.signInSecurity}>Back to Sign-in and security</Link>
      </p>
    </div>
  );
}

/** Rename one of the member's passkeys. */
export function RenamePasskeyPage() {
  const navigate = useNavigate();
  const { list, passkey } = usePasskey();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(errors.length ? 'Error: Rename a passkey' : 'Rename a passkey');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passkey) return;
    const checked = checkForm(nameForm, {
      name: String(new FormData(event.currentTarget).get('name') ?? ''),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.renamePasskey(passkey.id, checked.value.name);
      await navigate(webAppPaths.signInSecurity, {
        state: { changed: `Passkey renamed “${checked.value.name}”` },
      });
    } catch (error) {
      setErrors([passkeyError(error, 'name')]);
    } finally {
      setBusy(false);
    }
  }

  if (list.failure) return <LoadFailed what="show your passkey" load={list} />;
  if (passkey === undefined) return <p className="page-loading">Loading...</p>;
  if (passkey === null) return <PasskeyGone />;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Rename a passkey</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          id="name"
          label="New name"
          defaultValue={passkey.name}
          autoComplete="off"
          maxLength={80}
          error={errorFor(errors, 'name')}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Save name
          </button>
          <Link to={webAppPaths.signInSecurity}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}

/** Remove one of the member's passkeys: the password, unless the session confirmed it is them lately. */
export function RemovePasskeyPage() {
  const navigate = useNavigate();
  const { list, passkey, data } = usePasskey();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(errors.length ? 'Error: Remove a passkey' : 'Remove a passkey');
  const askPassword = !data?.stepUpFresh;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passkey) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const checked = checkForm(
      askPassword
        ? passkeyRemovalSchema.extend({ password: z.string().min(1, 'Enter your password').max(200) })
        : passkeyRemovalSchema,
      askPassword ? { password } : {},
    );
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      await accountApi.removePasskey(passkey.id, checked.value.password);
      await navigate(webAppPaths.signInSecurity, {
        state: { changed: `Passkey “${passkey.name}” removed. It can no longer be used to sign in` },
      });
    } catch (error) {
      setErrors([passkeyError(error, 'password')]);
      // The few minutes since this session confirmed it is the member ran out: ask for the password.
      if (error instanceof HttpError && error.codes[0] === 'fresh_step_up_required') await list.reload();
    } finally {
      setBusy(false);
    }
  }

  if (list.failure) return <LoadFailed what="show your passkey" load={list} />;
  if (passkey === undefined) return <p className="page-loading">Loading...</p>;
  if (passkey === null) return <PasskeyGone />;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Remove passkey “{passkey.name}”</h1>
      <p>
        You will no longer be able to sign in with it. Remove it from your device or password manager as well.
      </p>
      <form onSubmit={submit} noValidate>
        {askPassword ? (
          <TextField
            id="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errorFor(errors, 'password')}
          />
        ) : (
          errorFor(errors, 'password') && (
            <p id="password" className="error-message" tabIndex={-1}>
              <span className="visually-hidden">Error:</span> {errorFor(errors, 'password')}
            </p>
          )
        )}
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Remove passkey
          </button>
          <Link to={webAppPaths.signInSecurity}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
