import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  newWebhookReceiverSchema,
  webhookEventLabels,
  webhookEventNames,
  type WebhookReceiver,
} from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { when } from './OutboxPage';
import { ConfirmNotice, useConsoleTitle } from './fields';
import { staffAdminApi } from './staff-admin-api';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

const deliveryStatusText: Record<string, string> = {
  queued: 'Waiting to be sent',
  sent: 'Delivered',
  failed: 'Failed, will try again',
  dead: 'Failed, no more tries',
};

/**
 * Webhook receivers, for administrators: where the scheme's administration system hears of case events.
 * Add one (its signing secret shown once), give one a new secret (shown once), disable it or enable it
 * again.
 */
export function WebhookReceiversPage() {
  useConsoleTitle('Webhook receivers');
  const staff = useStaff();
  if (staff.role !== 'administrator')
    return (
      <>
        <h1>Webhook receivers</h1>
        <p>Only administrators can manage webhook receivers.</p>
      </>
    );
  return <ReceiverList />;
}

function ReceiverList() {
  const staff = useStaff();
  const read = useLoad(() => staffAdminApi.receivers());
  const { busy, run, refuse, errors, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<{
    receiver: WebhookReceiver;
    action: 'disable' | 'rotate';
  } | null>(null);
  const [secret, setSecret] = useState<{
    url: string;
    secret: string;
    previousSecretUntil: string | null;
  } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedTenant = String(form.get('tenant') ?? '').trim();
    const body = {
      url: String(form.get('url') ?? ''),
      events: form.getAll('events').map(String),
      ...(staff.tenantUrl === null && typedTenant !== '' ? { tenantUrl: typedTenant } : {}),
    };
    const parsed = newWebhookReceiverSchema.safeParse(body);
    const problems: FieldError[] = [];
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'events'
            ? `events-${webhookEventNames[0]}`
            : issue.path[0] === 'tenantUrl'
              ? 'tenant'
              : 'url';
        if (!problems.some((problem) => problem.field === field))
          problems.push({ field, message: issue.message });
      }
    if (parsed.success && !/^https?:\/\//i.test(parsed.data.url))
      problems.push({ field: 'url', message: 'Enter an address that starts with https://' });
    if (staff.tenantUrl === null && typedTenant === '')
      problems.push({ field: 'tenant', message: 'Enter the scheme whose case events it receives' });
    if (!parsed.success || problems.length > 0) return refuse(problems);
    return run('url', async () => {
      const added = await staffAdminApi.addReceiver(parsed.data);
      setFormKey((key) => key + 1);
      setSecret({ url: parsed.data.url, secret: added.secret, previousSecretUntil: null });
      return `The receiver at ${parsed.data.url} is added.`;
    });
  };

  const enable = (receiver: WebhookReceiver) =>
    run(`enable-${receiver.id}`, async () => {
      await staffAdminApi.enableReceiver(receiver.id);
      return `The receiver at ${receiver.url} is enabled: case events from now on are sent to it.`;
    });

  const act = (receiver: WebhookReceiver, action: 'disable' | 'rotate') =>
    run(`${action}-${receiver.id}`, async () => {
      if (action === 'disable') {
        await staffAdminApi.disableReceiver(receiver.id);
        setConfirming(null);
        return `The receiver at ${receiver.url} is disabled: no case events are sent to it.`;
      }
      const rotated = await staffAdminApi.rotateReceiverSecret(receiver.id);
      setConfirming(null);
      setSecret({ url: receiver.url, ...rotated });
      return `The receiver at ${receiver.url} has a new signing secret.`;
    });

  const receivers = read.data?.receivers;
  const eventsError = errorFor(`events-${webhookEventNames[0]}`);
  return (
    <>
      {feedback}
      <h1>Webhook receivers</h1>
      <p>
        Where your administration system hears of case events. Each delivery is signed with the receiver’s
        secret; see <Link to="/admin/webhooks">Webhook deliveries</Link> for what was sent.
      </p>
      {secret && (
        <section className="notice" aria-labelledby="signing-secret">
          <h2 id="signing-secret">The signing secret for {secret.url}</h2>
          <p>Copy it now and give it to the receiver’s owners privately: it is not shown again.</p>
          <p className="console-secret">{secret.secret}</p>
          {secret.previousSecretUntil && (
            <p>
              Until {when(secret.previousSecretUntil)} each delivery is signed with both the new and the old
              secret, so the receiver can change over to the new one by then.
            </p>
          )}
          <button type="button" className="button button--secondary" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </section>
      )}
      {confirming && (
        <ConfirmNotice
          title={
            confirming.action === 'disable'
              ? `Disable the receiver at ${confirming.receiver.url}?`
              : `Give the receiver at ${confirming.receiver.url} a new secret?`
          }
          confirmLabel={confirming.action === 'disable' ? 'Yes, disable it' : 'Yes, issue a new secret'}
          busy={busy}
          onConfirm={() => void act(confirming.receiver, confirming.action)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {confirming.action === 'disable'
              ? 'No case events are sent to it from now on, and those of the time it is disabled are not sent when it is enabled again.'
              : 'Deliveries are signed with the new secret from now on, and with the old one as well for a grace period (its end is shown with the new secret), so the receiver can change over before the old one stops.'}
          </p>
        </ConfirmNotice>
      )}
      <LoadFailed what="show the webhook receivers" load={read} />
      {!receivers && !read.failure && <p>Loading...</p>}
      {receivers?.length === 0 && <p>No webhook receivers yet.</p>}
      {receivers && receivers.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Webhook receivers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Events</th>
              <th scope="col">Active</th>
              <th scope="col">Last delivery</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {receivers.map((receiver) => (
              <tr key={receiver.id}>
                <td>
                  {receiver.url}
                  <br />
                  {receiver.tenantUrl}
                </td>
                <td>{receiver.events.map((event) => webhookEventLabels[event]).join(', ')}</td>
                <td>{receiver.active ? 'Yes' : 'No, disabled'}</td>
                <td>
                  {receiver.lastDelivery
                    ? `${when(receiver.lastDelivery.at)}: ${deliveryStatusText[receiver.lastDelivery.status] ?? receiver.lastDelivery.status}${receiver.lastDelivery.responseStatus === null ? '' : ` (HTTP ${receiver.lastDelivery.responseStatus})`}`
                    : 'None yet'}
                </td>
                <td>
                  {!receiver.active && (
                    <button
                      type="button"
                      className="button button--secondary"
                      id={`enable-${receiver.id}`}
                      disabled={busy}
                      onClick={() => void enable(receiver)}
                    >
                      Enable<span className="visually-hidden"> {receiver.url}</span>
                    </button>
                  )}
                  {receiver.active && (
                    <div className="button-group">
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => setConfirming({ receiver, action: 'rotate' })}
                      >
                        New secret<span className="visually-hidden"> for {receiver.url}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => setConfirming({ receiver, action: 'disable' })}
                      >
                        Disable<span className="visually-hidden"> {receiver.url}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form noValidate onSubmit={(event) => void add(event)} key={formKey} aria-labelledby="add-receiver">
        <h2 id="add-receiver">Add a receiver</h2>
        <TextField
          id="url"
          label="Address"
          hint="An https:// address of your administration system"
          type="url"
          spellCheck={false}
          error={errorFor('url')}
        />
        <div className={`form-group${eventsError ? ' form-group--error' : ''}`}>
          <fieldset aria-describedby={eventsError ? 'events-error' : undefined}>
            <legend className="legend">Events it receives</legend>
            {eventsError && (
              <p id="events-error" className="error-message">
                <span className="visually-hidden">Error:</span> {eventsError}
              </p>
            )}
            {webhookEventNames.map((event) => (
              <div className="radio" key={event}>
                <input type="checkbox" id={`events-${event}`} name="events" value={event} defaultChecked />
                <label htmlFor={`events-${event}`}>
                  {webhookEventLabels[event]} (<code>{event}</code>)
                </label>
              </div>
            ))}
          </fieldset>
        </div>
        {staff.tenantUrl === null && (
          <TextField
            id="tenant"
            label="Scheme"
            hint="The address of the scheme whose case events it receives, like localhost"
            error={errorFor('tenant')}
          />
        )}
        <button type="submit" className="button" disabled={busy}>
          Add the receiver
        </button>
      </form>
    </>
  );
}
