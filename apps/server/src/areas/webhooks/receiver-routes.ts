import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  integrationSecretRotationSchema,
  newWebhookReceiverSchema,
  webhookReceiverListSchema,
  webhookReceiverParamsSchema,
  webhookReceiverRotatedSchema,
  webhookReceiverSecretSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { auditStaff } from '../operations/staff-audit';
import { findTenant } from '../tenancy/tenant-repository';
import { addWebhookEndpoint, rotateWebhookSecret } from './delivery';
import { administratorsOnly, done, routeErrors as errors } from '../operations/console-route-parts';

const tags = ['operations-console'];

/** The audit action of each route, for a refusal before its handler runs. */
const auditActions: Record<string, string> = {
  'GET /admin-api/webhook-receivers': 'webhook_receivers_view',
  'POST /admin-api/webhook-receivers': 'webhook_receiver_add',
  'POST /admin-api/webhook-receivers/:receiverId/rotate-secret': 'webhook_receiver_rotate',
  'POST /admin-api/webhook-receivers/:receiverId/disable': 'webhook_receiver_disable',
  'POST /admin-api/webhook-receivers/:receiverId/enable': 'webhook_receiver_enable',
};

const inScope = (request: FastifyRequest) =>
  request.staff!.tenantUrl === null ? undefined : eq(webhookEndpoints.tenantUrl, request.staff!.tenantUrl);

/**
 * Administrators' Webhook receivers page (/admin/webhook-receivers): the tenant's receivers of case
 * events, added (the signing secret shown once), given a new secret (shown once), disabled or enabled
 * again; each audited. Adding goes through `addWebhookEndpoint`, as `npm run webhooks:add` does.
 */
export const webhookReceiverRoutes: FastifyPluginAsyncZod<{
  db: Database;
  production: boolean;
  secretsKey?: string;
  /** Hours a replaced secret still signs beside the new one, unless a rotation gives its own. */
  secretGraceHours: number;
}> = async (parent, { db, production, secretsKey, secretGraceHours }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('staff', null);
  administratorsOnly(app, db, auditActions, 'webhook_receivers');

  /** The receiver in the administrator's scope; 404 (audited) otherwise. */
  async function receiverInScope(request: FastifyRequest, receiverId: string, action: string) {
    const [found] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, receiverId), inScope(request)));
    if (found) return found;
    await auditStaff(db, request, {
      action,
      outcome: 'failure',
      details: { receiverId, reason: 'not_found' },
    });
    throw new AppError(404, 'webhook_receiver_not_found', 'There is no such webhook receiver.');
  }

  app.get(
    '/webhook-receivers',
    {
      schema: {
        tags,
        summary:
          'The receivers of the administrator’s tenant’s case events (every tenant’s for an administrator of every tenant), with the latest delivery to each (administrators)',
        response: { 200: webhookReceiverListSchema, ...errors },
      },
    },
    async (request) => {
      const receivers = await db
        .select()
        .from(webhookEndpoints)
        .where(inScope(request))
        .orderBy(desc(webhookEndpoints.createdAt))
        .limit(200);
      const latest =
        receivers.length === 0
          ? []
          : await db
              .selectDistinctOn([webhookDeliveries.endpointId], {
                endpointId: webhookDeliveries.endpointId,
                at: webhookDeliveries.createdAt,
                responseStatus: webhookDeliveries.responseStatus,
                status: jobs.status,
              })
              .from(webhookDeliveries)
              .innerJoin(jobs, and(eq(jobs.subjectId, webhookDeliveries.id), eq(jobs.kind, 'webhook')))
              .where(
                inArray(
                  webhookDeliveries.endpointId,
                  receivers.map((receiver) => receiver.id),
                ),
              )
              .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt));
      const latestOf = new Map(latest.map((row) => [row.endpointId, row]));
      await auditStaff(db, request, {
        action: 'webhook_receivers_view',
        outcome: 'success',
        details: { shown: receivers.length },
      });
      return {
        receivers: receivers.map((receiver) => {
          const last = latestOf.get(receiver.id);
          return {
            id: receiver.id,
            tenantUrl: receiver.tenantUrl,
            url: receiver.url,
            events: receiver.events as z.infer<
              typeof webhookReceiverListSchema
            >['receivers'][number]['events'],
            active: receiver.disabledAt === null,
            createdAt: receiver.createdAt.toISOString(),
            lastDelivery: last
              ? { at: last.at.toISOString(), status: last.status, responseStatus: last.responseStatus }
              : null,
          };
        }),
      };
    },
  );

  app.post(
    '/webhook-receivers',
    {
      schema: {
        tags,
        summary:
          'Adds a receiver of the tenant’s case events and answers its signing secret, shown this once (administrators)',
        description:
          'https:// only (plain http:// on this machine outside production): 400 webhook_url_invalid. tenantUrl defaults to the administrator’s tenant and must be it (403 staff_tenant_not_allowed); an administrator of every tenant names one (400 tenant_required, tenant_unknown).',
        body: newWebhookReceiverSchema,
        response: { 201: webhookReceiverSecretSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = request.staff!;
      const { url, events } = request.body;
      const tenantUrl = request.body.tenantUrl ?? staff.tenantUrl;
      const refuse = async (outcome: 'failure' | 'denied', reason: string, error: AppError) => {
        await auditStaff(db, request, {
          action: 'webhook_receiver_add',
          outcome,
          details: { url, events, tenantUrl, reason },
        });
        throw error;
      };
      if (tenantUrl === null)
        return refuse(
          'failure',
          'tenant_required',
          new AppError(400, 'tenant_required', 'Choose the scheme whose case events it receives.'),
        );
      if (staff.tenantUrl !== null && tenantUrl !== staff.tenantUrl)
        return refuse(
          'denied',
          'tenant_not_allowed',
          new AppError(403, 'staff_tenant_not_allowed', 'You can add receivers of your own scheme only.'),
        );
      if (!(await findTenant(db, tenantUrl)))
        return refuse(
          'failure',
          'tenant_unknown',
          new AppError(400, 'tenant_unknown', `There is no scheme at ${tenantUrl}.`),
        );
      let added: { id: string; secret: string };
      try {
        added = await addWebhookEndpoint(db, { tenantUrl, url, events, production }, secretsKey);
      } catch (error) {
        if (error instanceof AppError) return refuse('failure', error.code, error);
        throw error;
      }
      await auditStaff(db, request, {
        action: 'webhook_receiver_add',
        outcome: 'success',
        tenantUrl,
        details: { receiverId: added.id, url, events },
      });
      return reply.code(201).header('cache-control', 'no-store').send(added);
    },
  );

  app.post(
    '/webhook-receivers/:receiverId/rotate-secret',
    {
      schema: {
        tags,
        summary:
          'Gives a receiver a new signing secret, shown this once; the old one still signs beside it for the grace period (administrators)',
        description:
          'Deliveries carry a signature by each secret in the signature header during the grace period: graceHours (0 to 168), unless given WEBHOOK_SECRET_GRACE_HOURS (24); 0 stops the old secret at once. The body is optional: none, or {}, takes the default. A secret from before an earlier rotation stops at once. A disabled receiver: 409 webhook_receiver_disabled.',
        params: webhookReceiverParamsSchema,
        // No body at all (a client posting nothing) is the default grace, as {} is.
        body: integrationSecretRotationSchema.nullish(),
        response: { 200: webhookReceiverRotatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { receiverId } = request.params;
      const found = await receiverInScope(request, receiverId, 'webhook_receiver_rotate');
      if (found.disabledAt) {
        await auditStaff(db, request, {
          action: 'webhook_receiver_rotate',
          outcome: 'failure',
          tenantUrl: found.tenantUrl,
          details: { receiverId, reason: 'disabled' },
        });
        throw new AppError(
          409,
          'webhook_receiver_disabled',
          'This receiver is disabled, so it cannot be given a new secret. Add a new receiver instead.',
        );
      }
      const graceHours = request.body?.graceHours ?? secretGraceHours;
      const rotated = await rotateWebhookSecret(db, receiverId, graceHours * 3_600_000, secretsKey);
      if (rotated === null)
        throw new AppError(404, 'webhook_receiver_not_found', 'There is no such webhook receiver.');
      const previousSecretUntil = rotated.previousSecretUntil?.toISOString() ?? null;
      await auditStaff(db, request, {
        action: 'webhook_receiver_rotate',
        outcome: 'success',
        tenantUrl: found.tenantUrl,
        details: { receiverId, url: found.url, graceHours, previousSecretUntil },
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ id: receiverId, secret: rotated.secret, previousSecretUntil });
    },
  );

  /** Disables or enables the receiver in scope (audited); doing it again changes nothing. */
  async function setReceiverDisabled(request: FastifyRequest, receiverId: string, disabled: boolean) {
    const action = disabled ? 'webhook_receiver_disable' : 'webhook_receiver_enable';
    const found = await receiverInScope(request, receiverId, action);
    if ((found.disabledAt !== null) !== disabled)
      await db
        .update(webhookEndpoints)
        .set({ disabledAt: disabled ? new Date() : null })
        .where(eq(webhookEndpoints.id, receiverId));
    await auditStaff(db, request, {
      action,
      outcome: 'success',
      tenantUrl: found.tenantUrl,
      details: { receiverId, url: found.url },
    });
    return { ok: true as const };
  }

  app.post(
    '/webhook-receivers/:receiverId/disable',
    {
      schema: {
        tags,
        summary: 'Disables a receiver: no case event is sent to it from now on (administrators)',
        params: webhookReceiverParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    (request) => setReceiverDisabled(request, request.params.receiverId, true),
  );

  app.post(
    '/webhook-receivers/:receiverId/enable',
    {
      schema: {
        tags,
        summary:
          'Enables a disabled receiver again: case events from now on are sent to it, signed with the secret it had (administrators)',
        description:
          'Events of the time it was disabled are not sent. Enabling a receiver that is enabled changes nothing.',
        params: webhookReceiverParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    (request) => setReceiverDisabled(request, request.params.receiverId, false),
  );
};
