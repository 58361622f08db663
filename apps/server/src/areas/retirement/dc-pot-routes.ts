import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dcPotSchema, errorBodySchema, fundSchema } from '@meridian/contracts';
import {
  contributionsInLastYear,
  dcBenefitsSchema,
  potHistory,
  potYear,
  utcDay,
  valueHoldings,
  type IsoDate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { findMember } from '../member-data/member-repository';

/** The pot today of the signed-in member's chosen DC record: its funds and the last year's contributions. */
export const dcPotRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/dc-pot',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'A DC record’s pot today: each fund’s units, unit price, value, price date and annual charge (the values add up to the pot), contributions in the last 12 months, the pot’s value over 5 years, and what moved it over the last 12 months (paid in, charges, investment return)',
        response: {
          200: dcPotSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { businessGroup, referenceNumber, tenant } = request.member!;
      const found = await findMember(db, businessGroup, referenceNumber);
      if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
      if (found.scheme.type !== 'DC')
        throw notFound('not_a_dc_record', 'This record is not a savings pot, so it has no funds to show.');
      const benefits = dcBenefitsSchema.safeParse(found.member.benefits);
      if (!benefits.success) {
        request.log.warn({ issues: benefits.error.issues }, 'DC member data does not match its schema');
        throw new AppError(
          409,
          'pot_unavailable',
          'We cannot show your pot online just now. Please contact us.',
        );
      }
      const names = new Map(
        ((await findDocument<z.infer<typeof fundSchema>[]>(db, tenant.tenantUrl, 'funds')) ?? []).map(
          (fund) => [fund.fundCode, fund],
        ),
      );
      const funds = valueHoldings(benefits.data.holdings ?? []).map((holding) => ({
        ...holding,
        name: names.get(holding.code)?.fundName ?? holding.code,
        group: names.get(holding.code)?.fundGroup || null,
        annualChargePercent: names.get(holding.code)?.annualChargePercent ?? null,
      }));
      const today = utcDay(new Date());
      const valuedOn = funds.reduce<IsoDate | null>(
        (latest, fund) => (latest === null || fund.pricedOn > latest ? fund.pricedOn : latest),
        null,
      );
      const now = { on: valuedOn ?? today, potPence: benefits.data.potPence };
      const valuations = benefits.data.valuations ?? [];
      const contributions = benefits.data.contributions ?? [];
      const year = potYear(valuations, now, contributions, benefits.data.charges ?? []);
      return {
        potPence: benefits.data.potPence,
        valuedOn,
        funds,
        contributions: contributionsInLastYear(contributions, today),
        history: potHistory(valuations, now, today),
        lastYear: {
          from: year.start?.on ?? null,
          startPence: year.start?.potPence ?? null,
          to: year.end.on,
          endPence: year.end.potPence,
          paidInPence: year.paidInPence,
          chargesPence: year.chargesPence,
          returnPence: year.returnPence,
        },
      };
    },
  );
};
