import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export const ERROR_TITLE = 'Sorry, there is a problem with the service';

interface ErrorPageProps {
  /** What the member can do about it, when the failure says (the service busy, no connection). */
  problem?: string;
  /** Loads the page again; offered with a problem that passes. */
  onTryAgain?: () => void;
}

/** The error route, and what any unexpected failure inside the shell shows. */
export function ErrorPage({ problem, onTryAgain }: ErrorPageProps) {
  useDocumentTitle(ERROR_TITLE);
  return (
    <>
      <h1>{ERROR_TITLE}</h1>
      <p>{problem ? `${problem}.` : 'Try again later.'}</p>
      {onTryAgain && (
        <p>
          <button type="button" className="button" onClick={onTryAgain}>
            Try again
          </button>
        </p>
      )}
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}

/** Shown for any address that has no page. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>If you typed the web address, check it is correct.</p>
      <p>If you pasted the web address, check you copied the entire address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
