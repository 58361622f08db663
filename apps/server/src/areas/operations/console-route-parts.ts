import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { requireAdministrator } from '../integration/console-routes';
import { requireStaff } from './staff-session';

/** The refusals the staff API's and the integration API's routes answer, each `{errors: [{code, message}]}`. */
export const routeErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The answer of an action that has nothing more to say. */
export const done = z.object({ ok: z.literal(true) });

/**
 * Signed in, then an administrator, before the body is read: another role is refused 403 whatever it
 * sent, audited as the route's action (`auditActions`, by method and route, else `fallback`).
 */
export function administratorsOnly(
  scope: FastifyInstance,
  db: Database,
  auditActions: Readonly<Record<string, string>>,
  fallback: string,
) {
  scope.addHook('preValidation', requireStaff(db));
  scope.addHook('preValidation', (request) =>
    requireAdministrator(
      db,
      request,
      auditActions[`${request.method} ${request.routeOptions.url}`] ?? fallback,
    ),
  );
}
