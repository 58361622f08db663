import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { caseStatuses, staffStatusText } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi, type QueueFilter } from './console-api';
import { ConsolePagination, countOf } from './ConsolePagination';
import { SelectField, useConsoleTitle } from './fields';

const filterNames = ['type', 'status', 'tenant', 'assignee', 'minAgeDays'] as const;

/** An option for a value the address names that the server no longer offers, so the filter still shows it. */
const withCurrent = (options: Array<readonly [string, string]>, current: string | undefined) =>
  current && !options.some(([value]) => value === current)
    ? [...options, [current, current] as const]
    : options;

/**
 * The case queue, a page at a time: what is overdue first, then by deadline; filtered by the address's
 * query, the case types and scheme sites to choose from given by the server.
 */
export function QueuePage() {
  useConsoleTitle('Case queue');
  const [params, setParams] = useSearchParams();
  const filter: QueueFilter = Object.fromEntries(
    [...filterNames, 'page' as const].flatMap((name) =>
      params.get(name) ? [[name, params.get(name)!]] : [],
    ),
  );
  const key = params.toString();
  const read = useLoad(() => consoleApi.cases(filter), { key });
  const staff = useLoad(() => consoleApi.staff());
  const options = useLoad(() => consoleApi.caseFilters());
  const [ageError, setAgeError] = useState<string | undefined>();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of filterNames) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    const age = next.get('minAgeDays');
    if (age && !/^\d{1,4}$/.test(age)) {
      setAgeError('Enter the age as a whole number of days, like 30');
      return;
    }
    setAgeError(undefined);
    setParams(next);
  };

  const cases = read.data?.cases;
  const total = read.data?.total;
  return (
    <>
      <h1>Case queue</h1>
      {ageError && (
        <div className="error-summary" role="alert">
          <h2>There is a problem</h2>
          <ul>
            <li>
              <a href="#minAgeDays">{ageError}</a>
            </li>
          </ul>
        </div>
      )}
      <form className="console-filters" onSubmit={apply} aria-label="Filter cases" key={key}>
        <SelectField
          id="type"
          label="Case type"
          defaultValue={filter.type ?? ''}
          options={[
            ['', 'Any type'],
            ...withCurrent(
              options.data?.caseTypes.map(
                (type) => [type.caseType, `${type.name} (${type.caseType})`] as const,
              ) ?? [],
              filter.type,
            ),
          ]}
        />
        <SelectField
          id="status"
          label="Status"
          defaultValue={filter.status ?? 'open'}
          options={[
            {
              label: 'Groups',
              options: [
                ['open', 'Open'],
                ['closed', 'Completed or rejected'],
                ['all', 'All'],
              ],
            },
            {
              label: 'One status',
              options: caseStatuses.map((status) => [status, staffStatusText[status]] as const),
            },
          ]}
        />
        <SelectField
          id="tenant"
          label="Scheme site"
          defaultValue={filter.tenant ?? ''}
          options={[
            ['', 'Any site'],
            ...withCurrent(
              options.data?.tenants.map((tenant) => [tenant.tenantUrl, tenant.name] as const) ?? [],
              filter.tenant,
            ),
          ]}
        />
        <SelectField
          id="assignee"
          label="Assigned to"
          defaultValue={filter.assignee ?? ''}
          options={[
            ['', 'Anyone'],
            ['me', 'Me'],
            ['none', 'Nobody yet'],
            ...(staff.data?.staff.map((person) => [person.id, person.name] as const) ?? []),
          ]}
        />
        <div className={`form-group${ageError ? ' form-group--error' : ''}`}>
          <label htmlFor="minAgeDays">At least this many days old</label>
          <input
            id="minAgeDays"
            name="minAgeDays"
            inputMode="numeric"
            defaultValue={filter.minAgeDays ?? ''}
            aria-invalid={ageError ? true : undefined}
          />
        </div>
        <button type="submit" className="button">
          Show cases
        </button>
      </form>
      <LoadFailed what="show the cases" load={read} />
      {!cases && !read.failure && <p>Loading...</p>}
      {total !== undefined && (
        <p className="console-count" role="status">
          {total === 0 ? 'No cases match.' : countOf(total, 'case', 'cases')}
          {total > 0 && cases?.length === 0 && ' (none on this page)'}
        </p>
      )}
      {cases && cases.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">
            Cases, overdue first, page {read.data!.page} of {Math.ceil(read.data!.total / read.data!.limit)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Member</th>
              <th scope="col">Status</th>
              <th scope="col">Age</th>
              <th scope="col">Deadline</th>
              <th scope="col">Assigned to</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((item) => (
              <tr key={item.caseNumber}>
                <td>
                  <Link to={`/admin/cases/${item.caseNumber}`}>{item.caseNumber}</Link>
                  <br />
                  {item.title}
                </td>
                <td>
                  {item.referenceNumber === null ? (
                    'Not matched to a member yet'
                  ) : (
                    <>
                      {item.memberName ?? 'Unknown'}
                      <br />
                      {item.businessGroup} {item.referenceNumber}
                    </>
                  )}
                </td>
                <td>{item.status}</td>
                <td>{item.ageDays === 1 ? '1 day' : `${item.ageDays} days`}</td>
                <td>
                  {formatDate(item.deadline)}{' '}
                  {item.overdue && <strong className="console-tag console-tag--overdue">Overdue</strong>}
                </td>
                <td>{item.assignee?.name ?? 'Nobody yet'}</td>
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
          what="cases"
        />
      )}
    </>
  );
}
