import {
  useEffect,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { HttpError } from '../../lib/http/client';
import { describedByFor, FieldMessages } from '../../components/TextField';

/** The console's pages are titled for staff, apart from the member site's tenant name. */
export function useConsoleTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - Meridian operations`;
  }, [title]);
}

interface AreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
}

/** A GOV.UK-style textarea: label, hint and inline error tied to it. */
export function TextArea({ id, label, hint, error, ...area }: AreaProps) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
      <textarea
        id={id}
        name={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByFor(id, hint, error)}
        {...area}
      />
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  options: ReadonlyArray<SelectOption | SelectGroup>;
}

type SelectOption = readonly [value: string, text: string];
/** Options shown under a heading of their own in the list (an optgroup). */
export interface SelectGroup {
  label: string;
  options: ReadonlyArray<SelectOption>;
}

const optionOf = ([value, text]: SelectOption) => (
  <option key={value} value={value}>
    {text}
  </option>
);

/** A GOV.UK-style select: label, optional hint and inline error tied to it. */
export function SelectField({ id, label, hint, error, options, ...select }: SelectProps) {
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
      <select
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByFor(id, hint, error)}
        {...select}
      >
        {options.map((option) =>
          'label' in option ? (
            <optgroup key={option.label} label={option.label}>
              {option.options.map(optionOf)}
            </optgroup>
          ) : (
            optionOf(option)
          ),
        )}
      </select>
    </div>
  );
}

/** The server's words for a refusal, else a general message. */
export const problemText = (error: unknown) =>
  error instanceof HttpError && error.messages[0]
    ? error.messages[0]
    : 'Something went wrong. Try again, or reload the page.';

export const isSignedOut = (error: unknown) => error instanceof HttpError && error.status === 401;

/** Asks before an action that cannot be taken back: what happens, then Yes (the action) or No, keep it. */
export function ConfirmNotice({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <section className="notice" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="button-group">
        <button type="button" className="button button--warning" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          No, keep it
        </button>
      </div>
    </section>
  );
}
