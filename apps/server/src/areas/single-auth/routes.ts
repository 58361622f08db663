import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, errorResponses } from '../../lib/errors';
import { recordsOf } from '../authentication/session-service';

const recordSchema = z.object({
  businessGroup: z.string(),
  referenceNumber: z.string(),
  recordNumber: z.number().int(),
  isPrimary: z.boolean(),
});

/** The single-auth post-authentication lookup (mdp-api): which record a newly signed-in member acts as. */
export const singleAuthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/login',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['member-data'],
        summary: 'Login lookup: the primary record within this tenant and whether there are others',
        response: {
          200: recordSchema.pick({ businessGroup: true, referenceNumber: true }).extend({
            hasMultipleRecords: z.boolean(),
            eligibleRecords: z.array(recordSchema),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const records = await recordsOf(db, request.member!.userId, request.member!.tenant.businessGroups);
      const primary = records.find((record) => record.isPrimary) ?? records[0];
      if (!primary)
        throw new AppError(403, 'record_not_in_tenant', 'You have no pension record with this portal.');
      return {
        businessGroup: primary.businessGroup,
        referenceNumber: primary.referenceNumber,
        hasMultipleRecords: records.length > 1,
        eligibleRecords: records,
      };
    },
  );
};
