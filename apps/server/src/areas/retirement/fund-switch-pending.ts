import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fundSwitchStatusSchema,
  type fundSchema,
  type JourneyStep,
  type PendingFundSwitch,
} from '@meridian/contracts';
import { getDcSchemeConfig, utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberCases, memberJourneys } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { findMember } from '../member-data/member-repository';
import { registerStartCheck, registerSubmitCheck } from '../journeys/plugins';

/** The journey type of a DC fund switch (content/tenants/<tenant>/journeys.json). */
export const FUND_SWITCH_JOURNEY = 'fundswitch';
const CLOSED = ['Completed', 'Rejected'];

interface Owner {
  businessGroup: string;
  referenceNumber: string;
  tenantUrl: string;
}

/** The answer a journey's steps give to a question (the last time it was answered). */
export const answerTo = (steps: readonly JourneyStep[], questionKey: string) =>
  steps.findLast((step) => step.answer?.questionKey === questionKey)?.answer ?? undefined;

/** The chosen funds and shares of a `fund_choice` answer (`[{ option, share }]`); none when unreadable. */
export function chosenFunds(
  answerValue: string | null | undefined,
): Array<{ code: string; percent: number }> {
  try {
    const items: unknown = JSON.parse(answerValue ?? '[]');
    if (!Array.isArray(items)) return [];
    return items.flatMap((item: { option?: unknown; share?: unknown }) =>
      typeof item?.option === 'string' && typeof item.share === 'number'
        ? [{ code: item.option, percent: item.share }]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * The member's fund switch that the scheme has not applied yet: the latest submitted fund switch whose
 * case is neither completed nor rejected, with what it asked for; null when none is waiting.
 */
export async function pendingFundSwitch(db: Database, owner: Owner): Promise<PendingFundSwitch | null> {
  const [row] = await db
    .select({
      caseNumber: memberCases.caseNumber,
      status: memberCases.status,
      submittedAt: memberJourneys.submittedAt,
      createdAt: memberCases.createdAt,
      steps: memberJourneys.steps,
    })
    .from(memberJourneys)
    .innerJoin(
      memberCases,
      and(
        eq(memberCases.caseNumber, memberJourneys.caseNumber),
        eq(memberCases.businessGroup, memberJourneys.businessGroup),
        eq(memberCases.referenceNumber, memberJourneys.referenceNumber),
      ),
    )
    .where(
      and(
        eq(memberJourneys.businessGroup, owner.businessGroup),
        eq(memberJourneys.referenceNumber, owner.referenceNumber),
        eq(memberJourneys.type, FUND_SWITCH_JOURNEY),
        isNull(memberCases.closedAt),
        notInArray(memberCases.status, CLOSED),
      ),
    )
    .orderBy(desc(memberCases.createdAt))
    .limit(1);
  if (!row) return null;
  const steps = row.steps as JourneyStep[];
  const choice =
    answerTo(steps, 'investment_choice')?.answerKey === 'lifestyle' ? 'lifestyle' : 'self_select';
  const names = new Map(
    ((await findDocument<z.infer<typeof fundSchema>[]>(db, owner.tenantUrl, 'funds')) ?? []).map((fund) => [
      fund.fundCode,
      fund.fundName,
    ]),
  );
  const strategy =
    choice === 'lifestyle' ? await strategyOf(db, owner, answerTo(steps, 'lifestyle_strategy')) : null;
  const funds =
    choice === 'lifestyle'
      ? []
      : chosenFunds(answerTo(steps, 'fund_choice')?.answerValue).map((fund) => ({
          ...fund,
          name: names.get(fund.code) ?? fund.code,
        }));
  return {
    caseNumber: row.caseNumber,
    requestedOn: (row.submittedAt ?? row.createdAt).toISOString().slice(0, 10),
    status: row.status,
    choice,
    strategy,
    funds,
  };
}

/**
 * The lifestyle strategy a switch asked for (an answer key is the scheme's strategy code in lower case),
 * by its name in the member's scheme; null when none was named.
 */
async function strategyOf(db: Database, owner: Owner, answer: ReturnType<typeof answerTo>) {
  const key = answer?.answerKey;
  if (!key) return null;
  const found = await findMember(db, owner.businessGroup, owner.referenceNumber);
  const named =
    found?.scheme.type === 'DC'
      ? getDcSchemeConfig(found.scheme.code, utcDay(new Date())).strategies.find(
          (candidate) => candidate.code.toLowerCase() === key,
        )
      : undefined;
  return { code: named?.code ?? key.toUpperCase(), name: named?.name ?? key };
}

const ownerOf = (member: {
  businessGroup: string;
  referenceNumber: string;
  tenant: { tenantUrl: string };
}) => ({
  businessGroup: member.businessGroup,
  referenceNumber: member.referenceNumber,
  tenantUrl: member.tenant.tenantUrl,
});

/** 409 `fund_switch_pending` while a fund switch the member sent is still waiting for the scheme. */
async function refuseWhilePending(db: Database, member: Parameters<typeof ownerOf>[0] | null | undefined) {
  if (!member) return;
  const pending = await pendingFundSwitch(db, ownerOf(member));
  if (pending)
    throw new AppError(
      409,
      'fund_switch_pending',
      `You asked to switch your funds on ${pending.requestedOn} (${pending.caseNumber}) and we are still making that change. You can ask for another switch once it is done.`,
    );
}

// One switch at a time: a second is neither started nor sent while the first waits for the scheme.
registerStartCheck(async ({ db, request, graph }) => {
  if (graph.definition.type === FUND_SWITCH_JOURNEY) await refuseWhilePending(db, request.member);
});
registerSubmitCheck(async ({ db, request, graph }) => {
  if (graph.definition.type === FUND_SWITCH_JOURNEY) await refuseWhilePending(db, request.member);
});

/** The signed-in member's fund switch waiting for the scheme, for their funds page. */
export const fundSwitchPendingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/fund-switch',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'The fund switch the member sent that the scheme has not applied yet (its case open): when it was asked for, its case and the lifestyle strategy or the funds and percentages chosen; null when none is waiting',
        response: { 200: fundSwitchStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ pending: await pendingFundSwitch(db, ownerOf(request.member!)) }),
  );
};
