import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, staffAuditPageSchema, staffAuditQuerySchema, staffMay } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { staffAccounts, staffAudit } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { findTenant } from '../tenancy/tenant-repository';
import { auditStaff } from './staff-audit';
import type { SignedInStaff } from './staff-session';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * A tenant's entries: the row's tenant (its member's, else its staff's or client's, else the host's);
 * for an older row whose tenant was not known, those of the tenant's own staff and those about its
 * members (by business group).
 */
function ofTenant(tenantUrl: string, businessGroups: readonly string[]): SQL | undefined {
  const own = eq(staffAccounts.tenantUrl, tenantUrl);
  return or(
    eq(staffAudit.tenantUrl, tenantUrl),
    and(
      isNull(staffAudit.tenantUrl),
      businessGroups.length > 0 ? or(own, inArray(staffAudit.businessGroup, [...businessGroups])) : own,
    ),
  );
}

/** The caller's tenant's entries; staff of every tenant (an administrator firm's) read them all. */
const tenantScope = (staff: SignedInStaff): SQL | undefined =>
  staff.tenantUrl === null ? undefined : ofTenant(staff.tenantUrl, staff.businessGroups ?? []);

/** The staff audit log, read-only, for those whose role reads it (the read audited too). Signed-in scope. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['operations-console'],
        summary:
          'The staff audit log of the caller’s tenant, newest first, 50 a page: who did what to which member, when; filtered by tenant, member reference, staff email, action and days (team leaders, auditors, administrators; the read is audited)',
        querystring: staffAuditQuerySchema,
        response: {
          200: staffAuditPageSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const staff = request.staff!;
      const { member, staff: email, action, tenant, from, to, page } = request.query;
      const filters = { member, staff: email, action, tenant, from, to, page };
      if (!staffMay(staff.role, 'readAudit')) {
        await auditStaff(db, request, {
          action: 'audit_log_view',
          outcome: 'denied',
          details: { reason: 'role', role: staff.role },
        });
        throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
      }
      const rows = await db
        .select({ entry: staffAudit, name: staffAccounts.name, email: staffAccounts.email })
        .from(staffAudit)
        .leftJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
        .where(
          and(
            tenantScope(staff),
            member ? eq(staffAudit.referenceNumber, member) : undefined,
            email ? eq(staffAccounts.email, email) : undefined,
            action ? eq(staffAudit.action, action) : undefined,
            tenant ? ofTenant(tenant, (await findTenant(db, tenant))?.businessGroups ?? []) : undefined,
            from ? gte(staffAudit.at, new Date(`${from}T00:00:00Z`)) : undefined,
            to ? lt(staffAudit.at, nextDay(to)) : undefined,
          ),
        )
        .orderBy(desc(staffAudit.at), desc(staffAudit.id))
        .limit(AUDIT_PAGE_SIZE + 1)
        .offset((page - 1) * AUDIT_PAGE_SIZE);
      const shown = rows.slice(0, AUDIT_PAGE_SIZE);
      await auditStaff(db, request, {
        action: 'audit_log_view',
        outcome: 'success',
        referenceNumber: member ?? null,
        details: { filters, shown: shown.length },
      });
      return {
        entries: shown.map(({ entry, name, email: staffEmail }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          staff: name !== null && staffEmail !== null ? { name, email: staffEmail } : null,
          action: entry.action,
          outcome: entry.outcome,
          businessGroup: entry.businessGroup,
          referenceNumber: entry.referenceNumber,
          caseNumber: entry.caseNumber,
          tenantUrl: entry.tenantUrl,
        })),
        page,
        more: rows.length > AUDIT_PAGE_SIZE,
      };
    },
  );
};
