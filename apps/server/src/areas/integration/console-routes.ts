import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  integrationClientAddedSchema,
  integrationClientListSchema,
  integrationClientParamsSchema,
  newIntegrationClientSchema,
  integrationSecretRotatedSchema,
  integrationSecretRotationSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { integrationClients, integrationTokens } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { administratorsOnly } from '../operations/console-route-parts';
import { auditStaff } from '../operations/staff-audit';
import { findTenant } from '../tenancy/tenant-repository';
import { addIntegrationClient, rotateClientSecret } from './clients';

const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403, 404);

/** The console's integration clients of the administrator's tenants (all tenants for a firm's staff). */
export const integrationConsoleRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Hours an old secret keeps working after a rotation unless the administrator says otherwise. */
  secretGraceHours: number;
}> = async (app, { db, secretGraceHours }) => {
  administratorsOnly(
    app,
    db,
    {
      'GET /integration-clients': 'integration_clients_view',
      'POST /integration-clients': 'integration_client_add',
      'POST /integration-clients/:clientId/disable': 'integration_client_disable',
      'POST /integration-clients/:clientId/rotate-secret': 'integration_client_rotate',
    },
    'integration_clients',
  );
  const inScope = (request: FastifyRequest) =>
    request.staff!.tenantUrl === null
      ? undefined
      : eq(integrationClients.tenantUrl, request.staff!.tenantUrl);

  app.get(
    '/integration-clients',
    {
      schema: {
        tags,
        summary:
          'The administration systems that may call the integration API, with their scopes (administrators)',
        response: { 200: integrationClientListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await db
        .select({
          client: integrationClients,
          lastTokenAt:
            sql<Date | null>`(select max(${integrationTokens.createdAt}) from ${integrationTokens} where ${integrationTokens.clientId} = ${integrationClients.id})`.mapWith(
              (value: string | Date | null) => (value === null ? null : new Date(value)),
            ),
        })
        .from(integrationClients)
        .where(inScope(request))
        .orderBy(desc(integrationClients.createdAt));
      await auditStaff(db, request, {
        action: 'integration_clients_view',
        outcome: 'success',
        details: { count: rows.length },
      });
      return {
        clients: rows.map(({ client, lastTokenAt }) => ({
          id: client.id,
          name: client.name,
          tenantUrl: client.tenantUrl,
          scopes: client.scopes,
          createdAt: client.createdAt.toISOString(),
          lastTokenAt: lastTokenAt?.toISOString() ?? null,
          disabledAt: client.disabledAt?.toISOString() ?? null,
          secretRotatedAt: client.secretRotatedAt?.toISOString() ?? null,
          previousSecretUntil:
            client.previousSecretExpiresAt && client.previousSecretExpiresAt > new Date()
              ? client.previousSecretExpiresAt.toISOString()
              : null,
        })),
      };
    },
  );

  app.post(
    '/integration-clients',
    {
      schema: {
        tags,
        summary:
          'Adds a tenant’s administration system as an integration client and answers its id and secret, the secret shown this once (administrators)',
        description:
          'tenantUrl defaults to the administrator’s tenant and must be it (403 staff_tenant_not_allowed); an administrator of every tenant names one (400 tenant_required, tenant_unknown). Only the secret’s hash is kept.',
        body: newIntegrationClientSchema,
        response: { 201: integrationClientAddedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = request.staff!;
      const { name, scopes } = request.body;
      const tenantUrl = request.body.tenantUrl ?? staff.tenantUrl;
      const refuse = async (outcome: 'failure' | 'denied', error: AppError) => {
        await auditStaff(db, request, {
          action: 'integration_client_add',
          outcome,
          details: { name, scopes, tenantUrl, reason: error.code },
        });
        throw error;
      };
      if (tenantUrl === null)
        return refuse(
          'failure',
          new AppError(400, 'tenant_required', 'Choose the scheme whose cases and members it reaches.'),
        );
      if (staff.tenantUrl !== null && tenantUrl !== staff.tenantUrl)
        return refuse(
          'denied',
          new AppError(403, 'staff_tenant_not_allowed', 'You can add clients of your own scheme only.'),
        );
      if (!(await findTenant(db, tenantUrl)))
        return refuse('failure', new AppError(400, 'tenant_unknown', `There is no scheme at ${tenantUrl}.`));
      const added = await addIntegrationClient(db, { tenantUrl, name, scopes });
      await auditStaff(db, request, {
        action: 'integration_client_add',
        outcome: 'success',
        tenantUrl,
        clientId: added.id,
        details: { clientId: added.id, name, scopes },
      });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ clientId: added.id, tenantUrl, secret: added.secret });
    },
  );

  app.post(
    '/integration-clients/:clientId/disable',
    {
      schema: {
        tags,
        summary: 'Disables an integration client: its tokens stop working at once (administrators)',
        params: integrationClientParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      const [found] = await db
        .select()
        .from(integrationClients)
        .where(and(eq(integrationClients.id, clientId), inScope(request)));
      if (!found) throw new AppError(404, 'integration_client_not_found', 'There is no such client.');
      if (!found.disabledAt)
        await db
          .update(integrationClients)
          .set({ disabledAt: new Date() })
          .where(eq(integrationClients.id, clientId));
      await auditStaff(db, request, {
        action: 'integration_client_disable',
        outcome: 'success',
        details: { clientId, name: found.name, tenantUrl: found.tenantUrl },
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/integration-clients/:clientId/rotate-secret',
    {
      schema: {
        tags,
        summary:
          'Issues an integration client a new secret, shown this once; the old one works for the grace period, then is refused (administrators)',
        description:
          'graceHours (0 to 168) sets how long the old secret still works; unless given, INTEGRATION_SECRET_GRACE_HOURS (24). The body is optional: none, or {}, takes the default. A secret from before an earlier rotation stops at once. A disabled client: 409 integration_client_disabled.',
        params: integrationClientParamsSchema,
        // No body at all (a client posting nothing) is the default grace, as {} is.
        body: integrationSecretRotationSchema.nullish(),
        response: { 200: integrationSecretRotatedSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const [found] = await db
        .select()
        .from(integrationClients)
        .where(and(eq(integrationClients.id, clientId), inScope(request)));
      if (!found) throw new AppError(404, 'integration_client_not_found', 'There is no such client.');
      const graceHours = request.body?.graceHours ?? secretGraceHours;
      const rotated = await rotateClientSecret(db, clientId, graceHours * 3_600_000);
      if (rotated === 'not_found')
        throw new AppError(404, 'integration_client_not_found', 'There is no such client.');
      if (rotated === 'disabled') {
        await auditStaff(db, request, {
          action: 'integration_client_rotate',
          outcome: 'failure',
          details: { clientId, name: found.name, reason: 'disabled' },
        });
        throw new AppError(
          409,
          'integration_client_disabled',
          'This client is disabled, so it cannot be given a new secret. Add a new client instead.',
        );
      }
      await auditStaff(db, request, {
        action: 'integration_client_rotate',
        outcome: 'success',
        details: {
          clientId,
          name: found.name,
          tenantUrl: found.tenantUrl,
          graceHours,
          previousSecretUntil: rotated.previousSecretUntil?.toISOString() ?? null,
        },
      });
      return reply.header('cache-control', 'no-store').send({
        clientId,
        secret: rotated.secret,
        previousSecretUntil: rotated.previousSecretUntil?.toISOString() ?? null,
      });
    },
  );
};
