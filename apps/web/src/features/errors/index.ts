/** The error pages other features show. */
export { ErrorPage, NotFoundPage } from './ErrorPage';
