import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { textProblem } from '@meridian/contracts';

/** Deeper than any request Meridian accepts; refusing early keeps a hostile body from costing a deep walk. */
const MAX_DEPTH = 32;

interface Refusal {
  field: string;
  problem: string;
}

/**
 * The first key or string anywhere in a value that breaks the input policy, with the path to it from
 * the value (built only for a refusal). Recursion stops at MAX_DEPTH, so the stack stays shallow.
 */
function firstRefusal(value: unknown, singleLine: boolean, depth = 0): Refusal | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, { singleLine });
    return problem ? { field: '', problem } : undefined;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  if (depth >= MAX_DEPTH) return { field: '', problem: 'is nested too deeply' };
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const keyProblem = textProblem(key, { singleLine: true });
    if (keyProblem) return { field: '', problem: `has a key that ${keyProblem}` };
    const refusal = firstRefusal(fields[key], singleLine, depth + 1);
    if (refusal) return { field: `.${key}${refusal.field}`, problem: refusal.problem };
  }
  return undefined;
}

/** Where a request carries values, and whether free text (tab, new lines) may arrive there: only in a body. */
const sources = (request: FastifyRequest) =>
  [
    ['headers', request.headers, true],
    ['params', request.params, true],
    ['querystring', request.query, true],
    ['body', request.body, false],
  ] as const;

/**
 * Applies the input policy to every route, present and future, before its schema runs: no string,
 * key or header reaching a handler holds NUL, another control character or a lone surrogate. Tab and
 * new lines are allowed only in body strings (free text); headers, path parameters, query values and
 * keys are single-line. Schemas narrow further (safeString for single-line body fields, safeDate).
 */
export const inputPolicy = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, reply, done) => {
    for (const [context, value, singleLine] of sources(request)) {
      const refusal = firstRefusal(value, singleLine);
      if (refusal) {
        const field = `${context}${refusal.field}`;
        const message = `${field}: ${refusal.problem}`;
        reply.code(400).send({ errors: [{ code: 'field_invalid', message, field }] });
        return;
      }
    }
    done();
  });
});
