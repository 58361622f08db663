import { and, desc, eq, isNull } from 'drizzle-orm';
import type { JourneyDefinition } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberBankAccounts, memberCases, memberJourneys } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { ownedGraph } from '../journeys/actions';
import { frontierOf, routeOf } from '../journeys/engine';
import {
  loadJourneyGraph,
  statusOf,
  stepsOf,
  type JourneyRow,
  type MemberRecord,
} from '../journeys/repository';

/** What the member has done that content may personalise on, besides the calculation's figures. */
export interface AccessKeyFacts {
  journeys: Array<{
    type: string;
    status: string;
    /** The radio answers on the journey's route now, by question key: the answers content may test. */
    answers: Array<{ questionKey: string; answerKey: string }>;
    /** The definition's `startsFrom` (the plugin that locked what it started from), if any. */
    startsFrom?: string | null;
    /** Every question on its route is answered: the member has reached check your answers. */
    atSummary?: boolean;
    /** What its plugin locked at start (a transfer's guaranteed value), for that plugin's own facts. */
    locked?: unknown;
  }>;
  hasOpenQuoteRequests: boolean;
  bankAccountOutsideUk: boolean;
  /** What the tenant's journeys start from (`startsFrom`): the journeys this site offers, e.g. a transfer. */
  startsOffered: string[];
}

export const noAccessKeyFacts: AccessKeyFacts = Object.freeze({
  journeys: [],
  hasOpenQuoteRequests: false,
  bankAccountOutsideUk: false,
  startsOffered: [],
});

/** A case the scheme has finished with: any other status (Received, In progress, …) is still open. */
const FINISHED_CASE_STATUSES = new Set(['completed', 'closed', 'cancelled', 'withdrawn']);

export const isOpenCaseStatus = (status: string) => !FINISHED_CASE_STATUSES.has(status.trim().toLowerCase());

const ofRecord = (
  table: typeof memberJourneys | typeof memberCases | typeof memberBankAccounts,
  record: MemberRecord,
) => and(eq(table.businessGroup, record.businessGroup), eq(table.referenceNumber, record.referenceNumber));

/**
 * The radio answers on the member's route through a journey, as its graph stands now, and whether the
 * route has reached check your answers. None when the tenant no longer has the journey: its type and
 * status still count.
 */
async function routeFactsOf(db: Database, tenantUrl: string, row: JourneyRow) {
  const loaded = await loadJourneyGraph(db, tenantUrl, row.type).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'journey_type_not_found') return null;
    throw error;
  });
  if (!loaded) return { answers: [], atSummary: false };
  // Walked with the figures it locked, as its steps were.
  const graph = ownedGraph(loaded, row);
  const steps = stepsOf(row);
  const answers = routeOf(graph, steps).path.flatMap((step) => {
    const question = graph.pages.get(step.pageKey)?.question;
    if (question?.kind !== 'radios' || step.answer?.questionKey !== question.key) return [];
    return [{ questionKey: step.answer.questionKey, answerKey: step.answer.answerKey }];
  });
  return { answers, atSummary: frontierOf(graph, steps) === graph.definition.summaryPage };
}

/**
 * The member's journeys (type, status and the answers content may test), whether a quote they asked
 * for is still open, and whether the bank account on file is outside the UK (existing-portal c.3,
 * flags 10, 12 and 16).
 */
export async function accessKeyFactsOf(
  db: Database,
  tenantUrl: string,
  record: MemberRecord,
  now: Date,
): Promise<AccessKeyFacts> {
  const [rows, definitions, cases, accounts] = await Promise.all([
    db
      .select()
      .from(memberJourneys)
      .where(ofRecord(memberJourneys, record))
      .orderBy(memberJourneys.type, desc(memberJourneys.startedAt), desc(memberJourneys.id)),
    findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys'),
    db
      .select({ caseType: memberCases.caseType, status: memberCases.status })
      .from(memberCases)
      .where(ofRecord(memberCases, record)),
    db
      .select({ bankCountryCode: memberBankAccounts.bankCountryCode })
      .from(memberBankAccounts)
      .where(and(ofRecord(memberBankAccounts, record), isNull(memberBankAccounts.replacedAt))),
  ]);
  const quoteCaseTypes = new Set(
    (definitions ?? []).flatMap((definition) =>
      definition.quoteRequest ? [definition.quoteRequest.caseType] : [],
    ),
  );
  // The latest of each type is the member's journey; a cancelled one counts as none.
  const latest = rows.filter((row, index) => index === 0 || rows[index - 1]!.type !== row.type);
  const journeys = await Promise.all(
    latest
      .filter((row) => row.status !== 'Cancelled')
      .map(async (row) => ({
        type: row.type,
        status: statusOf(row, now),
        startsFrom: definitions?.find((definition) => definition.type === row.type)?.startsFrom ?? null,
        locked: row.choice ?? null,
        ...(await routeFactsOf(db, tenantUrl, row)),
      })),
  );
  return {
    journeys,
    hasOpenQuoteRequests: cases.some(
      (found) => quoteCaseTypes.has(found.caseType) && isOpenCaseStatus(found.status),
    ),
    bankAccountOutsideUk: accounts.some((account) => account.bankCountryCode !== 'GB'),
    startsOffered: (definitions ?? []).flatMap((definition) =>
      definition.startsFrom ? [definition.startsFrom] : [],
    ),
  };
}

/** The flags content tests these facts by (docs/content.md). */
export function accessKeyFactFlags(facts: AccessKeyFacts): string[] {
  return [
    ...facts.journeys.flatMap((journey) => [
      journey.type,
      `${journey.type}-${journey.status}`,
      ...journey.answers.map((answer) => `${answer.questionKey}-${answer.answerKey}`),
    ]),
    ...(facts.hasOpenQuoteRequests ? ['OPENQUOTEREQUEST'] : []),
    ...(facts.bankAccountOutsideUk ? ['NonUkBankCountry'] : []),
  ];
}
