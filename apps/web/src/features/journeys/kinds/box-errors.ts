import { useEffect, useRef, useState } from 'react';
import type { FieldProblem } from '@meridian/contracts';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A composite question gets one message for the page (its kind's `read`); this finds the box each
 * problem is in by reading the form again with the same contracts function, so each box shows its
 * own. Problems the boxes do not explain (the server's) stay on the question as a whole.
 */
export function useBoxErrors(error: string | undefined, problemsIn: (form: FormData) => FieldProblem[]) {
  const container = useRef<HTMLDivElement>(null);
  const [boxErrors, setBoxErrors] = useState<FieldProblem[]>([]);
  const read = useRef(problemsIn);
  read.current = problemsIn;
  useEffect(() => {
    const form = container.current?.closest('form');
    setBoxErrors(error && form ? read.current(new FormData(form)) : []);
  }, [error]);
  const wholeError = error && boxErrors.length === 0 ? error : undefined;
  return { container, boxErrors, wholeError };
}
