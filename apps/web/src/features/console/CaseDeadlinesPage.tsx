import { useState, type FormEvent } from 'react';
import {
  caseDeadlinesSchema,
  type CaseDeadlines,
  type CaseDeadlineUnit,
  type TenantCaseDeadlines,
} from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { consoleApi } from './console-api';
import { when } from './OutboxPage';
import { SelectField, useConsoleTitle } from './fields';
import { useStaffAction } from './staff-action';
import { useStaff } from './staff-context';

type Period = { months?: number; days?: number; workingDays?: number };

const UNITS: ReadonlyArray<readonly [CaseDeadlineUnit, string]> = [
  ['months', 'months'],
  ['days', 'days'],
  ['workingDays', 'working days'],
];
const unitOf = (period: Period): CaseDeadlineUnit =>
  period.months !== undefined ? 'months' : period.workingDays !== undefined ? 'workingDays' : 'days';
const periodText = (period: Period) => {
  const unit = unitOf(period);
  const count = period[unit] ?? 0;
  const words = UNITS.find(([key]) => key === unit)![1];
  return `${count} ${count === 1 ? words.replace(/s$/, '') : words}`;
};

const SOURCES: Record<TenantCaseDeadlines['source'], (tenant: TenantCaseDeadlines) => string> = {
  console: (tenant) => `Set here by ${tenant.changedBy ?? 'an administrator'} on ${when(tenant.changedAt!)}.`,
  content: () => 'From the scheme’s content (case-deadlines.json): not changed here yet.',
  default: () => 'The portal’s defaults: not changed here yet.',
};

/**
 * Each tenant's case deadlines, for administrators: the rules the queue measures cases against, where
 * they come from, and a form to change each rule's period and description, checked by the schema the
 * server uses (caseDeadlinesSchema).
 */
export function CaseDeadlinesPage() {
  useConsoleTitle('Case deadlines');
  const staff = useStaff();
  if (staff.role !== 'administrator')
    return (
      <>
        <h1>Case deadlines</h1>
        <p>Only administrators can see and change the case deadlines.</p>
      </>
    );
  return <DeadlineList />;
}

function DeadlineList() {
  const read = useLoad(() => consoleApi.caseDeadlines());
  const action = useStaffAction(read.reload);
  const [editing, setEditing] = useState<string | null>(null);
  const tenants = read.data?.tenants;
  return (
    <>
      {action.feedback}
      <h1>Case deadlines</h1>
      <p>
        When each type of case must be done by. The case queue shows each case’s deadline and lists what is
        overdue first; a change here applies to every open case at once.
      </p>
      <LoadFailed what="show the case deadlines" load={read} />
      {!tenants && !read.failure && <p>Loading...</p>}
      {tenants?.map((tenant) =>
        editing === tenant.tenantUrl ? (
          <DeadlineForm
            key={tenant.tenantUrl}
            tenant={tenant}
            action={action}
            onClose={() => setEditing(null)}
          />
        ) : (
          <TenantDeadlines
            key={tenant.tenantUrl}
            tenant={tenant}
            onChange={editing === null ? () => setEditing(tenant.tenantUrl) : undefined}
          />
        ),
      )}
    </>
  );
}

function TenantDeadlines({ tenant, onChange }: { tenant: TenantCaseDeadlines; onChange?: () => void }) {
  const headingId = `deadlines-${tenant.tenantUrl}`;
  const { rules, otherwise } = tenant.deadlines;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{tenant.tenantName}</h2>
      <p>{SOURCES[tenant.source](tenant)}</p>
      <table className="console-table">
        <caption className="visually-hidden">{tenant.tenantName}: each case type’s deadline</caption>
        <thead>
          <tr>
            <th scope="col">Case types</th>
            <th scope="col">Deadline</th>
            <th scope="col">Counted from</th>
            <th scope="col">Staff read</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.caseTypes.join()}>
              <td>{rule.caseTypes.join(', ')}</td>
              <td>{periodText(rule)}</td>
              <td>{rule.from === 'guaranteeDate' ? 'The guarantee date' : 'The day it was opened'}</td>
              <td>{rule.describe}</td>
            </tr>
          ))}
          <tr>
            <td>
              Every other case
              {tenant.otherCaseTypes.length > 0 && ` (${tenant.otherCaseTypes.join(', ')})`}
            </td>
            <td>{periodText(otherwise)}</td>
            <td>The day it was opened</td>
            <td>{otherwise.describe}</td>
          </tr>
        </tbody>
      </table>
      {onChange && (
        <p>
          <button type="button" className="button button--secondary" onClick={onChange}>
            Change the deadlines<span className="visually-hidden"> of {tenant.tenantName}</span>
          </button>
        </p>
      )}
    </section>
  );
}

/** One rule's fields: its period's number and unit, and what staff read. */
function PeriodFields({
  id,
  legend,
  period,
  describe,
  errors,
}: {
  id: string;
  legend: string;
  period: Period;
  describe: string;
  errors: FieldError[];
}) {
  const errorFor = (field: string) =>
    errors.find((error) => error.field === `${id}-${field}`)?.message.replace(/^[^:]*: /, '');
  const unit = unitOf(period);
  return (
    <fieldset>
      <legend className="legend">{legend}</legend>
      <div className="console-filters">
        <TextField
          id={`${id}-amount`}
          label="Number"
          inputMode="numeric"
          className="input--short"
          defaultValue={String(period[unit] ?? '')}
          error={errorFor('amount')}
        />
        <SelectField id={`${id}-unit`} label="Of" options={UNITS} defaultValue={unit} />
      </div>
      <TextField
        id={`${id}-describe`}
        label="What staff read in the queue"
        defaultValue={describe}
        error={errorFor('describe')}
      />
    </fieldset>
  );
}

/** The typed number and unit as a period: anything but digits is not a number, for the schema to refuse. */
function periodFrom(form: FormData, id: string): Period {
  const typed = String(form.get(`${id}-amount`) ?? '').trim();
  const unit = String(form.get(`${id}-unit`) ?? 'days') as CaseDeadlineUnit;
  return { [unit]: /^-?\d+$/.test(typed) ? Number(typed) : Number.NaN };
}

function DeadlineForm({
  tenant,
  action,
  onClose,
}: {
  tenant: TenantCaseDeadlines;
  action: ReturnType<typeof useStaffAction>;
  onClose: () => void;
}) {
  const { rules, otherwise } = tenant.deadlines;
  const legends = [...rules.map((rule) => rule.caseTypes.join(', ')), 'Every other case'];
  const fieldOf = (path: PropertyKey[]) => {
    const [place, index, key] = path;
    const id = place === 'rules' && typeof index === 'number' ? `rule-${index}` : 'otherwise';
    const field = (place === 'rules' ? key : index) === 'describe' ? 'describe' : 'amount';
    return { id: `${id}-${field}`, legend: legends[place === 'rules' ? Number(index) : rules.length]! };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (id: string) => String(form.get(`${id}-describe`) ?? '');
    const changed = {
      rules: rules.map((rule, index) => ({
        caseTypes: rule.caseTypes,
        from: rule.from,
        // What meets the rule, and what follows an acknowledgement, are kept as they are.
        ...(rule.until ? { until: rule.until } : {}),
        ...(rule.then ? { then: rule.then } : {}),
        ...periodFrom(form, `rule-${index}`),
        describe: text(`rule-${index}`),
      })),
      otherwise: { ...periodFrom(form, 'otherwise'), describe: text('otherwise') },
    };
    const checked = caseDeadlinesSchema.safeParse(changed);
    if (!checked.success) {
      const problems: FieldError[] = [];
      for (const issue of checked.error.issues) {
        const { id, legend } = fieldOf(issue.path);
        if (!problems.some((problem) => problem.field === id))
          problems.push({ field: id, message: `${legend}: ${issue.message}` });
      }
      return action.refuse(problems);
    }
    const deadlines: CaseDeadlines = checked.data;
    return action.run('rule-0-amount', async () => {
      await consoleApi.changeCaseDeadlines(tenant.tenantUrl, deadlines);
      onClose();
      return `The deadlines of ${tenant.tenantName} are changed: the case queue uses them now.`;
    });
  };

  return (
    <section aria-labelledby="change-deadlines">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="change-deadlines">Change the deadlines of {tenant.tenantName}</h2>
        <p>
          Give each rule a whole number of months, days or working days (England and Wales bank holidays are
          not counted), at least 1.
        </p>
        {rules.map((rule, index) => (
          <PeriodFields
            key={rule.caseTypes.join()}
            id={`rule-${index}`}
            legend={`${legends[index]}${rule.from === 'guaranteeDate' ? ' (from the guarantee date)' : ''}`}
            period={rule}
            describe={rule.describe}
            errors={action.errors}
          />
        ))}
        <PeriodFields
          id="otherwise"
          legend="Every other case"
          period={otherwise}
          describe={otherwise.describe}
          errors={action.errors}
        />
        <div className="button-group">
          <button type="submit" className="button" disabled={action.busy}>
            Save the deadlines
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
