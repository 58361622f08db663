import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { caseStatuses, staffStatusText } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi, type QueueFilter } from './console-api';
import { SelectField, useConsoleTitle } from './fields';

const filterNames = ['type', 'status', 'tenant', 'assignee', 'minAgeDays'] as const;

/** The case queue: what is overdue first, then by deadline; filtered by the address's query. */
export function QueuePage() {
  useConsoleTitle('Case queue');
  const [params, setParams] = useSearchParams();
  const filter: QueueFilter = Object.fromEntries(
    filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const key = params.toString();
  const read = useLoad(() => consoleApi.cases(filter), { key });
  const staff = useLoad(() => consoleApi.staff());
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
        <div className="form-group">
          <label htmlFor="type">Case type</label>
          <input id="type" name="type" defaultValue={filter.type ?? ''} />
        </div>
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
        <div className="form-group">
          <label htmlFor="tenant">Scheme site</label>
          <input id="tenant" name="tenant" defaultValue={filter.tenant ?? ''} />
        </div>
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
      {cases?.length === 0 && <p>No cases match.</p>}
      {cases && cases.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Cases, overdue first</caption>
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
    </>
  );
}
