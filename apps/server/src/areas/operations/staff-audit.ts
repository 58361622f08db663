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
 * hold theirs), else the actor's (`fallback`).
 */
function tenantOf(entry: StaffAuditEntry, fallback: string | null) {
  if (entry.tenantUrl || !entry.businessGroup) return sql`${entry.tenantUrl ?? fallback}::text`;
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
    // Without a member, the integration client's tenant, else the member of staff's, else the host's.
    tenantUrl: tenantOf(
      entry,
      request.integrationClient?.tenantUrl ?? request.staff?.tenantUrl ?? request.tenantUrl ?? null,
    ),
    ip: request.ip,
    requestId: request.id,
    details: entry.details ?? {},
  });
}

/**
 * Appends an operator's command (npm run case:update) to the staff audit trail: no member of staff or
 * client, the operating-system user who ran it in its details, as the other commands' entries have.
 */
export async function auditCommand(
  db: Database | Transaction,
  operator: string,
  entry: StaffAuditEntry,
): Promise<void> {
  await appendUnattributed(db, entry, { via: 'command', operator });
}

/**
 * Appends what Meridian did by itself (a provider's confirmed identity marking a case's document) to the
 * staff audit trail: no member of staff or client, the source that prompted it in its details.
 */
export async function auditAutomatic(
  db: Database | Transaction,
  source: string,
  entry: StaffAuditEntry,
): Promise<void> {
  await appendUnattributed(db, entry, { via: 'system', source });
}

/** An entry with no member of staff or client behind it, saying in its details what it came by. */
async function appendUnattributed(
  db: Database | Transaction,
  entry: StaffAuditEntry,
  came: { via: 'command'; operator: string } | { via: 'system'; source: string },
) {
  await db.insert(staffAudit).values({
    action: entry.action,
    outcome: entry.outcome,
    caseNumber: entry.caseNumber ?? null,
    businessGroup: entry.businessGroup ?? null,
    referenceNumber: entry.referenceNumber ?? null,
    tenantUrl: tenantOf(entry, null),
    details: { ...entry.details, ...came },
  });
}
