import { useState, type FormEvent } from 'react';
import {
  newStaffAccountSchema,
  staffRoleNames,
  staffRoleSchema,
  type StaffAccount,
  type StaffRole,
} from '@meridian/contracts';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { when } from './OutboxPage';
import {
  ConsoleTable,
  FirmTenantField,
  ListState,
  PageFor,
  problemsOf,
  RowButton,
  TwoLines,
  type Column,
} from './console-list';
import { ConfirmNotice, SelectField } from './fields';
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
  return (
    <PageFor
      right="administer"
      title="Staff accounts"
      refusal="Only administrators can manage staff accounts."
    >
      <AccountList />
    </PageFor>
  );
}

function AccountList() {
  const staff = useStaff();
  const read = useLoad(() => staffAdminApi.accounts());
  const { busy, run, refuse, errorFor, feedback } = useStaffAction(read.reload);
  const [confirming, setConfirming] = useState<StaffAccount | null>(null);
  const [changing, setChanging] = useState<StaffAccount | null>(null);
  const [formKey, setFormKey] = useState(0);

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
    if (!parsed.success)
      return refuse(
        problemsOf(parsed.error.issues, (key) => (key === 'tenantUrl' ? 'tenant' : String(key))).map(
          (problem) => (problem.field === 'role' ? { ...problem, message: 'Choose a role' } : problem),
        ),
      );
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

  const columns: Array<Column<StaffAccount>> = [
    {
      heading: 'Name',
      cell: (account) => <TwoLines first={account.name} second={account.email} />,
    },
    { heading: 'Role', cell: (account) => staffRoleNames[account.role] },
    { heading: 'Scheme', cell: (account) => account.tenantUrl ?? 'Every scheme' },
    {
      heading: 'Last sign-in',
      cell: (account) => (account.lastSignInAt ? when(account.lastSignInAt) : 'Never'),
    },
    { heading: 'Second factor', cell: (account) => (account.secondFactor ? 'Set up' : 'Not set up') },
    {
      heading: 'Status',
      cell: (account) =>
        account.disabledAt
          ? `Disabled ${when(account.disabledAt)}`
          : account.setupPending
            ? 'Waiting to set a password'
            : 'Active',
    },
    {
      heading: 'Actions',
      hidden: true,
      cell: (account) =>
        account.id !== staff.id && (
          <div className="button-group">
            {!account.disabledAt && (
              <RowButton
                label="Change role"
                about={` of ${account.name}`}
                busy={busy}
                onClick={() => {
                  setConfirming(null);
                  setChanging(account);
                }}
              />
            )}
            {account.disabledAt ? (
              <RowButton
                label="Enable"
                about={` ${account.name}`}
                busy={busy}
                onClick={() => void enable(account)}
              />
            ) : (
              <RowButton
                label="Disable"
                about={` ${account.name}`}
                busy={busy}
                onClick={() => {
                  setChanging(null);
                  setConfirming(account);
                }}
              />
            )}
          </div>
        ),
    },
  ];

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
      <ListState load={read} what="show the staff accounts" rows={accounts} />
      {accounts && (
        <ConsoleTable
          caption="Staff accounts, by name"
          columns={columns}
          rows={accounts}
          rowKey={(account) => account.id}
        />
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
        <FirmTenantField
          label="Scheme (optional)"
          hint="Its address, like localhost. Leave empty for someone who works every scheme."
          error={errorFor('tenant')}
        />
        <button type="submit" className="button" disabled={busy}>
          Add and send the set-up link
        </button>
      </form>
    </>
  );
}
