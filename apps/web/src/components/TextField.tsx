import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
}

/** A field's hint and inline error, with the ids its input refers to in aria-describedby. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
    </>
  );
}

export const describedByFor = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A GOV.UK-style question field: label, optional hint, inline error tied to the input. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  const describedBy = describedByFor(id, hint, error);
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        className={className}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </div>
  );
}
