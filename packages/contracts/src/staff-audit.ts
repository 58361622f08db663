// The staff audit log in the console (/admin/audit, GET /admin-api/audit): who did what to which member, when.
import { z } from 'zod';
import { safeDate } from './input-policy';

const day = safeDate();

export const AUDIT_PAGE_SIZE = 50;

export const staffAuditQuerySchema = z
  .object({
    /** A member's reference number. */
    member: z.string().trim().min(1).max(40).optional(),
    /** The acting member of staff's email address. */
    staff: z.string().trim().toLowerCase().min(3).max(254).optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,80}$/)
      .optional(),
    /** The tenant the entries belong to (its address, such as localhost); within the caller's scope. */
    tenant: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}$/)
      .optional(),
    /** From this day (UTC), inclusive. */
    from: day.optional(),
    /** To this day (UTC), inclusive. */
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start of the date range must not be after its end.',
    path: ['to'],
  });
export type StaffAuditQuery = z.input<typeof staffAuditQuerySchema>;

export const staffAuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** The member of staff who acted, or null (an unknown email signing in, an integration client). */
  staff: z.object({ name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  outcome: z.enum(['success', 'failure', 'denied']),
  businessGroup: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  caseNumber: z.string().nullable(),
  /** The tenant the entry belongs to; null for an older entry whose tenant was not known. */
  tenantUrl: z.string().nullable(),
});
export type StaffAuditEntryView = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditPageSchema = z.object({
  entries: z.array(staffAuditEntrySchema),
  page: z.number().int(),
  /** Whether an older page follows. */
  more: z.boolean(),
});
export type StaffAuditPage = z.infer<typeof staffAuditPageSchema>;
