import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DeathReportList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { formatDate, formatFileSize } from '../../lib/format';
import { consoleApi, fileUrl } from './console-api';
import { ConsolePagination, countOf } from './ConsolePagination';
import { useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';

type Report = DeathReportList['reports'][number];
const at = (iso: string) => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

/**
 * Reports of a death sent by relatives, a page at a time (those not yet matched first, then newest):
 * match each to the member record (suspending the account), or undo.
 */
export function DeathReportsPage() {
  useConsoleTitle('Reports of a death');
  const [params] = useSearchParams();
  const page = params.get('page');
  const read = useLoad(() => consoleApi.deathReports(page), { key: page ?? '1' });
  const { canAct, errors, busy, refuse, run, feedback } = useStaffAction(read.reload);

  const match = (report: Report) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = `member-${report.caseNumber}`;
    const reference = String(new FormData(event.currentTarget).get(field) ?? '').trim();
    if (!reference) return refuse(field, 'Enter the member’s reference number');
    void run(field, async () => {
      const matched = await consoleApi.matchDeathReport(report.caseNumber, reference);
      return `${report.caseNumber} is matched to ${matched.businessGroup} ${matched.referenceNumber}; ${matched.suspendedUsers} account(s) suspended.`;
    });
  };

  const unmatch = (report: Report) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(`undo-${report.caseNumber}`, async () => {
      const undone = await consoleApi.unmatchDeathReport(report.caseNumber);
      return `${report.caseNumber} is no longer matched; ${undone.liftedUsers} account(s) can sign in again.`;
    });
  };

  const reports = read.data?.reports;
  return (
    <>
      {feedback}
      <h1>Reports of a death</h1>
      <p>
        Match a report to the member it is about once you are sure: their portal account is suspended and
        their sessions end. Undo a mistaken match to let them sign in again.
      </p>
      <LoadFailed what="show the reports" load={read} />
      {!reports && !read.failure && <p>Loading...</p>}
      {read.data && read.data.total > 0 && (
        <p className="console-count">
          {countOf(read.data.total, 'report', 'reports')}, those not yet matched first
        </p>
      )}
      {reports?.length === 0 && (
        <p>{read.data?.total ? 'No reports on this page.' : 'No reports have been sent.'}</p>
      )}
      {reports?.map((report) => {
        const field = `member-${report.caseNumber}`;
        const error = errors.find((candidate) => candidate.field === field)?.message;
        return (
          <section key={report.caseNumber} aria-labelledby={`report-${report.caseNumber}`}>
            <h2 id={`report-${report.caseNumber}`}>Report {report.caseNumber}</h2>
            <p>
              <Link to={`/admin/cases/${report.caseNumber}`}>Open case {report.caseNumber}</Link>
            </p>
            <p>
              Sent {formatDate(report.sentAt.slice(0, 10))} to {report.tenantUrl}.{' '}
              {report.matched
                ? `Matched to ${report.matched.businessGroup} ${report.matched.referenceNumber} on ${formatDate(report.matched.at.slice(0, 10))}.`
                : 'Not matched to a member yet.'}
            </p>
            {report.answers.length > 0 && (
              <details>
                <summary>The reporter’s answers</summary>
                <dl className="summary-list">
                  {report.answers.map((answer, index) => (
                    <div className="summary-row" key={`${answer.question}-${index}`}>
                      <dt>{answer.question}</dt>
                      <dd>{answer.answer}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
            {report.files.length > 0 && (
              <>
                <h3>Documents sent with the report</h3>
                <ul>
                  {report.files.map((file) => (
                    <li key={file.id}>
                      <a href={fileUrl(report.caseNumber, file.id)} target="_blank" rel="noreferrer">
                        View {file.name} ({file.type}, opens in a new tab)
                      </a>
                      , {formatFileSize(file.sizeBytes)}, uploaded {at(file.receivedAt)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {canAct &&
              (report.matched ? (
                <form noValidate onSubmit={unmatch(report)}>
                  <button
                    type="submit"
                    id={`undo-${report.caseNumber}`}
                    className="button button--secondary"
                    disabled={busy}
                  >
                    Undo the match<span className="visually-hidden"> of report {report.caseNumber}</span>
                  </button>
                </form>
              ) : (
                <form noValidate onSubmit={match(report)}>
                  <TextField
                    id={field}
                    label="Member’s reference number"
                    hint="For example 1000010, or MER:1000010 if the number is in two business groups"
                    className="input--short"
                    error={error}
                  />
                  <button type="submit" className="button" disabled={busy}>
                    Match and suspend the account
                    <span className="visually-hidden"> (report {report.caseNumber})</span>
                  </button>
                </form>
              ))}
          </section>
        );
      })}
      {read.data && (
        <ConsolePagination
          page={read.data.page}
          limit={read.data.limit}
          total={read.data.total}
          what="reports"
        />
      )}
    </>
  );
}
