import { errorCodes } from '@meridian/contracts';
import { answerOr, HttpError } from './http/client';

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
 * The answer, or 'none' when the service answered that there is none of it (404). Any other failure
 * (busy, offline, signed out, an error) is thrown: the page says it could not be shown.
 */
export const noneIfNotFound = <T>(answer: Promise<T>) => answerOr(answer, 404, 'none' as const);
