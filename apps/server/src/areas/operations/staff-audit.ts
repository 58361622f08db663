import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { staffAudit, tenants } from '../../db/schema';

export interface StaffAuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  staffId?: string | null;
  /** The integration client that acted (taken from the request when left out). */
  clientId?: string | null;
  caseNumber?: string | null;
  businessGroup?: string | null;
  referenceNumber?: string | null;
  /** The tenant the entry is about (a staff account's, a receiver's), when no member says it. */
  tenantUrl?: string | null;
  details?: Record<string, unknown>;
}

/**
 * The tenant an entry belongs to: the one named, else the member's (the tenant whose business groups
 * hold theirs), else the integration client's, else the member of staff's, else the host's.
 */
function tenantOf(request: FastifyRequest, entry: StaffAuditEntry) {
  const fallback =
    entry.tenantUrl ??
    request.integrationClient?.tenantUrl ??
    request.staff?.tenantUrl ??
    request.tenantUrl ??
    null;
  if (entry.tenantUrl || !entry.businessGroup) return sql`${fallback}::text`;
  return sql`coalesce((select ${tenants.tenantUrl} from ${tenants} where ${entry.businessGroup} = any(${tenants.businessGroups}) limit 1), ${fallback}::text)`;
}

/**
 * Appends to the staff audit trail (never updated or deleted: the table's trigger refuses it). The actor
 * is the request's member of staff or, on the integration API, its client.
 */
export async function auditStaff(
  db: Database | Transaction,
  request: FastifyRequest,
  entry: StaffAuditEntry,
): Promise<void> {
  request.log.info({ staffAudit: entry }, `staff audit ${entry.action} ${entry.outcome}`);
  await db.insert(staffAudit).values({
    action: entry.action,
    outcome: entry.outcome,
    staffId: entry.staffId ?? request.staff?.id ?? null,
    clientId: entry.clientId ?? request.integrationClient?.id ?? null,
    caseNumber: entry.caseNumber ?? null,
    businessGroup: entry.businessGroup ?? null,
    referenceNumber: entry.referenceNumber ?? null,
    tenantUrl: tenantOf(request, entry),
    ip: request.ip,
    requestId: request.id,
    details: entry.details ?? {},
  });
}
