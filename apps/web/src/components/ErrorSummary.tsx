import { useEffect, useRef } from 'react';
import type { FieldError } from '../lib/form';

export type { FieldError };

const TITLE_PREFIX = 'Error: ';

/**
 * GOV.UK error summary: focused on appearance, each message links to its field, and the page title
 * starts "Error: " while it shows (whether or not the page's own title says so).
 */
export function ErrorSummary({ errors }: { errors: FieldError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const showing = errors.length > 0;
  useEffect(() => {
    if (showing) ref.current?.focus();
  }, [errors, showing]);
  useEffect(() => {
    if (!showing) return;
    if (!document.title.startsWith(TITLE_PREFIX)) document.title = `${TITLE_PREFIX}${document.title}`;
    return () => {
      if (document.title.startsWith(TITLE_PREFIX)) document.title = document.title.slice(TITLE_PREFIX.length);
    };
  }, [showing]);
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
