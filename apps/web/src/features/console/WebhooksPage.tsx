import { useSearchParams } from 'react-router';
import { staffMay } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { outboxApi } from './outbox-api';
import { when } from './OutboxPage';
import { ConsolePagination, countOf } from './ConsolePagination';
import { useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

const statusText = {
  queued: 'Waiting to be sent',
  sent: 'Delivered',
  failed: 'Failed, will try again',
  dead: 'Failed, no more tries',
} as const;

/**
 * The webhook delivery log, newest first, a page at a time (the page in the address): each case event
 * sent to the administration system, and how each try went; team leaders and administrators send a
 * delivery that gave up again, through the job queue.
 */
export function WebhooksPage() {
  useConsoleTitle('Webhook deliveries');
  const [params] = useSearchParams();
  const page = params.get('page');
  const read = useLoad(() => outboxApi.webhookDeliveries(page), { key: page ?? '1' });
  const canResend = staffMay(useStaff().role, 'resend');
  const { busy, run, feedback } = useStaffAction(() => read.reload());
  const resend = (id: string, event: string, caseNumber: string) =>
    run(`resend-${id}`, async () => {
      await outboxApi.resendWebhook(id);
      return `${event} for case ${caseNumber}: it will be sent again in a moment.`;
    });
  const deliveries = read.data?.deliveries;
  return (
    <>
      {feedback}
      <h1>Webhook deliveries</h1>
      <p>
        Case events sent to your administration system, newest first. A receiver that does not answer with
        success is tried again with longer waits.
      </p>
      <LoadFailed what="show the webhook deliveries" load={read} />
      {!deliveries && !read.failure && <p>Loading...</p>}
      {read.data && read.data.total > 0 && (
        <p className="console-count">{countOf(read.data.total, 'delivery', 'deliveries')}</p>
      )}
      {deliveries?.length === 0 && (
        <p>{read.data?.total ? 'No deliveries on this page.' : 'No webhook deliveries yet.'}</p>
      )}
      {deliveries && deliveries.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">
            Webhook deliveries, newest first, page {read.data!.page} of{' '}
            {Math.ceil(read.data!.total / read.data!.limit)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Case</th>
              <th scope="col">Receiver</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Last answer</th>
              {canResend && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  {delivery.event}
                  <br />
                  {when(delivery.createdAt)}
                </td>
                <td>{delivery.caseNumber}</td>
                <td>{delivery.url}</td>
                <td>
                  <strong className={`console-tag console-tag--${delivery.status}`}>
                    {statusText[delivery.status]}
                  </strong>
                  {delivery.nextAttemptAt && <> (next try {when(delivery.nextAttemptAt)})</>}
                </td>
                <td>{delivery.attempts}</td>
                <td>
                  {delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : 'No answer'}
                  {delivery.lastError && (
                    <>
                      <br />
                      {delivery.lastError}
                    </>
                  )}
                </td>
                {canResend && (
                  <td>
                    {delivery.status === 'dead' && (
                      <button
                        id={`resend-${delivery.id}`}
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => void resend(delivery.id, delivery.event, delivery.caseNumber)}
                      >
                        Send again
                        <span className="visually-hidden">
                          {' '}
                          {delivery.event} for case {delivery.caseNumber}
                        </span>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {read.data && (
        <ConsolePagination
          page={read.data.page}
          limit={read.data.limit}
          total={read.data.total}
          what="webhook deliveries"
        />
      )}
    </>
  );
}
