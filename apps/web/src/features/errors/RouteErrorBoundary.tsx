import { useEffect } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { serviceProblem } from '../../lib/service-problem';
import { ERROR_TITLE, ErrorPage, NotFoundPage } from './ErrorPage';

/** Inside the shell: a page that failed to load or render shows the error page in place of the page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  useEffect(() => {
    console.error('A page failed', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const problem = serviceProblem(error);
  // Loading the page's data again clears the error once the service answers.
  const tryAgain = problem ? () => void revalidator.revalidate() : undefined;
  return <ErrorPage problem={problem} onTryAgain={tryAgain} />;
}

/** Last resort when the shell itself fails: no tenant header, no router links. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('The app failed', error);
    document.title = ERROR_TITLE;
  }, [error]);
  return (
    <main id="main-content" className="container" tabIndex={-1}>
      <h1>{ERROR_TITLE}</h1>
      <p>Try again later.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
