import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  caseDeadlineListSchema,
  caseDeadlinesSchema,
  caseDeadlineTenantParamsSchema,
  staffMay,
  tenantCaseDeadlinesSchema,
  type CaseDeadlines,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { tenantCaseDeadlines, tenants } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { deadlinesOfTenant, knownCaseTypes } from './deadlines';
import { auditStaff } from './staff-audit';
import { requireStaff } from './staff-session';

const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403, 404);

type Tenant = { tenantUrl: string; tenantName: string; businessGroups: string[] };

/**
 * Case deadlines are the scheme's configuration, as its integration clients are: administrators only.
 * Checked before the body is read, so another role learns nothing about what a change would do.
 */
async function requireAdministrator(db: Database, request: FastifyRequest) {
  const staff = request.staff!;
  if (staffMay(staff.role, 'administer')) return;
  await auditStaff(db, request, {
    action: request.method === 'GET' ? 'case_deadlines_view' : 'case_deadlines_change',
    outcome: 'denied',
    details: { reason: 'role', role: staff.role },
  });
  throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
}

async function tenantView(db: Database, tenant: Tenant) {
  const found = await deadlinesOfTenant(db, tenant.tenantUrl);
  const named = new Set(found.deadlines.rules.flatMap((rule) => rule.caseTypes));
  const known = await knownCaseTypes(db, tenant);
  return {
    tenantUrl: tenant.tenantUrl,
    tenantName: tenant.tenantName,
    source: found.source,
    deadlines: found.deadlines,
    changedAt: found.changedAt?.toISOString() ?? null,
    changedBy: found.changedBy,
    otherCaseTypes: [...known].filter((type) => !named.has(type)).sort(),
  };
}

/**
 * Each tenant's case deadlines, read and changed by its administrators (every tenant's for a firm's
 * administrator), under /admin-api. A change is kept per tenant in place of its content file and
 * the defaults, audited with the rules before and after; the queue and dashboard read it at once.
 */
export const caseDeadlineRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preValidation', requireStaff(db));
  app.addHook('preValidation', (request) => requireAdministrator(db, request));

  const tenantsInScope = async (request: FastifyRequest): Promise<Tenant[]> => {
    const scope = request.staff!.tenantUrl;
    return db
      .select({
        tenantUrl: tenants.tenantUrl,
        tenantName: tenants.tenantName,
        businessGroups: tenants.businessGroups,
      })
      .from(tenants)
      .where(scope === null ? undefined : eq(tenants.tenantUrl, scope))
      .orderBy(tenants.tenantName);
  };

  app.get(
    '/case-deadlines',
    {
      schema: {
        tags,
        summary:
          'Each tenant’s case deadlines in force, where they come from and the case types no rule names (administrators)',
        response: { 200: caseDeadlineListSchema, ...errors },
      },
    },
    async (request) => {
      const list = [];
      for (const tenant of await tenantsInScope(request)) list.push(await tenantView(db, tenant));
      return { tenants: list };
    },
  );

  app.put(
    '/case-deadlines/:tenantUrl',
    {
      schema: {
        tags,
        summary:
          'Sets a tenant’s case deadlines, in place of its content file and the defaults (administrators, audited)',
        description:
          'The body is the whole rule set, as in case-deadlines.json. A case type the tenant does not know (its journeys, its cases, the rules it had) answers 400 case_type_unknown; another tenant, or one that does not exist, 404 tenant_not_found.',
        params: caseDeadlineTenantParamsSchema,
        body: caseDeadlinesSchema,
        response: { 200: tenantCaseDeadlinesSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantUrl } = request.params;
      const tenant = (await tenantsInScope(request)).find((candidate) => candidate.tenantUrl === tenantUrl);
      if (!tenant) {
        await auditStaff(db, request, {
          action: 'case_deadlines_change',
          outcome: 'denied',
          details: { tenantUrl, reason: 'tenant_not_in_scope' },
        });
        throw new AppError(404, 'tenant_not_found', 'There is no such scheme among yours.');
      }
      const deadlines: CaseDeadlines = request.body;
      const known = await knownCaseTypes(db, tenant);
      const unknown = deadlines.rules.flatMap((rule) => rule.caseTypes).filter((type) => !known.has(type));
      if (unknown.length > 0) {
        await auditStaff(db, request, {
          action: 'case_deadlines_change',
          outcome: 'failure',
          details: { tenantUrl, reason: 'case_type_unknown', caseTypes: unknown },
        });
        throw new AppError(
          400,
          'case_type_unknown',
          `${tenant.tenantName} has no case of type ${unknown.join(', ')}.`,
        );
      }
      const before = await deadlinesOfTenant(db, tenantUrl);
      const changedAt = new Date();
      await db
        .insert(tenantCaseDeadlines)
        .values({ tenantUrl, deadlines, changedBy: request.staff!.id, changedAt })
        .onConflictDoUpdate({
          target: tenantCaseDeadlines.tenantUrl,
          set: { deadlines, changedBy: request.staff!.id, changedAt },
        });
      await auditStaff(db, request, {
        action: 'case_deadlines_change',
        outcome: 'success',
        details: { tenantUrl, before: before.deadlines, beforeSource: before.source, after: deadlines },
      });
      return tenantView(db, tenant);
    },
  );
};
