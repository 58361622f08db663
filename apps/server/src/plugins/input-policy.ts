import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { textProblem } from '@meridian/contracts';

/** Deeper than any request Meridian accepts; refusing early keeps a hostile body from costing a deep walk. */
const MAX_DEPTH = 32;

interface Refusal {
  field: string;
  problem: string;
}

/** The first key or string anywhere in a value that breaks the input policy (iterative: no stack overflow). */
function firstRefusal(root: unknown, context: string, singleLine: boolean): Refusal | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: context, depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, { singleLine });
      if (problem) return { field: path, problem };
      continue;
    }
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_DEPTH) return { field: path, problem: 'is nested too deeply' };
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key, { singleLine: true });
      if (keyProblem) return { field: path, problem: `has a key that ${keyProblem}` };
      pending.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
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
  app.addHook('preValidation', async (request, reply) => {
    for (const [context, value, singleLine] of sources(request)) {
      const refusal = firstRefusal(value, context, singleLine);
      if (refusal) {
        const message = `${refusal.field}: ${refusal.problem}`;
        return reply.code(400).send({ errors: [{ code: 'field_invalid', message, field: refusal.field }] });
      }
    }
  });
});
