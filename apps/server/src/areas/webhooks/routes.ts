import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { errorBodySchema, webhookDeliveryListSchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { auditStaff } from '../operations/staff-audit';
import { requireStaff } from '../operations/staff-session';
import { requireDeliveryRight } from '../outbox/staff-rights';

const tags = ['operations-console'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

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
        summary: 'Webhook deliveries to the caller’s tenants’ receivers, newest first, with their attempts',
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      await requireDeliveryRight(db, request, 'read');
      const staff = request.staff!;
      const rows = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, job: jobs })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(jobs, and(eq(jobs.subjectId, webhookDeliveries.id), eq(jobs.kind, 'webhook')))
        .where(staff.tenantUrl === null ? undefined : eq(webhookEndpoints.tenantUrl, staff.tenantUrl))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(200);
      await auditStaff(db, request, {
        action: 'webhook_log_view',
        outcome: 'success',
        details: { shown: rows.length },
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
      };
    },
  );
};
