import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  newWebhookReceiverSchema,
  webhookEventLabels,
  webhookEventNames,
  type WebhookReceiver,
} from '@meridian/contracts';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { when } from './OutboxPage';
import {
  CheckboxesField,
  checkboxesField,
  ConsoleTable,
  FirmTenantField,
  ListState,
  PageFor,
  problemsOf,
  RowButton,
  TwoLines,
  SecretShownOnce,
  type Column,
} from './console-list';
import { ConfirmNotice } from './fields';
import { staffAdminApi } from './staff-admin-api';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

const eventsField = checkboxesField('events', webhookEventNames);

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
  return (
    <PageFor
      right="administer"
      title="Webhook receivers"
      refusal="Only administrators can manage webhook receivers."
    >
      <ReceiverList />
    </PageFor>
  );
}

function ReceiverList() {
  const staff = useStaff();
  const read = useLoad(() => staffAdminApi.receivers());
  const { busy, run, refuse, errorFor, feedback } = useStaffAction(read.reload);
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
    const problems = parsed.success
      ? []
      : problemsOf(parsed.error.issues, (key) =>
          key === 'events' ? eventsField : key === 'tenantUrl' ? 'tenant' : 'url',
        );
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

  const columns: Array<Column<WebhookReceiver>> = [
    {
      heading: 'Address',
      cell: (receiver) => <TwoLines first={receiver.url} second={receiver.tenantUrl} />,
    },
    {
      heading: 'Events',
      cell: (receiver) => receiver.events.map((event) => webhookEventLabels[event]).join(', '),
    },
    { heading: 'Active', cell: (receiver) => (receiver.active ? 'Yes' : 'No, disabled') },
    {
      heading: 'Last delivery',
      cell: (receiver) =>
        receiver.lastDelivery
          ? `${when(receiver.lastDelivery.at)}: ${deliveryStatusText[receiver.lastDelivery.status] ?? receiver.lastDelivery.status}${receiver.lastDelivery.responseStatus === null ? '' : ` (HTTP ${receiver.lastDelivery.responseStatus})`}`
          : 'None yet',
    },
    {
      heading: 'Actions',
      hidden: true,
      cell: (receiver) =>
        receiver.active ? (
          <div className="button-group">
            <RowButton
              label="New secret"
              about={` for ${receiver.url}`}
              busy={busy}
              onClick={() => setConfirming({ receiver, action: 'rotate' })}
            />
            <RowButton
              label="Disable"
              about={` ${receiver.url}`}
              busy={busy}
              onClick={() => setConfirming({ receiver, action: 'disable' })}
            />
          </div>
        ) : (
          <RowButton
            label="Enable"
            about={` ${receiver.url}`}
            id={`enable-${receiver.id}`}
            busy={busy}
            onClick={() => void enable(receiver)}
          />
        ),
    },
  ];

  const receivers = read.data?.receivers;
  return (
    <>
      {feedback}
      <h1>Webhook receivers</h1>
      <p>
        Where your administration system hears of case events. Each delivery is signed with the receiver’s
        secret; see <Link to="/admin/webhooks">Webhook deliveries</Link> for what was sent.
      </p>
      {secret && (
        <SecretShownOnce
          title={`The signing secret for ${secret.url}`}
          secret={secret.secret}
          owners="the receiver’s owners"
          onCopied={() => setSecret(null)}
        >
          {secret.previousSecretUntil && (
            <p>
              Until {when(secret.previousSecretUntil)} each delivery is signed with both the new and the old
              secret, so the receiver can change over to the new one by then.
            </p>
          )}
        </SecretShownOnce>
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
      <ListState
        load={read}
        what="show the webhook receivers"
        rows={receivers}
        empty="No webhook receivers yet."
      />
      {receivers && receivers.length > 0 && (
        <ConsoleTable
          caption="Webhook receivers, newest first"
          columns={columns}
          rows={receivers}
          rowKey={(receiver) => receiver.id}
        />
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
        <CheckboxesField
          name="events"
          legend="Events it receives"
          options={webhookEventNames.map((event) => [
            event,
            <>
              {webhookEventLabels[event]} (<code>{event}</code>)
            </>,
          ])}
          error={errorFor(eventsField)}
        />
        <FirmTenantField
          label="Scheme"
          hint="The address of the scheme whose case events it receives, like localhost"
          error={errorFor('tenant')}
        />
        <button type="submit" className="button" disabled={busy}>
          Add the receiver
        </button>
      </form>
    </>
  );
}
