import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '@meridian/contracts';
import { AppError } from '../lib/errors';
import { isUniqueViolation, sqlStateOf } from '../lib/database-errors';
import { loggableError } from '../lib/logging';

const frameworkCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errorCodes.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: errorCodes.payloadTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_ERR_RATE_LIMIT: errorCodes.tooManyRequests,
};

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

function validationErrors(context: string | undefined, issues: ValidationIssue[]): ApiError[] {
  return issues.map((issue) => {
    const field = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)]
      .filter(Boolean)
      .join('.');
    const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
    return {
      code: missing ? 'field_required' : 'field_invalid',
      message: `${field || 'request'}: ${issue.message ?? 'is not valid'}`,
      field,
    };
  });
}

/**
 * The database did not answer in time (DATABASE_QUERY_TIMEOUT_MS): a query cancelled by its statement
 * timeout (SQLSTATE 57014), or no pooled connection free in time. The query builder passes the
 * driver's error on as the cause.
 */
function databaseTooSlow(error: unknown): boolean {
  if (sqlStateOf(error) === '57014') return true;
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { message, cause } = current as { message?: unknown; cause?: unknown };
    if (message === 'timeout exceeded when trying to connect') return true;
    current = cause;
  }
  return false;
}

/** Seconds a caller is asked to wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = 5;
const BUSY = { code: errorCodes.busy, message: 'We are very busy just now. Please try again in a minute.' };
/**
 * A unique constraint refused a write (SQLSTATE 23505, however the driver's error is wrapped): a
 * parallel request saved the same thing first. The clashing write was not made, and the member can
 * refresh and see the other one: a conflict, not a server fault.
 */
const SAVED_ELSEWHERE = {
  code: 'conflict',
  message: 'This was saved at the same moment by another request. Refresh the page to see it.',
};

/** One error shape for every failure; never a stack trace on the wire. */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code, status: error.statusCode }, 'request refused');
      return reply.code(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      return reply
        .code(400)
        .send({ errors: validationErrors(context, error.validation as ValidationIssue[]) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = frameworkCodes[error.code] ?? (status === 404 ? errorCodes.notFound : 'bad_request');
      return reply.code(status).send({ errors: [{ code, message: error.message }] });
    }
    if (isUniqueViolation(error)) {
      request.log.info({ failure: loggableError(error) }, 'unique constraint refused a parallel write');
      return reply.code(409).send({ errors: [SAVED_ELSEWHERE] });
    }
    if (databaseTooSlow(error)) {
      request.log.warn({ failure: loggableError(error) }, 'database too slow');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ errors: [BUSY] });
    }
    request.log.error({ failure: loggableError(error) }, 'unhandled error');
    return reply
      .code(500)
      .send({
        errors: [{ code: errorCodes.internal, message: 'Something went wrong. Please try again later.' }],
      });
  });
});

/**
 * The router's own refusals, raised before any hook runs: a path that does not decode (bad
 * percent-encoding) or a path parameter over the length limit. Same error shape, and the path is
 * not echoed back.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status === 414) {
    return reply
      .code(414)
      .send({ errors: [{ code: 'path_too_long', message: 'A part of this address is too long.' }] });
  }
  if (status < 500) {
    return reply.code(400).send({ errors: [{ code: 'bad_url', message: 'This address is not valid.' }] });
  }
  return reply
    .code(500)
    .send({
      errors: [{ code: errorCodes.internal, message: 'Something went wrong. Please try again later.' }],
    });
}
