import './bereavement.css';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While a report of a death is started and not sent, leaving it warns: closing or reloading the tab asks
 * the browser's question (beforeunload), and a link in the site that leaves the report's pages asks in a
 * dialog first. Moving between the report's own pages (Continue, Back, Change) asks nothing.
 */
export function ReportLeaveWarning({ when, reportPath }: { when: boolean; reportPath: string }) {
  const inReport = (pathname: string) => pathname === reportPath || pathname.startsWith(`${reportPath}/`);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !inReport(nextLocation.pathname),
  );
  const dialog = useRef<HTMLDialogElement>(null);
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
      className="report-leave-dialog"
      aria-labelledby="report-leave-title"
      onClose={() => blocker.state === 'blocked' && blocker.reset()}
    >
      <h2 id="report-leave-title">Leave your report?</h2>
      <p>
        You have not sent your report yet. If you leave, we keep your answers only for a few minutes; after
        that you will need to start again.
      </p>
      <div className="button-group">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Stay and finish the report
        </button>
        <button type="button" className="link-button" onClick={() => blocker.proceed()}>
          Leave the report
        </button>
      </div>
    </dialog>
  );
}
