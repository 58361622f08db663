import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DcPot, fundSchema } from '@meridian/contracts';
import {
  contributionsInLastYear,
  contributionsSinceJoining,
  dcBenefitsSchema,
  potHistory,
  potYear,
  valueHoldings,
  type IsoDate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findDocument } from '../content/document-repository';

/**
 * A DC record's pot on `today`: its funds (named from the tenant's funds content), the last year's
 * contributions (totals and each one, newest first), every contribution held (totals since joining and
 * each tax year's), the pot over 5 years and what moved it over the last 12 months. Read by the
 * member's own page and by the console's view of the member. 409 `pot_unavailable` when the record's benefits do
 * not match their schema.
 */
export async function dcPotOf(
  db: Database,
  benefitsData: unknown,
  tenantUrl: string,
  today: IsoDate,
  log: FastifyBaseLogger,
): Promise<DcPot> {
  const benefits = dcBenefitsSchema.safeParse(benefitsData);
  if (!benefits.success) {
    log.warn({ issues: benefits.error.issues }, 'DC member data does not match its schema');
    throw new AppError(409, 'pot_unavailable', 'We cannot show your pot online just now. Please contact us.');
  }
  const names = new Map(
    ((await findDocument<z.infer<typeof fundSchema>[]>(db, tenantUrl, 'funds')) ?? []).map((fund) => [
      fund.fundCode,
      fund,
    ]),
  );
  const funds = valueHoldings(benefits.data.holdings ?? []).map((holding) => ({
    ...holding,
    name: names.get(holding.code)?.fundName ?? holding.code,
    group: names.get(holding.code)?.fundGroup || null,
    annualChargePercent: names.get(holding.code)?.annualChargePercent ?? null,
  }));
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
    sinceJoining: contributionsSinceJoining(contributions, today),
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
}
