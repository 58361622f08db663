import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fundSwitchPreviewSchema, type FundSwitchPreview, type JourneyStep } from '@meridian/contracts';
import { dcBenefitsSchema, getDcSchemeConfig, utcDay, type IsoDate } from '@meridian/pensions';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, errorResponses } from '../../lib/errors';
import { findJourney, statusOf, type MemberRecord } from '../journeys/repository';
import { fundsOf, glidePathFor, signedInDcRecord, type DcRecord } from './dc-pot';
import { answerTo, chosenFunds, FUND_SWITCH_JOURNEY } from './fund-switch-pending';

type StrategyPath = FundSwitchPreview['strategies'][number];

/** The choice the member's open (started, unexpired) fund switch holds so far; null before one is made. */
async function openChoice(
  db: Database,
  member: MemberRecord,
  strategies: StrategyPath[],
  names: Awaited<ReturnType<typeof fundsOf>>,
): Promise<FundSwitchPreview['chosen']> {
  const journey = await findJourney(db, member, FUND_SWITCH_JOURNEY);
  if (!journey || statusOf(journey, new Date()) !== 'Started') return null;
  const steps = journey.steps as JourneyStep[];
  const choice = answerTo(steps, 'investment_choice')?.answerKey;
  if (choice === 'lifestyle') {
    // An answer key is the scheme's strategy code in lower case.
    const key = answerTo(steps, 'lifestyle_strategy')?.answerKey;
    const glidePath = strategies.find((path) => path.strategyCode.toLowerCase() === key);
    return glidePath ? { choice, glidePath } : null;
  }
  if (choice !== 'self_select') return null;
  const funds = chosenFunds(answerTo(steps, 'fund_choice')?.answerValue);
  if (funds.length === 0) return null;
  return {
    choice,
    funds: funds.map((fund) => ({ ...fund, name: names.get(fund.code)?.fundName ?? fund.code })),
  };
}

/**
 * What a fund switch would change for a DC record on `today`: the strategy it follows now, each of the
 * scheme's strategies as it would run to the member's target date (when it starts moving the pot, what
 * it ends in), and what the member's open switch has chosen so far.
 */
export async function fundSwitchPreviewOf(
  db: Database,
  record: DcRecord & MemberRecord,
  tenantUrl: string,
  today: IsoDate,
  log: FastifyBaseLogger,
): Promise<FundSwitchPreview> {
  const benefits = dcBenefitsSchema.safeParse(record.member.benefits);
  if (!benefits.success)
    throw new AppError(409, 'pot_unavailable', 'We cannot show your pot online just now. Please contact us.');
  const names = await fundsOf(db, tenantUrl);
  const pathOf = (investment: typeof benefits.data.investment) =>
    glidePathFor(record, { ...benefits.data, investment }, names, today, log);
  const strategies = getDcSchemeConfig(record.scheme.code, today).strategies.flatMap(
    (strategy) => pathOf({ strategy: strategy.code }) ?? [],
  );
  return {
    current: pathOf(benefits.data.investment),
    strategies,
    chosen: await openChoice(db, record, strategies, names),
  };
}

/** The signed-in member's fund switch preview, for the strategy and check pages of the switch. */
export const fundSwitchPreviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/fund-switch/preview',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'What a fund switch would change: the lifestyle strategy the pot follows now, each of the scheme’s strategies as it would run to the member’s target date (the day it starts moving the pot into steadier funds and the funds it ends in), and what the member’s open switch has chosen so far (a strategy, or funds and percentages)',
        response: {
          200: fundSwitchPreviewSchema,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { businessGroup, referenceNumber, tenant } = request.member!;
      const found = await signedInDcRecord(db, { businessGroup, referenceNumber });
      return fundSwitchPreviewOf(
        db,
        { ...found, businessGroup, referenceNumber },
        tenant.tenantUrl,
        utcDay(new Date()),
        request.log,
      );
    },
  );
};
