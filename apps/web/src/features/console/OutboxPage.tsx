import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { staffMay, type OutboxMessage, type OutboxStatus } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate, formatTime } from '../../lib/format';
import { outboxApi, type OutboxFilter } from './outbox-api';
import { ConsolePagination, countOf } from './ConsolePagination';
import { SelectField, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';
import './outbox.css';

const channelNames = { email: 'Email', sms: 'Text', post: 'Letter' } as const;

const statusText = (message: OutboxMessage): string => {
  const letter = message.channel === 'post';
  const texts: Record<OutboxStatus, string> = {
    queued: letter ? 'Waiting for the print run' : 'Waiting to be sent',
    sent: letter ? 'Printed' : 'Sent',
    failed: 'Failed, will try again',
    dead: 'Failed, no more tries',
    kept: 'In the outbox only',
  };
  return texts[message.status];
};

export const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/**
 * The messages to members in the caller's scope, newest first, a page at a time, with how each one's
 * delivery stands; the filters and the page in the address; team leaders resend.
 */
export function OutboxPage() {
  useConsoleTitle('Outbox');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const filter: OutboxFilter = {
    status: (params.get('status') as OutboxStatus | null) ?? undefined,
    channel: (params.get('channel') as OutboxFilter['channel'] | null) ?? undefined,
    recipient: params.get('recipient') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const key = params.toString();
  const read = useLoad(() => outboxApi.messages(filter), { key });
  const { busy, run, feedback } = useStaffAction(() => read.reload());
  const canResend = staffMay(staff.role, 'resend');

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['status', 'channel', 'recipient']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  const resend = (message: OutboxMessage) =>
    run(`resend-${message.id}`, async () => {
      await outboxApi.resend(message.id);
      return `The message to ${message.recipient} will be sent again.`;
    });

  const messages = read.data?.messages;
  return (
    <>
      {feedback}
      <h1>Outbox</h1>
      <p>
        Every email, text and letter to members, newest first. Email and texts leave through the job queue,
        which tries again with longer waits while the mail server or text provider is down. What a message
        says is not shown here.
      </p>
      <form className="console-filters" onSubmit={apply} aria-label="Filter messages" key={key}>
        <SelectField
          id="status"
          label="Status"
          defaultValue={filter.status ?? ''}
          options={[
            ['', 'Any'],
            ['queued', 'Waiting'],
            ['failed', 'Failed, will try again'],
            ['dead', 'Failed, no more tries'],
            ['sent', 'Sent or printed'],
            ['kept', 'In the outbox only'],
          ]}
        />
        <SelectField
          id="channel"
          label="Sent by"
          defaultValue={filter.channel ?? ''}
          options={[['', 'Any'], ...Object.entries(channelNames)]}
        />
        <div className="form-group">
          <label htmlFor="recipient">To (email address, mobile number or member reference)</label>
          <input id="recipient" name="recipient" defaultValue={filter.recipient ?? ''} />
        </div>
        <button type="submit" className="button">
          Show messages
        </button>
      </form>
      <LoadFailed what="show the outbox" load={read} />
      {!messages && !read.failure && <p>Loading...</p>}
      {read.data && (
        <p className="console-count">
          {read.data.total === 0 ? 'No messages match.' : countOf(read.data.total, 'message', 'messages')}
          {read.data.total > 0 && messages?.length === 0 && ' (none on this page)'}
        </p>
      )}
      {messages && messages.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">
            Messages, newest first, page {read.data!.page} of {Math.ceil(read.data!.total / read.data!.limit)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Written</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Last error</th>
              {canResend && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td>{when(message.createdAt)}</td>
                <td>
                  {channelNames[message.channel]}: {message.recipient}
                </td>
                <td>{message.subject}</td>
                <td>
                  <strong className={`console-tag console-tag--${message.status}`}>
                    {statusText(message)}
                  </strong>
                  {message.sentAt && <> {when(message.sentAt)}</>}
                  {message.nextAttemptAt && <> (next try {when(message.nextAttemptAt)})</>}
                </td>
                <td>{message.attempts}</td>
                <td>{message.lastError ?? 'None'}</td>
                {canResend && (
                  <td>
                    {message.channel !== 'post' && ['sent', 'failed', 'dead'].includes(message.status) && (
                      <button
                        id={`resend-${message.id}`}
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => void resend(message)}
                      >
                        Send again<span className="visually-hidden"> to {message.recipient}</span>
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
          what="messages"
        />
      )}
    </>
  );
}
