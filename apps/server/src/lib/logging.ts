import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';

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
  'authorization',
  'cookie',
  'set-cookie',
  'x-xsrf-token',
];

const sensitiveKeys = new Set(sensitiveFields);
const CENSOR = '[redacted]';
/** Deeper than any entry Meridian logs; the bound also stops a walk round a circular object. */
const MAX_CENSOR_DEPTH = 6;

/** Fields sensitive only inside another: the recipient of a message in the outbox. */
const sensitiveWithin = new Map([['outbox', new Set(['to'])]]);

/** Keys of an entry that their own serializers write (the request, the response, the censored error). */
const serializedKeys = new Set(['req', 'res', 'err']);

/** Whether the log writes a value as its own enumerable properties (as JSON does), so it may hide a field. */
const writtenByFields = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
  !ArrayBuffer.isView(value);

/**
 * A log entry with every sensitive field censored, at any depth. What holds nothing sensitive is
 * returned as it is, so an ordinary entry costs one walk and no copy; an object that does hold one is
 * copied as the plain object the log would write. Pino's own wildcard redaction (`*.field`) did this
 * at up to ten times the cost of the rest of a request's logging, and ran on every request's child
 * logger even when nothing was logged. `within` is the key of the object holding `value`.
 */
export function censored(value: unknown, depth = 0, within?: string): unknown {
  if (depth > MAX_CENSOR_DEPTH || !writtenByFields(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const kept = censored(item, depth + 1, within);
      if (kept !== item) (copy ??= [...value])[index] = kept;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (depth === 0 && serializedKeys.has(key)) continue;
    const item = value[key];
    const sensitive = sensitiveKeys.has(key) || sensitiveWithin.get(within ?? '')?.has(key);
    const kept = sensitive ? CENSOR : censored(item, depth + 1, key);
    if (kept !== item) (copy ??= { ...value })[key] = kept;
  }
  return copy ?? value;
}

/** A URL with the names of its query parameters but none of their values. */
export function urlWithoutQueryValues(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  return url.slice(0, queryStart + 1) + url.slice(queryStart + 1).replace(/=[^&]*/g, '=…');
}

/** The request as logged: never a query value, a cookie or a header that could carry a token. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: urlWithoutQueryValues(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** An error as pino writes it (type, message, stack and its own fields), censored; anything else as it is. */
const censoredError = (error: unknown) => {
  const written: unknown = stdSerializers.err(error as Error);
  return written !== null && typeof written === 'object' ? censored({ ...written }, 1) : written;
};

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    // Entries are censored; a child logger's bindings are not (pino formats them only for the root
    // logger), so a child binds nothing personal: Fastify's binds only the request id.
    formatters: { log: (entry) => censored(entry) as Record<string, unknown> },
    serializers: { req: requestSerializer as never, err: censoredError as never },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One access-log line per request, written when it ends: the request (as the serializer above keeps
 * it), the status and the time taken. Fastify's own writes a second as each request arrives, which
 * adds nothing for a request that ends and doubled the cost of logging on every call; that line is
 * written at debug, for finding a request that never ends.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
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
