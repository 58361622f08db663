import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, errorResponses } from '../../lib/errors';
import { latestMessagesTo } from '../../lib/outbox';
import { unregisteredDemoMemberDetails } from '../../seed/demo';

/** Demo only (MERIDIAN_DEMO): the embedded outbox of emails, texts and letters. */
export const developmentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Demo only: the latest messages queued for an email address, a mobile number or a member record (BG/reference)',
        querystring: z.object({
          recipient: z.union([
            z.email().max(100),
            z.string().regex(/^\+[1-9]\d{6,14}$/),
            z.string().regex(/^[A-Z0-9]{3}\/\d{4,10}$/),
          ]),
        }),
        response: {
          200: z.object({
            messages: z.array(z.object({ subject: z.string(), body: z.string(), createdAt: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const { recipient } = request.query;
      const rows = await latestMessagesTo(db, recipient.includes('@') ? recipient.toLowerCase() : recipient);
      return {
        messages: rows.map((row) => ({
          subject: row.subject,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/unregistered-member',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Demo only: the reference, date of birth and NI number that register the demo member who has no account, as seeded',
        response: {
          200: z.object({
            referenceNumber: z.string(),
            dateOfBirth: z.string(),
            insuranceNumber: z.string(),
            email: z.string(),
          }),
          ...errorResponses(404),
        },
      },
    },
    async () => {
      const details = await unregisteredDemoMemberDetails(db);
      if (!details)
        throw new AppError(404, 'not_seeded', 'The demo member without an account is not in this database.');
      return details;
    },
  );
};
