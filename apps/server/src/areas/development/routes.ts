import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { latestMessagesTo } from '../../lib/outbox';

/** Development only (never registered in production): the embedded mail outbox. */
export const developmentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['operations'],
        summary: 'Development only: the latest emails queued for an address',
        querystring: z.object({ recipient: z.email().max(100) }),
        response: {
          200: z.object({
            messages: z.array(z.object({ subject: z.string(), body: z.string(), createdAt: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const rows = await latestMessagesTo(db, request.query.recipient.toLowerCase());
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
