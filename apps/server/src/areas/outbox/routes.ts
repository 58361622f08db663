import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  offsetOf,
  outboxListSchema,
  outboxMessageParamsSchema,
  outboxQuerySchema,
  type OutboxStatus,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, outboxMessages } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { JOB_DEFAULTS } from '../../lib/job-queue';
import { BLANKED_CODE } from '../../lib/outbox';
import { auditStaff } from '../operations/staff-audit';
import { requireStaff } from '../operations/staff-session';
import { requireDeliveryRight, tenantInScope } from './staff-rights';

const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** A message's status: its job's, or for one with no job, a letter's print run or the outbox alone. */
const statusOf = (row: {
  channel: string;
  sentAt: Date | null;
  jobStatus: OutboxStatus | null;
}): OutboxStatus => row.jobStatus ?? (row.channel === 'post' ? (row.sentAt ? 'sent' : 'queued') : 'kept');

const statusCondition = (status: OutboxStatus): SQL | undefined => {
  if (status === 'kept') return and(isNull(jobs.id), inArray(outboxMessages.channel, ['email', 'sms']));
  const letters = and(isNull(jobs.id), eq(outboxMessages.channel, 'post'));
  if (status === 'queued') return or(eq(jobs.status, 'queued'), and(letters, isNull(outboxMessages.sentAt)));
  if (status === 'sent') return or(eq(jobs.status, 'sent'), and(letters, isNotNull(outboxMessages.sentAt)));
  return eq(jobs.status, status);
};

/** A message's job, for one with a way out (email and texts; letters have none). */
const messageJob = and(eq(jobs.subjectId, outboxMessages.id), inArray(jobs.kind, ['email', 'sms']));

/** The console's outbox (under /admin-api): every message with how its delivery stands, and resend. */
export const outboxConsoleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (parent, { db }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('staff', null);
  app.addHook('preHandler', requireStaff(db));

  app.get(
    '/outbox',
    {
      schema: {
        tags,
        summary:
          'A page of the messages to members (email, text, letter) in the caller’s tenant scope, newest first, with their delivery and how many match',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...errors },
      },
    },
    async (request) => {
      await requireDeliveryRight(db, request, 'read');
      const { status, channel, recipient, page, limit } = request.query;
      const staff = request.staff!;
      const where = and(
        staff.tenantUrl === null ? undefined : eq(outboxMessages.tenantUrl, staff.tenantUrl),
        channel ? eq(outboxMessages.channel, channel) : undefined,
        recipient ? sql`lower(${outboxMessages.recipient}) = ${recipient.toLowerCase()}` : undefined,
        status ? statusCondition(status) : undefined,
      );
      // Only a status filter reads the job: without one the messages are counted alone (a message has at
      // most one job, of its own channel, written with it: lib/outbox.ts), which the join would not change.
      const [counted] = status
        ? await db.select({ total: count() }).from(outboxMessages).leftJoin(jobs, messageJob).where(where)
        : await db.select({ total: count() }).from(outboxMessages).where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select({
          id: outboxMessages.id,
          channel: outboxMessages.channel,
          recipient: outboxMessages.recipient,
          subject: outboxMessages.subject,
          tenantUrl: outboxMessages.tenantUrl,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
          jobStatus: jobs.status,
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          runAt: jobs.runAt,
        })
        .from(outboxMessages)
        .leftJoin(jobs, messageJob)
        .where(where)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit)
        .offset(offsetOf({ page, limit }));
      await auditStaff(db, request, {
        action: 'outbox_view',
        outcome: 'success',
        details: {
          status: status ?? null,
          channel: channel ?? null,
          recipient: recipient ?? null,
          shown: rows.length,
          total,
          page,
        },
      });
      return {
        messages: rows.map((row) => {
          const messageStatus = statusOf(row);
          return {
            id: row.id,
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            tenantUrl: row.tenantUrl,
            status: messageStatus,
            attempts: row.attempts ?? 0,
            lastError: row.lastError,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
            nextAttemptAt:
              (messageStatus === 'queued' || messageStatus === 'failed') && row.runAt
                ? row.runAt.toISOString()
                : null,
          };
        }),
        page,
        limit,
        total,
      };
    },
  );

  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a message again (team leaders and administrators; audited)',
        params: outboxMessageParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await requireDeliveryRight(db, request, 'resend');
      const { id } = request.params;
      const [found] = await db
        .select({ message: outboxMessages, job: jobs })
        .from(outboxMessages)
        .leftJoin(jobs, messageJob)
        .where(eq(outboxMessages.id, id));
      if (!found) throw new AppError(404, 'message_not_found', 'There is no such message.');
      const { message, job } = found;
      const audit = (outcome: 'success' | 'denied', details: Record<string, unknown>) =>
        auditStaff(db, request, { action: 'outbox_resend', outcome, details: { messageId: id, ...details } });
      if (!tenantInScope(request, message.tenantUrl)) {
        await audit('denied', { reason: 'other_tenant' });
        throw new AppError(403, 'message_other_tenant', 'This message was sent to another scheme’s member.');
      }
      if (!job)
        throw new AppError(
          409,
          'message_not_deliverable',
          message.channel === 'post'
            ? 'Letters are sent by the print run, not from here.'
            : 'This server has no way to send this kind of message: it is kept in the outbox only.',
        );
      if (job.status === 'queued')
        throw new AppError(409, 'message_already_queued', 'This message is already waiting to be sent.');
      if (!job.sealedCode && message.body.includes(BLANKED_CODE))
        throw new AppError(
          409,
          'message_code_not_kept',
          'This message carried a one-time code, which is not kept once sent. The member can ask for a new code.',
        );
      const requeued = await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: 0,
          maxAttempts: JOB_DEFAULTS.maxAttempts,
          runAt: new Date(),
          lastError: null,
          finishedAt: null,
        })
        .where(and(eq(jobs.id, job.id), inArray(jobs.status, ['sent', 'failed', 'dead'])))
        .returning({ id: jobs.id });
      if (requeued.length === 0)
        throw new AppError(409, 'message_already_queued', 'This message is already waiting to be sent.');
      await audit('success', { previousStatus: job.status, previousAttempts: job.attempts });
      request.server.jobs.wake();
      return { ok: true as const };
    },
  );
};
