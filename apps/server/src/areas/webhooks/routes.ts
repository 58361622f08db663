import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { offsetOf, webhookDeliveryListSchema, webhookDeliveryQuerySchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { requeueDeadJob } from '../../lib/job-queue';
import { auditStaff } from '../operations/staff-audit';
import { requireStaff } from '../operations/staff-session';
import { requireDeliveryRight } from '../outbox/staff-rights';

const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403);
const resendErrors = { ...errors, ...errorResponses(404, 409) };

/** A delivery's job in the durable queue. */
const deliveryJob = and(eq(jobs.subjectId, webhookDeliveries.id), eq(jobs.kind, 'webhook'));

/** The webhook delivery log in the console (under /admin-api): each case event sent to each receiver. */
export const webhookConsoleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (parent, { db }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('staff', null);
  app.addHook('preHandler', requireStaff(db));

  app.get(
    '/webhook-deliveries',
    {
      schema: {
        tags,
        summary:
          'A page of the webhook deliveries to the caller’s tenants’ receivers, newest first, with their attempts and how many there are',
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      await requireDeliveryRight(db, request, 'read');
      const { page, limit } = request.query;
      const staff = request.staff!;
      const where = staff.tenantUrl === null ? undefined : eq(webhookEndpoints.tenantUrl, staff.tenantUrl);
      const [counted] = await db
        .select({ total: count() })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(jobs, deliveryJob)
        .where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, job: jobs })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(jobs, deliveryJob)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offsetOf({ page, limit }));
      await auditStaff(db, request, {
        action: 'webhook_log_view',
        outcome: 'success',
        details: { shown: rows.length, total, page },
      });
      return {
        deliveries: rows.map(({ delivery, endpoint, job }) => ({
          id: delivery.id,
          event: delivery.event,
          caseNumber: delivery.caseNumber,
          tenantUrl: endpoint.tenantUrl,
          url: endpoint.url,
          status: job.status,
          attempts: job.attempts,
          lastError: job.lastError,
          responseStatus: delivery.responseStatus,
          createdAt: delivery.createdAt.toISOString(),
          nextAttemptAt: job.status === 'queued' || job.status === 'failed' ? job.runAt.toISOString() : null,
        })),
        page,
        limit,
        total,
      };
    },
  );

  app.post(
    '/webhook-deliveries/:id/resend',
    {
      schema: {
        tags,
        summary:
          'Sends a webhook delivery that gave up again, through the job queue (tries from 0, due now); team leaders and administrators of its tenant (audited)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ ok: z.literal(true) }), ...resendErrors },
      },
    },
    async (request) => {
      await requireDeliveryRight(db, request, 'resend');
      const { id } = request.params;
      const staff = request.staff!;
      const [found] = await db
        .select({ job: jobs, caseNumber: webhookDeliveries.caseNumber })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(jobs, deliveryJob)
        .where(
          and(
            eq(webhookDeliveries.id, id),
            staff.tenantUrl === null ? undefined : eq(webhookEndpoints.tenantUrl, staff.tenantUrl),
          ),
        );
      if (!found) {
        await auditStaff(db, request, {
          action: 'webhook_resend',
          outcome: 'failure',
          details: { deliveryId: id, reason: 'not_found' },
        });
        throw new AppError(404, 'webhook_delivery_not_found', 'There is no such webhook delivery.');
      }
      const queued = await requeueDeadJob(db, found.job.id);
      if (!queued)
        throw new AppError(
          409,
          'webhook_delivery_not_dead',
          'Only a delivery that failed for the last time can be sent again.',
        );
      await auditStaff(db, request, {
        action: 'webhook_resend',
        outcome: 'success',
        caseNumber: found.caseNumber,
        details: { deliveryId: id },
      });
      request.server.jobs.wake();
      return { ok: true as const };
    },
  );
};
