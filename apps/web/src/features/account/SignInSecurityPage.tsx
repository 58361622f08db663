import './account.css';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { webAppPaths, type Passkey, type SignedInSession, type SignInEvent } from '@meridian/contracts';
import { ActionButton } from '../../components/ActionButton';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { serverError } from '../../lib/form';
import { formatDate, formatTime } from '../../lib/format';
import { accountApi } from './api';

const when = (iso: string) => `${formatDate(iso)} at ${formatTime(iso)}`;
const outcomes = {
  succeeded: 'Signed in',
  failed: 'Wrong password or code',
  locked: 'Refused: sign-in paused',
} as const;

function SessionItem({ session, onSignOut }: { session: SignedInSession; onSignOut: () => Promise<void> }) {
  return (
    <li className="signed-in-session">
      <h3>
        {session.device}
        {session.current && <span className="this-device">This device</span>}
      </h3>
      <p>Place: {session.place}</p>
      <p>Signed in: {when(session.startedAt)}</p>
      <p>Last seen: {when(session.lastSeenAt)}</p>
      {!session.current && (
        <ActionButton className="button button--secondary" action={onSignOut}>
          Sign out
          <span className="visually-hidden">
            {' '}
            of {session.device}, signed in {when(session.startedAt)}
          </span>
        </ActionButton>
      )}
    </li>
  );
}

/**
 * The sign-ins of the last 90 days, newest first: the first page with the page, older ones a page at a
 * time on "Show older sign-ins", told to a screen reader as they come.
 */
function RecentSignIns(first: { signIns: SignInEvent[]; olderSignIns: string | null }) {
  const [signIns, setSignIns] = useState(first.signIns);
  const [older, setOlder] = useState(first.olderSignIns);
  const [told, setTold] = useState<string | null>(null);
  const showOlder = async (from: string) => {
    try {
      const page = await accountApi.olderSignIns(from);
      setSignIns((shown) => [...shown, ...page.signIns]);
      setOlder(page.olderSignIns);
      setTold(
        `${page.signIns.length} older sign-ins shown.${page.olderSignIns ? '' : ' These are all your sign-ins of the last 90 days.'}`,
      );
    } catch (error) {
      setTold(serverError(error, 'signIns').message);
    }
  };
  if (signIns.length === 0) return <p>There have been no sign-ins in the last 90 days.</p>;
  return (
    <>
      <table className="sign-ins-table">
        <caption>Sign-ins to your account in the last 90 days, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Result</th>
            <th scope="col">Device</th>
            <th scope="col">Place</th>
          </tr>
        </thead>
        <tbody>
          {signIns.map((event, index) => (
            <tr key={`${index}-${event.occurredAt}`}>
              <td>{when(event.occurredAt)}</td>
              <td>{outcomes[event.outcome]}</td>
              <td>{event.device}</td>
              <td>{event.place}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p aria-live="polite">{told}</p>
      {older && (
        <ActionButton className="button button--secondary" action={() => showOlder(older)}>
          Show older sign-ins
        </ActionButton>
      )}
    </>
  );
}

const passkeyLink = (path: string, passkey: Passkey) => `${path}?passkey=${encodeURIComponent(passkey.id)}`;

/** The member's passkeys: name, added, last used; rename and remove each, or add another. */
function PasskeysSection() {
  const list = useLoad((signal) => accountApi.passkeys(signal));
  if (list.failure) return <LoadFailed what="show your passkeys" load={list} />;
  if (!list.data) return <p className="page-loading">Loading your passkeys...</p>;
  const { passkeys } = list.data;
  return (
    <>
      <p>
        A passkey lets you sign in with your fingerprint, face or device PIN instead of your username and
        password. Signing in with one needs no code from your authenticator app.
      </p>
      {passkeys.length === 0 ? (
        <p>You have not added a passkey.</p>
      ) : (
        <ul className="signed-in-sessions">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="signed-in-session">
              <h3>{passkey.name}</h3>
              <p>Added: {when(passkey.createdAt)}</p>
              <p>Last used: {passkey.lastUsedAt ? when(passkey.lastUsedAt) : 'Not used yet'}</p>
              <p>
                <Link to={passkeyLink(webAppPaths.renamePasskey, passkey)}>
                  Rename<span className="visually-hidden"> passkey {passkey.name}</span>
                </Link>{' '}
                <Link to={passkeyLink(webAppPaths.removePasskey, passkey)}>
                  Remove<span className="visually-hidden"> passkey {passkey.name}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="button button--secondary" to={webAppPaths.addPasskey}>
          Add a passkey
        </Link>
      </p>
    </>
  );
}

/** My details, Sign-in and security: the password, two-step verification, where you are signed in, recent sign-ins. */
export function SignInSecurityPage() {
  const security = useLoad((signal) => accountApi.security(signal));
  const changed = (useLocation().state as { changed?: string } | null)?.changed;
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useDocumentTitle('Sign-in and security');

  const act = async (work: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await work();
      setNotice(done);
    } catch (error) {
      setProblem(serverError(error, 'sessions').message);
    }
    await security.reload();
  };

  if (security.failure) return <LoadFailed what="show how you sign in" load={security} />;
  if (!security.data) return <p className="page-loading">Loading...</p>;
  const { username, sessions, recentSignIns, olderSignIns, twoStep } = security.data;
  const others = sessions.filter((session) => !session.current);
  const shownNotice = notice ?? changed;
  return (
    <>
      {shownNotice && (
        <div className="notice notice--success" role="status">
          <p>{shownNotice}</p>
        </div>
      )}
      {problem && (
        <div className="notice" role="alert">
          <p>{problem}</p>
        </div>
      )}
      <h1>Sign-in and security</h1>
      <h2>How you sign in</h2>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Username</dt>
          <dd>{username}</dd>
        </div>
        <div className="summary-row">
          <dt>Password</dt>
          <dd>Hidden</dd>
          <dd className="summary-action">
            <Link to={webAppPaths.changePassword}>
              Change<span className="visually-hidden"> your password</span>
            </Link>
          </dd>
        </div>
      </dl>
      <h2>Two-step verification</h2>
      {twoStep.enabled ? (
        <>
          <p>
            On since {formatDate(twoStep.enabledAt)}. When you sign in, we ask for a code from your
            authenticator app after your password.
          </p>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>Recovery codes left</dt>
              <dd>{twoStep.recoveryCodesLeft} of 10</dd>
              <dd className="summary-action">
                <Link to={webAppPaths.recoveryCodes}>Make new recovery codes</Link>
              </dd>
            </div>
          </dl>
          {twoStep.required ? (
            <p>Your scheme asks every member to use two-step verification, so it cannot be turned off.</p>
          ) : (
            <p>
              <Link to={webAppPaths.twoStepOff}>Turn off two-step verification</Link>
            </p>
          )}
        </>
      ) : (
        <>
          <p>
            Two-step verification is off. Turn it on to be asked for a code from an authenticator app on your
            phone as well as your password, so that nobody else can sign in with your password alone.
          </p>
          <p>
            <Link className="button" to={webAppPaths.twoStepSetup}>
              Set up two-step verification
            </Link>
          </p>
        </>
      )}
      <h2>Passkeys</h2>
      {twoStep.required && !twoStep.enabled ? (
        <p>You can add a passkey once two-step verification is set up.</p>
      ) : (
        <PasskeysSection />
      )}
      <h2>Where you are signed in</h2>
      <p>
        The place comes from your internet address alone, so it is only approximate. If you do not recognise a
        device, sign it out and change your password.
      </p>
      <p className="hint">
        Countries come from IP2Location LITE data, available from{' '}
        <a href="https://lite.ip2location.com">lite.ip2location.com</a>.
      </p>
      <ul className="signed-in-sessions">
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            onSignOut={() =>
              act(() => accountApi.signOutSession(session.id), `You have signed out of ${session.device}`)
            }
          />
        ))}
      </ul>
      {others.length > 0 && (
        <ActionButton
          className="button button--secondary"
          action={() => act(() => accountApi.signOutOthers(), 'You have signed out of every other device')}
        >
          Sign out of all other devices
        </ActionButton>
      )}
      <h2>Recent sign-ins</h2>
      <RecentSignIns key={recentSignIns[0]?.occurredAt} signIns={recentSignIns} olderSignIns={olderSignIns} />
      <p>
        <Link to={webAppPaths.myDetails}>Back to your details</Link>
      </p>
    </>
  );
}
