import { staffMay, type RecurringJobList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { createHttpClient } from '../../lib/http/client';
import { when } from './OutboxPage';
import { useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';
import './outbox.css';

const http = createHttpClient();

/** The staff API's recurring jobs: their latest runs, and running a dead one again. */
export const recurringJobsApi = {
  list: () => http.get<RecurringJobList>('/admin-api/recurring-jobs'),
  retry: (id: string) => http.post(`/admin-api/recurring-jobs/${encodeURIComponent(id)}/retry`, { body: {} }),
  /** Forgets the shared list read (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};

const statusText = {
  queued: 'Due',
  sent: 'Done',
  failed: 'Failed, will try again',
  dead: 'Failed, no more tries',
} as const;
const tagOf = { queued: 'queued', sent: 'sent', failed: 'failed', dead: 'dead' } as const;

/**
 * The job queue's recurring jobs (purges and sweeps, and the yearly statement run) with their latest
 * runs: each runs once per period on one instance; a run that fails is tried again with longer waits,
 * and one that gave up is listed as dead here while the next period's run goes ahead. A job the
 * deployment turned off (the letters' print with LETTER_PRINT_MINUTES=0) says so, with no Run again.
 */
export function RecurringJobsPage() {
  useConsoleTitle('Recurring jobs');
  const read = useLoad(() => recurringJobsApi.list());
  const staff = useStaff();
  const canRetry = staffMay(staff.role, 'resend');
  const { busy, run, feedback } = useStaffAction(() => read.reload());
  const retry = (name: string, id: string) =>
    run(`retry-${id}`, async () => {
      await recurringJobsApi.retry(id);
      return `${name}: the run will be tried again in a moment.`;
    });
  const jobs = read.data?.jobs;
  return (
    <>
      {feedback}
      <h1>Recurring jobs</h1>
      <p>
        Purges and sweeps the servers run in turn, once in each period, and the yearly run of annual
        statements, due on 6 April. A run that fails is tried again with longer waits; one that failed for the
        last time shows as “Failed, no more tries”, and the next period’s run goes ahead.
      </p>
      <LoadFailed what="show the recurring jobs" load={read} />
      {!jobs && !read.failure && <p>Loading...</p>}
      {jobs?.map((job) => (
        <section key={job.kind} aria-labelledby={`job-${job.kind}`}>
          <h2 id={`job-${job.kind}`}>{job.name}</h2>
          {job.off && (
            <p>
              <strong className="console-tag">Off ({job.off.setting})</strong> This deployment does not run
              it, and no run is due. {job.off.instead}
              {job.runs.length > 0 && ' The runs listed are from before it was turned off.'}
            </p>
          )}
          {job.runs.length === 0 ? (
            !job.off && <p>Not run yet.</p>
          ) : (
            <table className="console-table">
              <caption className="visually-hidden">
                {job.name}: {job.off ? 'runs from before it was turned off' : 'latest runs'}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Finished</th>
                  <th scope="col">Last failure</th>
                </tr>
              </thead>
              <tbody>
                {job.runs.map((run) => (
                  <tr key={run.id}>
                    <td>{when(run.runAt)}</td>
                    <td>
                      <strong className={`console-tag console-tag--${tagOf[run.status]}`}>
                        {statusText[run.status]}
                      </strong>
                      {run.status === 'dead' && canRetry && !job.off && (
                        <>
                          {' '}
                          <button
                            id={`retry-${run.id}`}
                            type="button"
                            className="link-button"
                            disabled={busy}
                            onClick={() => void retry(job.name, run.id)}
                          >
                            Run again
                            <span className="visually-hidden">
                              {' '}
                              ({job.name}, due {when(run.runAt)})
                            </span>
                          </button>
                        </>
                      )}
                    </td>
                    <td>
                      {run.attempts} of {run.maxAttempts}
                    </td>
                    <td>{run.finishedAt ? when(run.finishedAt) : 'Not yet'}</td>
                    <td>{run.lastError ?? 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </>
  );
}
