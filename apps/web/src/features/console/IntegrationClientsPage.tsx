import { useState, type FormEvent } from 'react';
import {
  INTEGRATION_SECRET_GRACE_HOURS_MAX,
  type IntegrationClientList,
  type IntegrationSecretRotated,
} from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { integrationClientsApi } from './integration-clients-api';
import { when } from './OutboxPage';
import { ConfirmNotice, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

type Client = IntegrationClientList['clients'][number];

/**
 * The administration systems that may call the integration API, for administrators: what each may do,
 * when it last took a token, New secret (the old one working for a grace period, the new one shown
 * once) and Disable (asked to confirm), which stops its tokens at once.
 */
export function IntegrationClientsPage() {
  useConsoleTitle('Integration clients');
  const staff = useStaff();
  if (staff.role !== 'administrator')
    return (
      <>
        <h1>Integration clients</h1>
        <p>Only administrators can see the integration clients.</p>
      </>
    );
  return <ClientList />;
}

function ClientList() {
  const read = useLoad(() => integrationClientsApi.list());
  const { busy, run, refuse, errors, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<Client | null>(null);
  const [rotating, setRotating] = useState<Client | null>(null);
  const [issued, setIssued] = useState<{ name: string; answer: IntegrationSecretRotated } | null>(null);

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

  const clients = read.data?.clients;
  return (
    <>
      {feedback}
      <h1>Integration clients</h1>
      <p>
        The administration systems that may call the integration API, newest first. Disabling one stops its
        tokens at once; it cannot take another. A new secret replaces the old one after a grace period. Add a
        client with <code>npm run integration:add-client</code>.
      </p>
      <LoadFailed what="show the integration clients" load={read} />
      {!clients && !read.failure && <p>Loading...</p>}
      {clients?.length === 0 && <p>No integration clients yet.</p>}
      {issued && (
        <section className="notice" aria-labelledby="new-secret">
          <h2 id="new-secret">The new secret for {issued.name}</h2>
          <p>Copy it now and give it to the system’s owners privately: it is not shown again.</p>
          <p className="console-secret">{issued.answer.secret}</p>
          <p>
            {issued.answer.previousSecretUntil
              ? `The old secret still works until ${when(issued.answer.previousSecretUntil)}, then it is refused.`
              : 'The old secret no longer works.'}
          </p>
          <button type="button" className="button button--secondary" onClick={() => setIssued(null)}>
            I have copied it
          </button>
        </section>
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
              error={errors.find((error) => error.field === 'grace-hours')?.message}
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
        <table className="console-table">
          <caption className="visually-hidden">Integration clients, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Last token</th>
              <th scope="col">Enabled</th>
              <th scope="col">Secret</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.id}>
                <td>
                  {client.name}
                  <br />
                  {client.tenantUrl}
                </td>
                <td>{client.scopes.join(', ')}</td>
                <td>{client.lastTokenAt ? when(client.lastTokenAt) : 'Never'}</td>
                <td>{client.disabledAt ? `No, disabled ${when(client.disabledAt)}` : 'Yes'}</td>
                <td>
                  {client.secretRotatedAt ? `New ${when(client.secretRotatedAt)}` : 'The first'}
                  {client.previousSecretUntil && (
                    <>
                      <br />
                      Old one works until {when(client.previousSecretUntil)}
                    </>
                  )}
                </td>
                <td>
                  {!client.disabledAt && (
                    <div className="button-group">
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          setRotating(client);
                        }}
                      >
                        New secret<span className="visually-hidden"> for {client.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        onClick={() => {
                          setRotating(null);
                          setConfirming(client);
                        }}
                      >
                        Disable<span className="visually-hidden"> {client.name}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
