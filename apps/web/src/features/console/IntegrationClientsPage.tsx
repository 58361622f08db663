import { useState } from 'react';
import type { IntegrationClientList } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { integrationClientsApi } from './integration-clients-api';
import { when } from './OutboxPage';
import { useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

type Client = IntegrationClientList['clients'][number];

/**
 * The administration systems that may call the integration API, for administrators: what each may do,
 * when it last took a token, and Disable (asked to confirm), which stops its tokens at once.
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
  const { busy, run, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<Client | null>(null);

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
        tokens at once; it cannot take another. Add a client with <code>npm run integration:add-client</code>.
      </p>
      <LoadFailed what="show the integration clients" load={read} />
      {!clients && !read.failure && <p>Loading...</p>}
      {clients?.length === 0 && <p>No integration clients yet.</p>}
      {confirming && (
        <section className="notice" aria-labelledby="confirm-disable">
          <h2 id="confirm-disable">Disable {confirming.name}?</h2>
          <p>Its tokens stop working at once and it cannot take another. This cannot be undone here.</p>
          <div className="button-group">
            <button
              type="button"
              className="button button--warning"
              disabled={busy}
              onClick={() => void disable(confirming)}
            >
              Yes, disable {confirming.name}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
              No, keep it
            </button>
          </div>
        </section>
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
                  {!client.disabledAt && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() => setConfirming(client)}
                    >
                      Disable<span className="visually-hidden"> {client.name}</span>
                    </button>
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
