import { LeaveWarning } from '../../components/LeaveWarning';

/**
 * While a report of a death is started and not sent, leaving it warns: closing or reloading the tab asks
 * the browser's question, and a link in the site that leaves the report's pages asks in a dialog first.
 * Moving between the report's own pages (Continue, Back, Change) asks nothing.
 */
export function ReportLeaveWarning({ when, reportPath }: { when: boolean; reportPath: string }) {
  const inReport = (pathname: string) => pathname === reportPath || pathname.startsWith(`${reportPath}/`);
  return (
    <LeaveWarning
      when={when}
      leaves={(next) => !inReport(next.pathname)}
      title="Leave your report?"
      stayLabel="Stay and finish the report"
      leaveLabel="Leave the report"
    >
      <p>
        You have not sent your report yet. If you leave, we keep your answers only for a few minutes; after
        that you will need to start again.
      </p>
    </LeaveWarning>
  );
}
