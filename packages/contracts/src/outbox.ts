import { z } from 'zod';
import { pageQueryShape, pageShape } from './paging';

/** Where a message stands: waiting (or between tries), sent, failed (to be tried again), dead (no more tries), or kept in the outbox only (no way out configured). */
export const outboxStatuses = ['queued', 'sent', 'failed', 'dead', 'kept'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatuses).optional(),
  channel: z.enum(['email', 'sms', 'post']).optional(),
  recipient: z.string().trim().min(1).max(200).optional(),
  ...pageQueryShape,
});

/**
 * A page of the console's outbox: the messages in the caller's tenant scope, newest first, with how
 * their delivery stands (never their body), and how many match in all.
 */
export const outboxListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.uuid(),
      channel: z.enum(['email', 'sms', 'post']),
      recipient: z.string(),
      subject: z.string(),
      tenantUrl: z.string().nullable(),
      status: z.enum(outboxStatuses),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
  ...pageShape,
});
export type OutboxList = z.infer<typeof outboxListSchema>;
export type OutboxMessage = OutboxList['messages'][number];

export const outboxMessageParamsSchema = z.object({ id: z.uuid() });

/** A page of the webhook delivery log. */
export const webhookDeliveryQuerySchema = z.object(pageQueryShape);

/** A page of the webhook deliveries in the caller's tenant scope, newest first, and how many there are. */
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(
    z.object({
      id: z.uuid(),
      event: z.string(),
      caseNumber: z.string(),
      tenantUrl: z.string(),
      url: z.string(),
      status: z.enum(['queued', 'sent', 'failed', 'dead']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      responseStatus: z.number().int().nullable(),
      createdAt: z.string(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
  ...pageShape,
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
