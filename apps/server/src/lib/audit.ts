import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  userId?: string | null;
  businessGroup?: string | null;
  referenceNumber?: string | null;
  details?: Record<string, unknown>;
}

/** Records who did what, from where; the request log carries the same entry. */
export async function audit(db: Database, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  request.log.info({ audit: entry }, `audit ${entry.action} ${entry.outcome}`);
  await db.insert(auditEvents).values({
    action: entry.action,
    outcome: entry.outcome,
    userId: entry.userId ?? null,
    businessGroup: entry.businessGroup ?? null,
    referenceNumber: entry.referenceNumber ?? null,
    ip: request.ip,
    requestId: request.id,
    details: entry.details ?? {},
  });
}
