import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export function ErrorPage() {
  useDocumentTitle('Sorry, there is a problem with the service');
  return (
    <>
      <h1>Sorry, there is a problem with the service</h1>
      <p>Try again later. Nothing you entered has been lost.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}

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
