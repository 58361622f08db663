import { errorCodes } from '@meridian/contracts';
import { HttpError } from './http/client';

/**
 * What to tell a member when a request failed because of the service or their connection rather than
 * anything they sent, so they know to wait or to check their connection; undefined for any other failure.
 */
export function serviceProblem(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.status === 503 || error.codes.includes(errorCodes.busy))
    return 'The service is busy. Wait a few seconds and try again';
  if (error.status === 0)
    return 'We could not reach the service. Check your internet connection and try again';
  return undefined;
}

/**
 * Whether the service answered and refused the request (a 4xx other than busy): there is nothing to
 * show, where any other failure means it could not be shown.
 */
export const refusedByService = (error: unknown): boolean =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && !serviceProblem(error);
