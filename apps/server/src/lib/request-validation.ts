import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Zod validates every part of a request, and a headers schema only checks. Handing Fastify the
 * parsed headers would make it keep them beside the raw ones and build a fresh merged copy of every
 * header on each later read of `request.headers` (compression, cookies and handlers read it on every
 * call). No headers schema transforms a value, so the raw headers are the checked ones.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'headers') return validate;
  return (data) => {
    const { error } = validate(data) as { error?: Error };
    return error ? { error } : {};
  };
};
