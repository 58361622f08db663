import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, and, eq } from 'drizzle-orm';
import { errorBodySchema, telephoneIntentSchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { telephoneIntents } from '../../db/schema';

/**
 * Why a member is about to phone: Contact us records the page, journey and stage they came from, so a
 * call handler sees the latest reason on the member's record.
 */
export const telephoneRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.post(
    '/telephone-note/intent-context',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Record where the member opened Contact us from (page, journey, stage)',
        body: telephoneIntentSchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { businessGroup, referenceNumber } = request.member!;
      await db.insert(telephoneIntents).values({
        businessGroup,
        referenceNumber,
        pageUrl: request.body.pageUrl,
        journeyType: request.body.journeyType ?? null,
        stage: request.body.stage ?? null,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/telephone-note/intent-context',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The latest recorded reason the member may be calling',
        response: {
          200: z.object({
            pageUrl: z.string(),
            journeyType: z.string().nullable(),
            stage: z.string().nullable(),
            recordedAt: z.string(),
          }),
          204: z.null(),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { businessGroup, referenceNumber } = request.member!;
      const [latest] = await db
        .select()
        .from(telephoneIntents)
        .where(
          and(
            eq(telephoneIntents.businessGroup, businessGroup),
            eq(telephoneIntents.referenceNumber, referenceNumber),
          ),
        )
        .orderBy(desc(telephoneIntents.createdAt))
        .limit(1);
      if (!latest) return reply.code(204).send(null);
      return {
        pageUrl: latest.pageUrl,
        journeyType: latest.journeyType,
        stage: latest.stage,
        recordedAt: latest.createdAt.toISOString(),
      };
    },
  );
};
