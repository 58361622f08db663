import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationConfirmationSchema, safeDate } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, errorResponses } from '../../lib/errors';
import type { Config } from '../../config';
import { tellMember } from './registration-messages';
import { findTenant } from '../tenancy/tenant-repository';
import { tooManyRequests } from '../../plugins/rate-limits';
import { confirmRegistration, startRegistration } from './registration-service';

const insuranceNumber = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]$/i, 'a National Insurance number like QQ 12 34 56 C');

export const registrationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/registration/start',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary:
          'Register for an existing member record: a code goes to the email, mobile or address the scheme holds; the answer is the same whether or not the details match',
        body: z.object({
          referenceNumber: z
            .string()
            .trim()
            .regex(/^\d{4,10}$/, 'your reference number, digits only'),
          dateOfBirth: safeDate('a date of birth as YYYY-MM-DD'),
          insuranceNumber,
        }),
        response: {
          201: z.object({ registrationId: z.uuid() }),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const tenant = await findTenant(db, request.tenantUrl);
      if (!tenant) throw new AppError(404, 'tenant_not_found', 'No tenant is configured for this address.');
      if (!(await app.registrationStartAllowed(`${tenant.tenantUrl}:${request.body.referenceNumber}`)))
        throw tooManyRequests();
      const started = await startRegistration(db, request.body, tenant.businessGroups);
      const origin = config.API_URL ?? `${request.protocol}://${request.host}`;
      await tellMember(app.messaging, started, { tenantName: tenant.tenantName, origin });
      const member = started.outcome === 'no_match' ? null : started.member;
      await audit(db, request, {
        action: 'registration_start',
        outcome: started.outcome === 'code_sent' ? 'success' : 'failure',
        businessGroup: member?.businessGroup ?? null,
        referenceNumber: member?.referenceNumber ?? null,
        details: {
          tenant: tenant.tenantUrl,
          reason: started.outcome,
          ...(started.outcome === 'code_sent' ? { channel: started.channel } : {}),
        },
      });
      return reply.code(201).send({ registrationId: started.registrationId });
    },
  );

  app.post(
    '/registration/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Confirm the emailed code and create the account',
        body: registrationConfirmationSchema,
        response: {
          201: z.object({ username: z.string() }),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request, reply) => {
      try {
        const account = await confirmRegistration(db, request.body);
        await audit(db, request, {
          action: 'registration_confirm',
          outcome: 'success',
          userId: account.userId,
          businessGroup: account.businessGroup,
          referenceNumber: account.referenceNumber,
        });
        return reply.code(201).send({ username: account.username });
      } catch (error) {
        if (error instanceof AppError) {
          await audit(db, request, {
            action: 'registration_confirm',
            outcome: 'failure',
            details: { reason: error.code },
          });
        }
        throw error;
      }
    },
  );
};
