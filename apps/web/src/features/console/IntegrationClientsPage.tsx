import { useState, type FormEvent } from 'react';
import {
  INTEGRATION_SECRET_GRACE_HOURS_MAX,
  integrationScopeLabels,
  integrationScopes,
  newIntegrationClientSchema,
  type IntegrationClientAdded,
  type IntegrationClientList,
  type IntegrationSecretRotated,
} from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { integrationClientsApi } from './integration-clients-api';
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
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

type Client = IntegrationClientList['clients'][number];

const scopesField = checkboxesField('scopes', integrationScopes);

/**
 * The administration systems that may call the integration API, for administrators: what each may do,
 * when it last took a token, New secret (the old one working for a grace period, the new one shown
 * once) and Disable (asked to confirm), which stops its tokens at once; and Add a client, whose secret
 * is shown once.
 */
export function IntegrationClientsPage() {
  return (
    <PageFor
      right="administer"
      title="Integration clients"
      refusal="Only administrators can see the integration clients."
    >
      <ClientList />
    </PageFor>
  );
}

function ClientList() {
  const staff = useStaff();
  const read = useLoad(() => integrationClientsApi.list());
  const { busy, run, refuse, errorFor, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<Client | null>(null);
  const [rotating, setRotating] = useState<Client | null>(null);
  const [issued, setIssued] = useState<{ name: string; answer: IntegrationSecretRotated } | null>(null);
  const [added, setAdded] = useState<{ name: string; answer: IntegrationClientAdded } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedTenant = String(form.get('tenant') ?? '').trim();
    const parsed = newIntegrationClientSchema.safeParse({
      name: String(form.get('name') ?? ''),
      scopes: form.getAll('scopes').map(String),
      ...(staff.tenantUrl === null && typedTenant !== '' ? { tenantUrl: typedTenant } : {}),
    });
    const problems: FieldError[] = parsed.success
      ? []
      : problemsOf(parsed.error.issues, (key) =>
          key === 'scopes' ? scopesField : key === 'tenantUrl' ? 'tenant' : 'name',
        );
    if (staff.tenantUrl === null && typedTenant === '')
      problems.push({ field: 'tenant', message: 'Enter the scheme whose cases and members it reaches' });
    if (!parsed.success || problems.length > 0) return refuse(problems);
    return run('name', async () => {
      const answer = await integrationClientsApi.add(parsed.data);
      setFormKey((key) => key + 1);
      setIssued(null);
      setAdded({ name: parsed.data.name, answer });
      return `${parsed.data.name} is added.`;
    });
  };

  const rotate = (event: FormEvent<HTMLFormElement>, client: Client) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('grace-hours') ?? '').trim();
    const hours = typed === '' ? undefined : Number(typed);
    if (
      hours !== undefined &&
      (!/^\d+$/.test(typed) || hours < 0 || hours > INTEGRATION_SECRET_GRACE_HOURS_MAX)
    )
      return refuse(
        'grace-hours',
        `Enter the hours as a whole number from 0 to ${INTEGRATION_SECRET_GRACE_HOURS_MAX}, or leave it empty`,
      );
    return run('grace-hours', async () => {
      const answer = await integrationClientsApi.rotateSecret(client.id, hours);
      setRotating(null);
      setAdded(null);
      setIssued({ name: client.name, answer });
      return `${client.name} has a new secret.`;
    });
  };

  const disable = (client: Client) =>
    run(`disable-${client.id}`, async () => {
      await integrationClientsApi.disable(client.id);
      setConfirming(null);
      return `${client.name} is disabled: its tokens no longer work.`;
    });

  const columns: Array<Column<Client>> = [
    {
      heading: 'Name',
      cell: (client) => <TwoLines first={client.name} second={client.tenantUrl} />,
    },
    { heading: 'Scopes', cell: (client) => client.scopes.join(', ') },
    { heading: 'Last token', cell: (client) => (client.lastTokenAt ? when(client.lastTokenAt) : 'Never') },
    {
      heading: 'Enabled',
      cell: (client) => (client.disabledAt ? `No, disabled ${when(client.disabledAt)}` : 'Yes'),
    },
    {
      heading: 'Secret',
      cell: (client) => (
        <>
          {client.secretRotatedAt ? `New ${when(client.secretRotatedAt)}` : 'The first'}
          {client.previousSecretUntil && (
            <>
              <br />
              Old one works until {when(client.previousSecretUntil)}
            </>
          )}
        </>
      ),
    },
    {
      heading: 'Action',
      hidden: true,
      cell: (client) =>
        !client.disabledAt && (
          <div className="button-group">
            <RowButton
              label="New secret"
              about={` for ${client.name}`}
              busy={busy}
              onClick={() => {
                setConfirming(null);
                setRotating(client);
              }}
            />
            <RowButton
              label="Disable"
              about={` ${client.name}`}
              busy={busy}
              onClick={() => {
                setRotating(null);
                setConfirming(client);
              }}
            />
          </div>
        ),
    },
  ];

  const clients = read.data?.clients;
  return (
    <>
      {feedback}
      <h1>Integration clients</h1>
      <p>
        The administration systems that may call the integration API, newest first. Disabling one stops its
        tokens at once; it cannot take another. A new secret replaces the old one after a grace period.
      </p>
      <ListState
        load={read}
        what="show the integration clients"
        rows={clients}
        empty="No integration clients yet."
      />
      {added && (
        <SecretShownOnce
          title={`The client id and secret for ${added.name}`}
          secret={added.answer.secret}
          owners="the system’s owners"
          onCopied={() => setAdded(null)}
        >
          <p>
            Client id: <span className="console-secret">{added.answer.clientId}</span>
          </p>
          <p>
            It takes tokens at <code>/api/integration/oauth/token</code> on {added.answer.tenantUrl}’s own
            address.
          </p>
        </SecretShownOnce>
      )}
      {issued && (
        <SecretShownOnce
          title={`The new secret for ${issued.name}`}
          secret={issued.answer.secret}
          owners="the system’s owners"
          onCopied={() => setIssued(null)}
        >
          <p>
            {issued.answer.previousSecretUntil
              ? `The old secret still works until ${when(issued.answer.previousSecretUntil)}, then it is refused.`
              : 'The old secret no longer works.'}
          </p>
        </SecretShownOnce>
      )}
      {rotating && (
        <section className="notice" aria-labelledby="confirm-rotate">
          <form noValidate onSubmit={(event) => void rotate(event, rotating)}>
            <h2 id="confirm-rotate">Issue a new secret for {rotating.name}?</h2>
            <p>
              The new secret is shown once. The old one keeps working for the hours you give, so the system
              can change over without a gap; after that it is refused.
            </p>
            <TextField
              id="grace-hours"
              label="Hours the old secret keeps working (optional)"
              hint={`Leave empty for the server’s setting (24 unless changed). 0 stops it at once, for a secret that has leaked. At most ${INTEGRATION_SECRET_GRACE_HOURS_MAX}.`}
              inputMode="numeric"
              className="input--short"
              error={errorFor('grace-hours')}
            />
            <div className="button-group">
              <button type="submit" className="button" disabled={busy}>
                Issue a new secret for {rotating.name}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setRotating(null)}>
                No, keep the secret
              </button>
            </div>
          </form>
        </section>
      )}
      {confirming && (
        <ConfirmNotice
          title={`Disable ${confirming.name}?`}
          confirmLabel={`Yes, disable ${confirming.name}`}
          busy={busy}
          onConfirm={() => void disable(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>Its tokens stop working at once and it cannot take another. This cannot be undone here.</p>
        </ConfirmNotice>
      )}
      {clients && clients.length > 0 && (
        <ConsoleTable
          caption="Integration clients, newest first"
          columns={columns}
          rows={clients}
          rowKey={(client) => client.id}
        />
      )}
      <form noValidate onSubmit={(event) => void add(event)} key={formKey} aria-labelledby="add-client">
        <h2 id="add-client">Add a client</h2>
        <p>
          Its secret is shown once, when it is added: only a hash of it is kept. Give it only what the system
          needs.
        </p>
        <TextField
          id="name"
          label="Name"
          hint="The system, as your staff know it"
          autoComplete="off"
          error={errorFor('name')}
        />
        <CheckboxesField
          name="scopes"
          legend="What it may do"
          options={integrationScopes.map((scope) => [
            scope,
            <>
              {integrationScopeLabels[scope]} (<code>{scope}</code>)
            </>,
          ])}
          checked={false}
          error={errorFor(scopesField)}
        />
        <FirmTenantField
          label="Scheme"
          hint="The address of the scheme whose cases and members it reaches, like localhost"
          error={errorFor('tenant')}
        />
        <button type="submit" className="button" disabled={busy}>
          Add the client
        </button>
      </form>
    </>
  );
}
