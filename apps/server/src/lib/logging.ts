import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** Fields that hold credentials or personal data, wherever a log entry carries them. */
const sensitiveFields = [
  'password',
  'insuranceNumber',
  'dateOfBirth',
  'email',
  'accessToken',
  'refreshToken',
  'tokenId',
  'contentAccessKey',
  'lookupCode',
  'referenceNumber',
  'body',
  'params',
];

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'outbox.to',
  ...sensitiveFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** A URL with the names of its query parameters but none of their values. */
export function urlWithoutQueryValues(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

/** The request as logged: never a query value, a cookie or a header that could carry a token. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: urlWithoutQueryValues(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: requestSerializer as never },
    ...(stream ? { stream } : {}),
  };
}

interface DatabaseFailure {
  code?: unknown;
  severity?: unknown;
  query?: unknown;
  cause?: unknown;
}

const looksLikeDatabaseError = (error: unknown): error is DatabaseFailure =>
  typeof error === 'object' &&
  error !== null &&
  ('severity' in error ||
    (typeof (error as DatabaseFailure).code === 'string' &&
      /^[0-9A-Z]{5}$/.test((error as DatabaseFailure).code as string)));

/**
 * What the log keeps of an unexpected error. A failed query's message and its cause's message carry
 * the query's values (an NI number, a date of birth), so for database errors only the SQL text
 * (placeholders, no values), the SQLSTATE code and the stack frames are kept.
 */
export function loggableError(error: Error & DatabaseFailure) {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const cause = error.cause;
  const database = looksLikeDatabaseError(error) ? error : looksLikeDatabaseError(cause) ? cause : undefined;
  if (database || typeof error.query === 'string') {
    return {
      type: error.name,
      sqlState: typeof database?.code === 'string' ? database.code : undefined,
      sql: typeof error.query === 'string' ? error.query : undefined,
      stack: frames,
    };
  }
  return { type: error.name, message: error.message, stack: frames };
}
