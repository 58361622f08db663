import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth';

function describe(seconds: number) {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Warns before the idle timeout signs the member out, with a way to stay signed in. */
export function IdleTimeoutDialog() {
  const { timeoutWarning, staySignedIn, signOut } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = timeoutWarning !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="timeout-dialog"
      role="alertdialog"
      aria-labelledby="timeout-title"
      aria-describedby="timeout-description"
      onCancel={(event) => {
        event.preventDefault();
        void staySignedIn();
      }}
    >
      <h2 id="timeout-title">You are about to be signed out</h2>
      <p id="timeout-description">
        For your security, we will sign you out in {describe(timeoutWarning?.secondsLeft ?? 0)} if you do nothing.
      </p>
      <div className="button-group">
        <button type="button" className="button" onClick={() => void staySignedIn()}>
          Stay signed in
        </button>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out now
        </button>
      </div>
    </dialog>
  );
}
