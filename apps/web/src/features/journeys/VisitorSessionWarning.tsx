import { useEffect, useRef, useState } from 'react';
import { journeyApi } from './journey-api';

/** How long before a visitor's journey times out the warning opens. */
const WARN_SECONDS = 5 * 60;

const describe = (seconds: number) =>
  seconds >= 60
    ? `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * Warns a visitor before their journey's token runs out (it lasts minutes, renewed by each step),
 * as the idle-timeout dialog warns a member, with a way to keep going.
 */
export function VisitorSessionWarning({
  type,
  expiresAt,
  restartHref,
}: {
  type: string;
  expiresAt: string;
  /** The journey's first page, where a visitor whose time ran out starts again. */
  restartHref: string;
}) {
  const [expiry, setExpiry] = useState(() => new Date(expiresAt).getTime());
  const [secondsLeft, setSecondsLeft] = useState(() => Math.round((expiry - Date.now()) / 1000));
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setExpiry(new Date(expiresAt).getTime()), [expiresAt]);
  useEffect(() => {
    const tick = () => setSecondsLeft(Math.max(0, Math.round((expiry - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiry]);
  const open = secondsLeft <= WARN_SECONDS;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close();
  }, [open]);

  async function keepGoing() {
    try {
      const { expiresAt: renewed } = await journeyApi.keepAlive(type);
      setExpiry(new Date(renewed).getTime());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="timeout-dialog"
      role="alertdialog"
      aria-labelledby="visitor-timeout-title"
      aria-describedby="visitor-timeout-description"
      onCancel={(event) => {
        event.preventDefault();
        void keepGoing();
      }}
    >
      <h2 id="visitor-timeout-title">
        {secondsLeft > 0 ? 'Your session is about to time out' : 'Your session has timed out'}
      </h2>
      <p id="visitor-timeout-description">
        {secondsLeft > 0
          ? `For your security, we will delete your answers in ${describe(secondsLeft)} if you do nothing.`
          : 'We can no longer keep your answers. Start again from the first page.'}
      </p>
      {failed && (
        <p className="error-message">We could not keep your session. Start again from the first page.</p>
      )}
      <div className="button-group">
        {secondsLeft > 0 && !failed ? (
          <button type="button" className="button" onClick={() => void keepGoing()}>
            Keep going
          </button>
        ) : (
          <a className="button" href={restartHref}>
            Start again
          </a>
        )}
      </div>
    </dialog>
  );
}
