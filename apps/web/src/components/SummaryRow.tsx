import type { ReactNode } from 'react';

/** One term and its value in a summary list. */
export function SummaryRow({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
