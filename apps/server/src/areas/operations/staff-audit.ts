import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { staffAudit } from '../../db/schema';

export interface StaffAuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  staffId?: string | null;
  /** The integration client that acted (taken from the request when left out). */
  clientId?: string | null;
  caseNumber?: string | null;
  businessGroup?: string | null;
  referenceNumber?: string | null;
  details?: Record<string, unknown>;
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
    ip: request.ip,
    requestId: request.id,
    details: entry.details ?? {},
  });
}
