import { useState, type FormEvent } from 'react';
import {
  newStaffAccountSchema,
  staffRoleNames,
  staffRoleSchema,
  type StaffAccount,
  type StaffRole,
} from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { when } from './OutboxPage';
import { ConfirmNotice, SelectField, useConsoleTitle } from './fields';
import { staffAdminApi } from './staff-admin-api';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

const roleOptions = staffRoleSchema.options.map((role) => [role, staffRoleNames[role]] as const);

/**
 * Staff accounts, for administrators: everyone who signs in to the console for their scheme (every
 * scheme for an administrator of all), with their last sign-in and whether a second factor is set up;
 * add someone (they are emailed a link to set their password), change a role, disable or enable.
 */
export function StaffAccountsPage() {
  useConsoleTitle('Staff accounts');
  const staff = useStaff();
  if (staff.role !== 'administrator')
    return (
      <>
        <h1>Staff accounts</h1>
        <p>Only administrators can manage staff accounts.</p>
      </>
    );
  return <AccountList />;
}

function AccountList() {
  const staff = useStaff();
  const read = useLoad(() => staffAdminApi.accounts());
  const { busy, run, refuse, errors, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<StaffAccount | null>(null);
  const [changing, setChanging] = useState<StaffAccount | null>(null);
  const [formKey, setFormKey] = useState(0);
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedTenant = String(form.get('tenant') ?? '').trim();
    const body = {
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      role: String(form.get('role') ?? ''),
      tenantUrl: staff.tenantUrl ?? (typedTenant === '' ? null : typedTenant),
    };
    const parsed = newStaffAccountSchema.safeParse(body);
    if (!parsed.success) {
      const problems: FieldError[] = [];
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'tenantUrl' ? 'tenant' : String(issue.path[0]);
        if (!problems.some((problem) => problem.field === field))
          problems.push({ field, message: field === 'role' ? 'Choose a role' : issue.message });
      }
      return refuse(problems);
    }
    return run('email', async () => {
      await staffAdminApi.add(parsed.data);
      setFormKey((key) => key + 1);
      return `${parsed.data.name} is added. We have emailed ${parsed.data.email} a link to set their password; they set up their authenticator app when they first sign in.`;
    });
  };

  const changeRole = (event: FormEvent<HTMLFormElement>, account: StaffAccount) => {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get('new-role') ?? '') as StaffRole;
    return run('new-role', async () => {
      await staffAdminApi.changeRole(account.id, role);
      setChanging(null);
      return `${account.name} is now ${staffRoleNames[role].toLowerCase()}.`;
    });
  };

  const disable = (account: StaffAccount) =>
    run(`disable-${account.id}`, async () => {
      await staffAdminApi.disable(account.id);
      setConfirming(null);
      return `${account.name} is disabled: they are signed out and cannot sign in.`;
    });

  const enable = (account: StaffAccount) =>
    run(`enable-${account.id}`, async () => {
      await staffAdminApi.enable(account.id);
      return `${account.name} can sign in again.`;
    });

  const accounts = read.data?.accounts;
  return (
    <>
      {feedback}
      <h1>Staff accounts</h1>
      <p>
        Everyone who signs in to the console for{' '}
        {staff.tenantUrl ? `the scheme at ${staff.tenantUrl}` : 'every scheme'}. Disabling someone signs them
        out at once. You cannot disable or change your own account, nor leave a scheme without an
        administrator.
      </p>
      {changing && (
        <section className="notice" aria-labelledby="change-role">
          <form noValidate onSubmit={(event) => void changeRole(event, changing)}>
            <h2 id="change-role">Change {changing.name}’s role</h2>
            <SelectField
              id="new-role"
              label="Role"
              options={roleOptions}
              defaultValue={changing.role}
              error={errorFor('new-role')}
            />
            <div className="button-group">
              <button type="submit" className="button" disabled={busy}>
                Change role
              </button>
              <button type="button" className="button button--secondary" onClick={() => setChanging(null)}>
                No, keep the role
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
          <p>They are signed out at once and cannot sign in until you enable their account again.</p>
        </ConfirmNotice>
      )}
      <LoadFailed what="show the staff accounts" load={read} />
      {!accounts && !read.failure && <p>Loading...</p>}
      {accounts && (
        <table className="console-table">
          <caption className="visually-hidden">Staff accounts, by name</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Scheme</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Second factor</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>
                  {account.name}
                  <br />
                  {account.email}
                </td>
                <td>{staffRoleNames[account.role]}</td>
                <td>{account.tenantUrl ?? 'Every scheme'}</td>
                <td>{account.lastSignInAt ? when(account.lastSignInAt) : 'Never'}</td>
                <td>{account.secondFactor ? 'Set up' : 'Not set up'}</td>
                <td>
                  {account.disabledAt
                    ? `Disabled ${when(account.disabledAt)}`
                    : account.setupPending
                      ? 'Waiting to set a password'
                      : 'Active'}
                </td>
                <td>
                  {account.id !== staff.id && (
                    <div className="button-group">
                      {!account.disabledAt && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() => {
                            setConfirming(null);
                            setChanging(account);
                          }}
                        >
                          Change role<span className="visually-hidden"> of {account.name}</span>
                        </button>
                      )}
                      {account.disabledAt ? (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() => void enable(account)}
                        >
                          Enable<span className="visually-hidden"> {account.name}</span>
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() => {
                            setChanging(null);
                            setConfirming(account);
                          }}
                        >
                          Disable<span className="visually-hidden"> {account.name}</span>
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form noValidate onSubmit={(event) => void add(event)} key={formKey} aria-labelledby="add-staff">
        <h2 id="add-staff">Add a member of staff</h2>
        <p>
          We email them a link to set their password, which works for 72 hours. You never see their password.
          They set up an authenticator app when they first sign in, and can add a passkey after.
        </p>
        <TextField id="name" label="Full name" autoComplete="off" error={errorFor('name')} />
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={errorFor('email')}
        />
        <SelectField
          id="role"
          label="Role"
          options={[['', 'Choose a role'], ...roleOptions]}
          defaultValue=""
          error={errorFor('role')}
        />
        {staff.tenantUrl === null && (
          <TextField
            id="tenant"
            label="Scheme (optional)"
            hint="Its address, like localhost. Leave empty for someone who works every scheme."
            error={errorFor('tenant')}
          />
        )}
        <button type="submit" className="button" disabled={busy}>
          Add and send the set-up link
        </button>
      </form>
    </>
  );
}
