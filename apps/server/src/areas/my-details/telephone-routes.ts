import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, gte, lt, notInArray } from 'drizzle-orm';
import { telephoneIntentSchema } from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { telephoneIntents } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { lockMemberRecord } from '../../lib/member-lock';

/** A note is a path and two short names: a body larger than this is refused 413 unread. */
const NOTE_BODY_LIMIT_BYTES = 4096;
const DAY_MS = 86_400_000;

/**
 * Why a member is about to phone: Contact us records the page, journey and stage they came from, so a
 * call handler sees the latest reason on the member's record. Storage per record is bounded: at most
 * TELEPHONE_NOTES_PER_DAY notes in any 24 hours (429 after that), and notes older than a day beyond the
 * latest TELEPHONE_NOTES_KEPT are deleted as each new one is kept.
 */
export const telephoneRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addHook('preHandler', app.requireMember);

  app.post(
    '/telephone-note/intent-context',
    {
      bodyLimit: NOTE_BODY_LIMIT_BYTES,
      schema: {
        tags: ['my-details'],
        summary:
          'Record where the member opened Contact us from (page, journey, stage); a limited number a day',
        body: telephoneIntentSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { businessGroup, referenceNumber } = request.member!;
      const ofRecord = and(
        eq(telephoneIntents.businessGroup, businessGroup),
        eq(telephoneIntents.referenceNumber, referenceNumber),
      );
      await db.transaction(async (tx) => {
        await lockMemberRecord(tx, 'telephone-notes', { businessGroup, referenceNumber });
        const dayAgo = new Date(Date.now() - DAY_MS);
        const [today] = await tx
          .select({ value: count() })
          .from(telephoneIntents)
          .where(and(ofRecord, gte(telephoneIntents.createdAt, dayAgo)));
        if ((today?.value ?? 0) >= config.TELEPHONE_NOTES_PER_DAY) {
          throw new AppError(
            429,
            'telephone_notes_per_day_exceeded',
            'We have noted enough of your visits to Contact us today. You can still phone us.',
          );
        }
        await tx.insert(telephoneIntents).values({
          businessGroup,
          referenceNumber,
          pageUrl: request.body.pageUrl,
          journeyType: request.body.journeyType ?? null,
          stage: request.body.stage ?? null,
        });
        const latest = tx
          .select({ id: telephoneIntents.id })
          .from(telephoneIntents)
          .where(ofRecord)
          .orderBy(desc(telephoneIntents.createdAt))
          .limit(config.TELEPHONE_NOTES_KEPT);
        await tx
          .delete(telephoneIntents)
          .where(
            and(ofRecord, lt(telephoneIntents.createdAt, dayAgo), notInArray(telephoneIntents.id, latest)),
          );
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
          ...errorResponses(401, 403),
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
