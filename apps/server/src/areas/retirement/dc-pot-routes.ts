import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dcPotSchema } from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { dcPotOf, signedInDcRecord } from './dc-pot';
import { errorResponses } from '../../lib/errors';

/** The pot today of the signed-in member's chosen DC record: its funds and the last year's contributions. */
export const dcPotRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/dc-pot',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'A DC record’s pot today: each fund’s units, unit price, value, price date and annual charge (the values add up to the pot), the lifestyle strategy it follows and the day that starts moving it into steadier funds, contributions in the last 12 months, the pot’s value over 5 years, and what moved it over the last 12 months (paid in, charges, investment return)',
        response: {
          200: dcPotSchema,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { businessGroup, referenceNumber, tenant } = request.member!;
      const found = await signedInDcRecord(db, { businessGroup, referenceNumber });
      return dcPotOf(db, found, tenant.tenantUrl, utcDay(new Date()), request.log);
    },
  );
};
