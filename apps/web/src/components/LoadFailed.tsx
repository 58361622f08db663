import { serviceProblem } from '../lib/service-problem';

interface LoadFailedProps {
  /** What could not be done, after "Sorry, we cannot": "show your details". */
  what: string;
  error: unknown;
  onTryAgain: () => void;
}

/** A page's own data could not be read: says so, why when the failure tells (busy, offline), and offers to try again. */
export function LoadFailed({ what, error, onTryAgain }: LoadFailedProps) {
  return (
    <>
      <p>Sorry, we cannot {what} right now.</p>
      <p>{serviceProblem(error) ?? 'Try again later'}.</p>
      <p>
        <button type="button" className="button button--secondary" onClick={onTryAgain}>
          Try again
        </button>
      </p>
    </>
  );
}
