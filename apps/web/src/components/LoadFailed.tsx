import { serviceProblem } from '../lib/service-problem';
import type { Load } from './useLoad';

interface LoadFailedProps {
  /** What could not be done, after "Sorry, we cannot": "show your details". */
  what: string;
  /** The read that failed (from useLoad): nothing is shown while it has not. */
  load: Pick<Load<unknown>, 'failure'> & { reload: () => unknown };
}

/** A page's own data could not be read: says so, why when the failure tells (busy, offline), and offers to try again. */
export function LoadFailed({ what, load }: LoadFailedProps) {
  if (!load.failure) return null;
  return (
    <>
      <p>Sorry, we cannot {what} right now.</p>
      <p>{serviceProblem(load.failure.error) ?? 'Try again later'}.</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void load.reload()}>
          Try again
        </button>
      </p>
    </>
  );
}
