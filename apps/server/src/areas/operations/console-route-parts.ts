import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { staffMay } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { AppError, errorResponses } from '../../lib/errors';
import { auditStaff } from './staff-audit';
import { requireStaff } from './staff-session';

/**
 * Only administrators see and change the scheme's configuration (integration clients, staff accounts,
 * webhook receivers): another role is refused 403, audited as `action` denied.
 */
export async function requireAdministrator(db: Database, request: FastifyRequest, action: string) {
  const staff = request.staff!;
  if (staffMay(staff.role, 'administer')) return;
  await auditStaff(db, request, {
    action,
    outcome: 'denied',
    details: { reason: 'role', role: staff.role },
  });
  throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
}

/** The refusals the staff API's and the integration API's routes answer, each `{errors: [{code, message}]}`. */
export const routeErrors = errorResponses(400, 401, 403, 404, 409);

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
