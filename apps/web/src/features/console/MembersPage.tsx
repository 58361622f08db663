import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { MemberSearchResult } from '@meridian/contracts';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { TextField } from '../../components/TextField';
import { formatDate } from '../../lib/format';
import { consoleApi } from './console-api';
import { problemText, useConsoleTitle } from './fields';
import { memberViewPath } from './member-link';

/** Find a member by reference, name, NI number or date of birth; each search is audited. */
export function MembersPage() {
  useConsoleTitle('Find a member');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [found, setFound] = useState<MemberSearchResult['members'] | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const dateTyped = ['day', 'month', 'year'].some((part) => text(`dateOfBirth-${part}`));
    const dateOfBirth = dateTyped ? readDateField(form, 'dateOfBirth') : null;
    const query = {
      reference: text('reference'),
      name: text('name'),
      insuranceNumber: text('insuranceNumber'),
      dateOfBirth: dateOfBirth ?? '',
    };
    const problems: FieldError[] = [];
    if (dateTyped && !dateOfBirth)
      problems.push({
        field: 'dateOfBirth',
        message: 'Enter the date of birth as a real date, like 27 3 1964',
      });
    else if (!Object.values(query).some(Boolean))
      problems.push({
        field: 'reference',
        message: 'Enter a reference, a name, a National Insurance number or a date of birth',
      });
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      setFound((await consoleApi.members(query)).members);
    } catch (error) {
      setErrors([{ field: 'reference', message: problemText(error) }]);
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Find a member</h1>
      <p>
        Fill in any of these. Each search is recorded in the audit log. Open a member to see their record as
        they see it, read-only.
      </p>
      <form noValidate onSubmit={(event) => void search(event)}>
        <TextField
          id="reference"
          label="Reference number"
          className="input--short"
          error={errorFor('reference')}
        />
        <TextField id="name" label="Name" hint="Part of their first name or surname" />
        <TextField
          id="insuranceNumber"
          label="National Insurance number"
          hint="For example, QQ 12 34 56 C"
          className="input--short"
        />
        <DateField
          id="dateOfBirth"
          legend="Date of birth"
          hint="For example, 27 3 1964"
          error={errorFor('dateOfBirth')}
        />
        <button type="submit" className="button" disabled={busy}>
          Search
        </button>
      </form>
      {found?.length === 0 && <p role="status">No members match.</p>}
      {found && found.length > 0 && (
        <table className="console-table">
          <caption>{found.length === 1 ? '1 member' : `${found.length} members`} found</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Reference</th>
              <th scope="col">Date of birth</th>
              <th scope="col">National Insurance number</th>
              <th scope="col">Membership</th>
            </tr>
          </thead>
          <tbody>
            {found.map((member) => (
              <tr key={`${member.businessGroup}/${member.referenceNumber}`}>
                <td>
                  <Link to={memberViewPath(member.businessGroup, member.referenceNumber)}>{member.name}</Link>
                </td>
                <td>
                  {member.businessGroup} {member.referenceNumber}
                </td>
                <td>{formatDate(member.dateOfBirth)}</td>
                <td>{member.insuranceNumber ?? 'Not held'}</td>
                <td>{member.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to="/admin">Back to the case queue</Link>
      </p>
    </>
  );
}
