import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { latestMessagesTo } from '../../lib/outbox';

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
};
