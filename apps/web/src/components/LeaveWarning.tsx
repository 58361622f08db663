import './LeaveWarning.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useBlocker, type Location } from 'react-router';

/**
 * While `when` holds, leaving asks first: closing or reloading the tab asks the browser's own question
 * (beforeunload), and a move in the site to another page that `leaves` says is away asks in a dialog.
 */
export function LeaveWarning({
  when,
  leaves = () => true,
  title,
  children,
  stayLabel,
  leaveLabel,
}: {
  when: boolean;
  /** Whether moving to `next` (another path) leaves what would be lost; every other path by default. */
  leaves?: (next: Location) => boolean;
  title: string;
  children: ReactNode;
  stayLabel: string;
  leaveLabel: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && leaves(nextLocation),
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  useEffect(() => {
    if (blocker.state === 'blocked' && !dialog.current?.open) dialog.current?.showModal();
  }, [blocker.state]);
  if (blocker.state !== 'blocked') return null;
  return (
    <dialog
      ref={dialog}
      className="leave-dialog"
      aria-labelledby={titleId}
      onClose={() => blocker.state === 'blocked' && blocker.reset()}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="button-group">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          {stayLabel}
        </button>
        <button type="button" className="link-button" onClick={() => blocker.proceed()}>
          {leaveLabel}
        </button>
      </div>
    </dialog>
  );
}
