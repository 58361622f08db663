import type { FastifyRequest } from 'fastify';
import { staffMay, type StaffRight } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { auditStaff } from '../operations/staff-audit';

/** Who may look at what left (messages, webhook deliveries) and who may send a message again. */
const rights = {
  read: 'readCases',
  resend: 'resend',
} satisfies Record<string, StaffRight>;

/** Refuses (403, audited) a member of staff whose role lacks the right. */
export async function requireDeliveryRight(
  db: Database,
  request: FastifyRequest,
  right: keyof typeof rights,
) {
  const staff = request.staff!;
  if (staffMay(staff.role, rights[right])) return;
  await auditStaff(db, request, {
    action: `outbox_${right}`,
    outcome: 'denied',
    details: { reason: 'role', role: staff.role },
  });
  throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
}

/** Whether a tenant's messages are in the staff member's scope (tenant-wide staff see every tenant's). */
export const tenantInScope = (request: FastifyRequest, tenantUrl: string | null) =>
  request.staff!.tenantUrl === null || request.staff!.tenantUrl === tenantUrl;
