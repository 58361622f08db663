// What the console's lists share: the page closed to roles without its right, the list's loading,
// failure and empty states, its table, its rows' buttons, a secret shown once and the add forms' fields.
import { useId, type ReactNode } from 'react';
import { staffMay, type StaffRight } from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import type { Load } from '../../components/useLoad';
import { useConsoleTitle } from './fields';
import { useStaff } from './staff-context';

/** A page for a role with `right` only: anyone else reads its title and `refusal`, and nothing is read. */
export function PageFor({
  right,
  title,
  refusal,
  children,
}: {
  right: StaffRight;
  title: string;
  refusal: string;
  children: ReactNode;
}) {
  useConsoleTitle(title);
  const staff = useStaff();
  if (staffMay(staff.role, right)) return children;
  return (
    <>
      <h1>{title}</h1>
      <p>{refusal}</p>
    </>
  );
}

/** A list's read as it stands: its failure (with Try again), Loading..., or `empty` when it has no rows. */
export function ListState({
  load,
  what,
  rows,
  empty,
}: {
  load: Pick<Load<unknown>, 'failure'> & { reload: () => unknown };
  /** After "Sorry, we cannot": "show the webhook receivers". */
  what: string;
  rows: readonly unknown[] | undefined;
  empty?: string;
}) {
  return (
    <>
      <LoadFailed what={what} load={load} />
      {!rows && !load.failure && <p>Loading...</p>}
      {empty && rows?.length === 0 && <p>{empty}</p>}
    </>
  );
}

export interface Column<Row> {
  heading: string;
  /** A heading read by screen readers only (a column of buttons). */
  hidden?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A console table with a caption for screen readers and one row per item. */
export function ConsoleTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table className="console-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.heading}>
              {column.hidden ? <span className="visually-hidden">{column.heading}</span> : column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.heading}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell of two lines: what it is, and beneath it where or whose. */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      {first}
      <br />
      {second}
    </>
  );
}

/** A row's secondary button; `about` ends its name for screen readers ("Disable" + " Old payroll"). */
export function RowButton({
  label,
  about,
  busy,
  onClick,
  id,
}: {
  label: string;
  about: string;
  busy: boolean;
  onClick: () => void;
  /** For the error summary to link to, where the action's refusal is shown against it. */
  id?: string;
}) {
  return (
    <button type="button" className="button button--secondary" id={id} disabled={busy} onClick={onClick}>
      {label}
      <span className="visually-hidden">{about}</span>
    </button>
  );
}

/** A secret the server keeps only the hash of: shown this once, until its reader says it is copied. */
export function SecretShownOnce({
  title,
  secret,
  owners,
  onCopied,
  children,
}: {
  title: string;
  secret: string;
  /** Whom it is given to: "the system’s owners". */
  owners: string;
  onCopied: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="notice" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>Copy it now and give it to {owners} privately: it is not shown again.</p>
      <p className="console-secret">{secret}</p>
      {children}
      <button type="button" className="button button--secondary" onClick={onCopied}>
        I have copied it
      </button>
    </section>
  );
}

/** A form's problems from a schema's issues: the first message for each field `fieldOf` names. */
export function problemsOf(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  fieldOf: (key: PropertyKey | undefined) => string,
): FieldError[] {
  const problems: FieldError[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path[0]);
    if (!problems.some((problem) => problem.field === field))
      problems.push({ field, message: issue.message });
  }
  return problems;
}

/** Checkboxes under a legend; an error is tied to the first, as the error summary links to it. */
export function CheckboxesField({
  name,
  legend,
  options,
  checked = true,
  error,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<readonly [value: string, label: ReactNode]>;
  /** Whether every box starts ticked. */
  checked?: boolean;
  error?: string;
}) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset aria-describedby={error ? `${name}-error` : undefined}>
        <legend className="legend">{legend}</legend>
        {error && (
          <p id={`${name}-error`} className="error-message">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        {options.map(([value, label]) => (
          <div className="radio" key={value}>
            <input
              type="checkbox"
              id={`${name}-${value}`}
              name={name}
              value={value}
              defaultChecked={checked}
            />
            <label htmlFor={`${name}-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

/** The id of a checkbox group's field in the error summary: its first box. */
export const checkboxesField = (name: string, values: readonly string[]) => `${name}-${values[0]}`;

/** The scheme field an administrator of every scheme fills in (id `tenant`); none for a scheme's own staff. */
export function FirmTenantField({ label, hint, error }: { label: string; hint: string; error?: string }) {
  const staff = useStaff();
  if (staff.tenantUrl !== null) return null;
  return <TextField id="tenant" label={label} hint={hint} error={error} />;
}

/** A row of a GOV.UK summary list (inside `<dl className="summary-list">`). */
export function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
