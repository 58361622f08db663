import { describedByFor, FieldMessages } from './TextField';

interface DateFieldProps {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  autoCompletePrefix?: 'bday';
  /** An ISO date to fill the boxes with (an answer given before). */
  defaultValue?: string;
}

/** GOV.UK date input: day, month and year boxes in a fieldset; the first box takes the error link. */
export function DateField({ id, legend, hint, error, autoCompletePrefix, defaultValue }: DateFieldProps) {
  const describedBy = describedByFor(id, hint, error);
  const [year, month, day] = defaultValue?.split('-').map((part) => String(Number(part))) ?? [];
  const parts = [
    { key: 'day', label: 'Day', width: 'input--2', autoComplete: 'day', value: day },
    { key: 'month', label: 'Month', width: 'input--2', autoComplete: 'month', value: month },
    { key: 'year', label: 'Year', width: 'input--4', autoComplete: 'year', value: year },
  ];
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset role="group" aria-describedby={describedBy}>
        <legend className="legend">{legend}</legend>
        <FieldMessages id={id} hint={hint} error={error} />
        <div className="date-input">
          {parts.map((part, index) => (
            <div key={part.key} className="date-input__item">
              <label htmlFor={index === 0 ? id : `${id}-${part.key}`}>{part.label}</label>
              <input
                id={index === 0 ? id : `${id}-${part.key}`}
                name={`${id}-${part.key}`}
                className={part.width}
                inputMode="numeric"
                defaultValue={part.value}
                autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part.autoComplete}` : undefined}
                aria-invalid={error ? true : undefined}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** Reads the three boxes as an ISO date, or null when they do not make a real date. */
export function readDateField(form: FormData, id: string): string | null {
  const [day, month, year] = ['day', 'month', 'year'].map((part) =>
    Number(String(form.get(`${id}-${part}`) ?? '').trim()),
  );
  // Four-digit years only: a later one would not make a YYYY-MM-DD date.
  if (
    !Number.isInteger(day) ||
    !Number.isInteger(month) ||
    !Number.isInteger(year) ||
    year! < 1900 ||
    year! > 9999
  )
    return null;
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}
