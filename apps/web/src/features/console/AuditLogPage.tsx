import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { staffAuditQuerySchema, type StaffAuditPage } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { createHttpClient } from '../../lib/http/client';
import { when } from './OutboxPage';
import { useConsoleTitle } from './fields';
import { useStaff } from './staff-context';

const http = createHttpClient();

const filterNames = ['tenant', 'member', 'staff', 'action', 'from', 'to', 'page'] as const;

/** The staff API's audit log, one page of it. */
export const auditLogApi = {
  page: (filter: Record<string, string>) => http.get<StaffAuditPage>('/admin-api/audit', { query: filter }),
  /** Forgets the shared reads (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};

const outcomeText = { success: 'Done', failure: 'Failed', denied: 'Refused' } as const;

const problemsOf = (filter: Record<string, string>): FieldError[] => {
  const parsed = staffAuditQuerySchema.safeParse(filter);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'member');
    const message =
      field === 'to' && filter.to && filter.from && filter.from > filter.to
        ? 'The date to must be the same as or after the date from'
        : field === 'from' || field === 'to'
          ? `Enter the date ${field} as a real date`
          : field === 'action'
            ? 'Enter the action in small letters, digits and underscores, like member_view'
            : field === 'tenant'
              ? 'Enter the scheme’s address, like localhost'
              : `Check the ${field === 'staff' ? 'staff member’s email address' : 'member reference'}`;
    return { field, message };
  });
};

/**
 * The staff audit log: who did what to which member, and when, newest first, for team leaders, auditors
 * and administrators. Read-only; reading it is in the log too.
 */
export function AuditLogPage() {
  useConsoleTitle('Audit log');
  // Staff of one tenant read their tenant's entries only; staff of every tenant may choose one.
  const everyTenant = useStaff().tenantUrl === null;
  const [params, setParams] = useSearchParams();
  const filter: Record<string, string> = Object.fromEntries(
    filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const key = params.toString();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const read = useLoad(() => auditLogApi.page(filter), { key });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const name of filterNames) {
      const value = String(form.get(name) ?? '').trim();
      if (value && name !== 'page') next[name] = value;
    }
    const problems = problemsOf(next);
    setErrors(problems);
    if (problems.length === 0) setParams(new URLSearchParams(next));
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  /** A field of the filter, holding what the log is filtered by now, with its error. */
  const filterField = (id: string, label: string, more: { hint?: string; type?: string } = {}) => (
    <TextField id={id} label={label} {...more} defaultValue={filter[id] ?? ''} error={errorFor(id)} />
  );
  const data = read.data;
  const page = data?.page ?? 1;
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Audit log</h1>
      <p>Every staff action: who did what to which member, and when. Newest first, 50 a page.</p>
      <form
        className="console-filters"
        noValidate
        onSubmit={apply}
        aria-label="Filter the audit log"
        key={key}
      >
        {everyTenant && filterField('tenant', 'Scheme', { hint: 'Its address, like localhost' })}
        {filterField('member', 'Member reference')}
        {filterField('staff', 'Staff member’s email address', { type: 'email' })}
        {filterField('action', 'Action', { hint: 'For example, member_view' })}
        {filterField('from', 'From', { type: 'date' })}
        {filterField('to', 'To', { type: 'date' })}
        <button type="submit" className="button">
          Show entries
        </button>
      </form>
      <LoadFailed what="show the audit log" load={read} />
      {!data && !read.failure && <p>Loading...</p>}
      {data?.entries.length === 0 && <p>No entries match.</p>}
      {data && data.entries.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Audit log entries, page {page}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Outcome</th>
              <th scope="col">Member</th>
              <th scope="col">Case</th>
              <th scope="col">Scheme</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at)}</td>
                <td>
                  {entry.staff ? `${entry.staff.name} (${entry.staff.email})` : 'Not a member of staff'}
                </td>
                <td>{entry.action}</td>
                <td>{outcomeText[entry.outcome]}</td>
                <td>
                  {entry.referenceNumber
                    ? `${entry.businessGroup ?? ''} ${entry.referenceNumber}`.trim()
                    : 'None'}
                </td>
                <td>{entry.caseNumber ?? 'None'}</td>
                <td>{entry.tenantUrl ?? 'Not known'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && (page > 1 || data.more) && (
        <nav aria-label="Pages of the audit log" className="button-group">
          {page > 1 && (
            <button type="button" className="button button--secondary" onClick={() => toPage(page - 1)}>
              Newer entries
            </button>
          )}{' '}
          {data.more && (
            <button type="button" className="button button--secondary" onClick={() => toPage(page + 1)}>
              Older entries
            </button>
          )}
        </nav>
      )}
    </>
  );
}
