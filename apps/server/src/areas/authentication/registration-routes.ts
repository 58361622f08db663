import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { queueEmail } from '../../lib/outbox';
import { findTenant } from '../tenancy/tenant-repository';
import { confirmRegistration, REGISTRATION_CODE_MINUTES, startRegistration } from './registration-service';

const insuranceNumber = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]$/i, 'a National Insurance number like QQ 12 34 56 C');

export const registrationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(rateLimit, { global: false });

  app.post(
    '/registration/start',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Register for an existing member record: checks the details and emails a 6-digit code',
        body: z.object({
          referenceNumber: z
            .string()
            .trim()
            .regex(/^\d{4,10}$/, 'your reference number, digits only'),
          dateOfBirth: z.iso.date('a date of birth as YYYY-MM-DD'),
          insuranceNumber,
          email: z.email('an email address like name@example.com').max(100),
        }),
        response: {
          201: z.object({ registrationId: z.uuid(), expiresAt: z.string() }),
          400: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const tenant = await findTenant(db, request.tenantUrl);
      if (!tenant) throw new AppError(404, 'tenant_not_found', 'No tenant is configured for this address.');
      try {
        const started = await startRegistration(db, request.body, tenant.businessGroups);
        await queueEmail(db, request.log, {
          to: request.body.email.trim().toLowerCase(),
          subject: `Your ${tenant.tenantName} security code`,
          body: `Your security code is ${started.code}. It expires in ${REGISTRATION_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.`,
        });
        await audit(db, request, {
          action: 'registration_start',
          outcome: 'success',
          details: { tenant: tenant.tenantUrl },
        });
        return reply
          .code(201)
          .send({ registrationId: started.registrationId, expiresAt: started.expiresAt.toISOString() });
      } catch (error) {
        if (error instanceof AppError) {
          await audit(db, request, {
            action: 'registration_start',
            outcome: 'failure',
            details: { reason: error.code },
          });
        }
        throw error;
      }
    },
  );

  app.post(
    '/registration/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['authentication'],
        summary: 'Confirm the emailed code and create the account',
        body: z.object({
          registrationId: z.uuid(),
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'the 6-digit code from the email'),
          username: z
            .string()
            .trim()
            .regex(/^[a-zA-Z0-9._-]{3,50}$/, '3 to 50 letters, digits, dots, dashes or underscores'),
          password: z.string().min(12, 'at least 12 characters').max(200),
        }),
        response: {
          201: z.object({ username: z.string() }),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
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
