import { useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { when } from './OutboxPage';
import { ConfirmNotice, problemText, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { staffPasskeyProblem, staffPasskeysApi } from './staff-passkeys-api';

/**
 * A member of staff's own passkeys for the console: each signs them in alone (with their fingerprint,
 * face or device PIN), as the password and authenticator code do together. Add one (named, then made
 * by the browser), or remove one after confirming.
 */
export function StaffPasskeysPage() {
  useConsoleTitle('Your passkeys');
  const read = useLoad(() => staffPasskeysApi.list());
  const { busy, run, refuse, errors, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const [supported] = useState(() => browserSupportsWebAuthn());

  const [making, setMaking] = useState(false);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const named = passkeyNameSchema.safeParse(String(new FormData(form).get('passkey-name') ?? ''));
    if (!named.success)
      return refuse('passkey-name', named.error.issues[0]?.message ?? 'Enter a name for the passkey');
    // The browser's ceremony first (its refusals worded here), then the server keeps what it made.
    setMaking(true);
    let credential;
    try {
      const { options } = await staffPasskeysApi.options();
      credential = await startRegistration({ optionsJSON: options });
    } catch (error) {
      return refuse('passkey-name', staffPasskeyProblem(error, problemText));
    } finally {
      setMaking(false);
    }
    return run('passkey-name', async () => {
      const added = await staffPasskeysApi.add(named.data, credential);
      form.reset();
      return `Passkey “${added.name}” added. You can now sign in to the console with it.`;
    });
  };

  const remove = (passkey: Passkey) =>
    run(`remove-${passkey.id}`, async () => {
      await staffPasskeysApi.remove(passkey.id);
      setConfirming(null);
      return `Passkey “${passkey.name}” removed: it no longer signs you in.`;
    });

  const passkeys = read.data?.passkeys;
  return (
    <>
      {feedback}
      <h1>Your passkeys</h1>
      <p>
        A passkey signs you in to the console with your fingerprint, face or device PIN instead of your
        password and authenticator code. It is kept on your device or in your password manager and works only
        on this website. Your password and code keep working.
      </p>
      <LoadFailed what="show your passkeys" load={read} />
      {!passkeys && !read.failure && <p>Loading...</p>}
      {passkeys?.length === 0 && <p>You have no passkeys yet.</p>}
      {confirming && (
        <ConfirmNotice
          title={`Remove ${confirming.name}?`}
          confirmLabel={`Yes, remove ${confirming.name}`}
          busy={busy}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>It will no longer sign you in. You can add it again later.</p>
        </ConfirmNotice>
      )}
      {passkeys && passkeys.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Your passkeys, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) => (
              <tr key={passkey.id}>
                <td>{passkey.name}</td>
                <td>{when(passkey.createdAt)}</td>
                <td>{passkey.lastUsedAt ? when(passkey.lastUsedAt) : 'Never'}</td>
                <td>
                  <button
                    id={`remove-${passkey.id}`}
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setConfirming(passkey)}
                  >
                    Remove<span className="visually-hidden"> {passkey.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Add a passkey</h2>
      {supported ? (
        <form noValidate onSubmit={(event) => void add(event)}>
          <TextField
            id="passkey-name"
            label="Name this passkey"
            hint="So that you can tell your passkeys apart, for example ‘Work laptop’"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            error={errors.find((error) => error.field === 'passkey-name')?.message}
          />
          <button type="submit" className="button" disabled={busy || making}>
            Create passkey
          </button>
        </form>
      ) : (
        <p>This browser cannot make passkeys. Try a recent version of your browser, or another device.</p>
      )}
    </>
  );
}
