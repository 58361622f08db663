import { useEffect, useRef } from 'react';

export interface FieldError {
  field: string;
  message: string;
}

/** GOV.UK error summary: focused on appearance, each message links to its field. */
export function ErrorSummary({ errors }: { errors: FieldError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {errors.map((error) => (
          <li key={error.field + error.message}>
            <a href={`#${error.field}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
