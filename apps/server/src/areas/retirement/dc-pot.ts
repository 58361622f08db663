import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DcPot, fundSchema, GlidePath } from '@meridian/contracts';
import {
  CalculationError,
  contributionsInLastYear,
  contributionsSinceJoining,
  dateAtAge,
  dcBenefitsSchema,
  fundChargePercent,
  getDcSchemeConfig,
  glidePathOf,
  isoDate,
  potHistory,
  potYear,
  valueHoldings,
  type DcBenefits,
  type IsoDate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { findMember } from '../member-data/member-repository';

type Funds = Map<string, z.infer<typeof fundSchema>>;

/** The tenant's funds content (names, groups, factsheets) by fund code. */
export async function fundsOf(db: Database, tenantUrl: string): Promise<Funds> {
  return new Map(
    ((await findDocument<z.infer<typeof fundSchema>[]>(db, tenantUrl, 'funds')) ?? []).map((fund) => [
      fund.fundCode,
      fund,
    ]),
  );
}

/** A DC record as findMember reads it. */
export interface DcRecord {
  member: { benefits: unknown; dateOfBirth: string; status: string };
  scheme: { code: string };
}

/** The signed-in member's chosen record, if it is a DC one: 404 when it is not there or not a pot. */
export async function signedInDcRecord(
  db: Database,
  member: { businessGroup: string; referenceNumber: string },
) {
  const found = await findMember(db, member.businessGroup, member.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  if (found.scheme.type !== 'DC')
    throw notFound('not_a_dc_record', 'This record is not a savings pot, so it has no funds to show.');
  return found;
}

/**
 * The lifestyle strategy a DC record's pot follows to its target date (the member's target age, else the
 * scheme's, as the projection counts) and the day it starts moving into steadier funds, its funds named
 * as the pot's are; null for the member's own funds, a pot being paid, or a strategy the scheme does not
 * have (logged).
 */
export function glidePathFor(
  record: DcRecord,
  benefits: DcBenefits,
  funds: Funds,
  today: IsoDate,
  log: FastifyBaseLogger,
): GlidePath {
  if (record.member.status === 'Pensioner') return null;
  const config = getDcSchemeConfig(record.scheme.code, today);
  const age = benefits.targetRetirementAge ?? config.defaultTargetRetirementAge;
  try {
    const path = glidePathOf(benefits.investment, config, dateAtAge(isoDate(record.member.dateOfBirth), age));
    return (
      path && {
        ...path,
        endsIn: path.endsIn.map(({ code, share }) => ({
          code,
          name: funds.get(code)?.fundName ?? config.funds.find((fund) => fund.code === code)?.name ?? code,
          percent: Math.round(share * 10_000) / 100,
        })),
      }
    );
  } catch (error) {
    if (!(error instanceof CalculationError)) throw error;
    log.warn({ code: error.code, message: error.message }, 'DC member data names no strategy of its scheme');
    return null;
  }
}

/**
 * A DC record's pot on `today`: its funds (named from the tenant's funds content, each with its yearly
 * charge as the record's scheme lists it on `today`, the charge the projections take), the lifestyle strategy
 * it follows and when that starts moving it, the last year's
 * contributions (totals and each one, newest first), every contribution held (totals since joining and
 * each tax year's), the pot over 5 years and what moved it over the last 12 months. Read by the
 * member's own page and by the console's view of the member. 409 `pot_unavailable` when the record's benefits do
 * not match their schema.
 */
export async function dcPotOf(
  db: Database,
  record: DcRecord,
  tenantUrl: string,
  today: IsoDate,
  log: FastifyBaseLogger,
): Promise<DcPot> {
  const benefits = dcBenefitsSchema.safeParse(record.member.benefits);
  if (!benefits.success) {
    log.warn({ issues: benefits.error.issues }, 'DC member data does not match its schema');
    throw new AppError(409, 'pot_unavailable', 'We cannot show your pot online just now. Please contact us.');
  }
  const names = await fundsOf(db, tenantUrl);
  const scheme = getDcSchemeConfig(record.scheme.code, today);
  const funds = valueHoldings(benefits.data.holdings ?? []).map((holding) => ({
    ...holding,
    name: names.get(holding.code)?.fundName ?? holding.code,
    group: names.get(holding.code)?.fundGroup || null,
    annualChargePercent: fundChargePercent(scheme, holding.code),
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
    glidePath: glidePathFor(record, benefits.data, names, today, log),
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
