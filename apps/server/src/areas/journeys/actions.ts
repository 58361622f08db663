import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  journeyChoiceSchema,
  type JourneyChoice,
  type JourneyDefinition,
  type JourneyInProgress,
  type JourneyState,
  type journeyQuestionStepRequestSchema,
  type journeyStepRequestSchema,
} from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberJourneys, type MemberAddress } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { identityVerificationOf } from '../identity-verification/service';
import { findMember } from '../member-data/member-repository';
import { integrityRedirect, previousPageOf, routeOf, submitStep } from './engine';
import { withOwnerFacts, type JourneyGraph } from './graph';
import { lockedFiguresOf, pluginOf, runPageChecks } from './plugins';
import {
  findJourney,
  isClosed,
  loadJourneyGraph,
  requireJourney,
  requireOpenJourney,
  saveSteps,
  statusOf,
  stepsOf,
  type JourneyRow,
  type MemberRecord,
} from './repository';

/**
 * What a journey call does, apart from the route it came by: the generic `journeys/{type}/...` calls
 * and the retirement application's `retirement-journey/...` aliases run the same actions.
 */

const DAY_MS = 86_400_000;
const EXPIRY_WARNING_DAYS = 7;

export const memberOf = (request: FastifyRequest): MemberRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

type StepsOf = ReturnType<typeof stepsOf>;

/** The journey's graph as this journey's conditions see it: with the figures it locked at start. */
export const ownedGraph = (graph: JourneyGraph, row: JourneyRow): JourneyGraph =>
  withOwnerFacts(graph, { figures: lockedFiguresOf(graph.definition, row.choice) });

/**
 * Runs a change to the member's open journey in one transaction, with the row locked; `owned` gives
 * the graph as this journey's conditions see it (see ownedGraph).
 */
export const changeStepsIn =
  (db: Database) =>
  async (
    request: FastifyRequest,
    type: string,
    change: (steps: StepsOf, now: Date, owned: (graph: JourneyGraph) => JourneyGraph) => StepsOf,
  ) => {
    const now = new Date();
    await db.transaction(async (tx) => {
      const row = await requireOpenJourney(tx, memberOf(request), type, now);
      await saveSteps(
        tx,
        row,
        change(stepsOf(row), now, (graph) => ownedGraph(graph, row)),
        now,
      );
    });
  };

/** A postal address as the lines a letter carries; null when none is held. */
export const addressLines = (address: MemberAddress | null | undefined): string[] | null =>
  address
    ? [...address.lines, address.town, address.county ?? '', address.postcode]
        .map((line) => line.trim())
        .filter(Boolean)
    : null;

/** The member's journey: status, expiry, where they are, answers and step data. */
export async function journeyStateOf(
  db: Database,
  request: FastifyRequest,
  type: string,
): Promise<JourneyState> {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const row = await requireJourney(db, memberOf(request), type);
  const found = await findMember(db, row.businessGroup, row.referenceNumber);
  const identity = await identityVerificationOf(db, request.server.identityVerifier, memberOf(request));
  const now = new Date();
  const status = statusOf(row, now);
  const { path, frontier } = routeOf(ownedGraph(graph, row), stepsOf(row));
  return {
    type,
    status,
    startDate: row.startedAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    aboutToExpire:
      status === 'Started' && row.expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS,
    submissionDate: row.submittedAt?.toISOString() ?? null,
    caseNumber: row.caseNumber,
    currentPageKey: status === 'Submitted' ? graph.definition.confirmationPage : frontier,
    choice: row.choice ? journeyChoiceSchema.parse(row.choice as JourneyChoice) : null,
    contact: {
      fullName: found
        ? [found.member.title, found.member.forenames, found.member.surname].filter(Boolean).join(' ')
        : '',
      emailAddress: found?.member.email ?? null,
      phone: found?.member.mobilePhone ?? null,
      address: addressLines(found?.member.address),
    },
    identity: { status: identity.status, documentName: identity.documentName },
    steps: path,
  };
}

/**
 * Leaves a page (answering its question, if it asks one): where it leads, checked against the graph
 * and by the checks registered for the page. A terminal page ends the journey when it is reached: it
 * is closed as Ended with the page's reason, kept as history, and the member sees that page.
 */
export async function stepSubmitted(
  db: Database,
  request: FastifyRequest,
  type: string,
  body: z.infer<typeof journeyStepRequestSchema> & Partial<z.infer<typeof journeyQuestionStepRequestSchema>>,
) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const page = graph.pages.get(body.currentPageKey);
  const answer = body.questionKey
    ? { questionKey: body.questionKey, answerKey: body.answerKey!, answerValue: body.answerValue }
    : undefined;
  if (page) await runPageChecks({ db, request, graph, page, answer });
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await requireOpenJourney(tx, memberOf(request), type, now);
    const owned = ownedGraph(graph, row);
    const { steps, nextPageKey } = submitStep(owned, stepsOf(row), {
      pageKey: body.currentPageKey,
      expectedNext: body.nextPageKey,
      answer,
      today: utcDay(now),
      now: now.toISOString(),
    });
    await saveSteps(tx, row, steps, now);
    const ending = nextPageKey ? owned.pages.get(nextPageKey)?.ends : undefined;
    if (ending)
      await tx
        .update(memberJourneys)
        .set({ status: 'Ended', closedAt: now, endReason: ending.reason, updatedAt: now })
        .where(eq(memberJourneys.id, row.id));
    return { nextPageKey };
  });
}

/** The page before this one on the member's path (the back link). */
export async function previousStepOf(db: Database, request: FastifyRequest, type: string, pageKey: string) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const row = await requireJourney(db, memberOf(request), type);
  return { previousPageKey: previousPageOf(ownedGraph(graph, row), stepsOf(row), pageKey) };
}

/** Where the member should be: this page if they may be on it, else the page they reached. */
export async function integrityOf(db: Database, request: FastifyRequest, type: string, pageKey: string) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const row = await requireJourney(db, memberOf(request), type);
  const status = statusOf(row, new Date());
  if (status === 'Submitted') return { redirectStepPageKey: graph.definition.confirmationPage };
  const owned = ownedGraph(graph, row);
  // An ended journey stays on the terminal page that ended it.
  if (status === 'Ended') return { redirectStepPageKey: routeOf(owned, stepsOf(row)).frontier };
  return { redirectStepPageKey: integrityRedirect(owned, stepsOf(row), pageKey) };
}

/** The answer given on a page, to fill its form again. */
export async function questionFormOf(db: Database, request: FastifyRequest, type: string, pageKey: string) {
  const row = await requireJourney(db, memberOf(request), type);
  const answer = stepsOf(row).find((step) => step.pageKey === pageKey)?.answer;
  return {
    questionKey: answer?.questionKey ?? null,
    answerKey: answer?.answerKey ?? null,
    answerValue: answer?.answerValue ?? null,
  };
}

/**
 * Cancels an unsubmitted journey: it is kept as history (Cancelled), and for one started from a
 * retirement quote the tax-free cash amount kept for it is deleted, so the options page starts afresh.
 * One transaction with the journey locked: a submission racing it either sends first (and the cancel
 * is refused) or finds no journey.
 */
export async function deleteJourney(db: Database, request: FastifyRequest, type: string) {
  const record = memberOf(request);
  const plugin = pluginOf((await loadJourneyGraph(db, request.tenantUrl, type)).definition);
  await db.transaction(async (tx) => {
    const row = await requireJourney(tx, record, type, true);
    if (row.status === 'Submitted')
      throw badRequest('journey_submitted', 'A submitted application cannot be cancelled.');
    if (row.status === 'Ended') throw badRequest('journey_ended', 'This journey has ended already.');
    const now = new Date();
    await tx
      .update(memberJourneys)
      .set({ status: 'Cancelled', closedAt: now, updatedAt: now })
      .where(eq(memberJourneys.id, row.id));
    await plugin?.cancelled?.(tx, record, row.choice);
  });
}

/** The member's latest journeys still open (expired ones too, until they start again), for My requests. */
export async function journeysInProgress(
  db: Database,
  request: FastifyRequest,
): Promise<JourneyInProgress[]> {
  const definitions = (await findDocument<JourneyDefinition[]>(db, request.tenantUrl, 'journeys')) ?? [];
  const now = new Date();
  const found: JourneyInProgress[] = [];
  for (const definition of definitions) {
    const row = await findJourney(db, memberOf(request), definition.type);
    if (!row || isClosed(row)) continue;
    const graph = await loadJourneyGraph(db, request.tenantUrl, definition.type);
    const pageKey = routeOf(ownedGraph(graph, row), stepsOf(row)).frontier;
    found.push({
      type: definition.type,
      title: definition.title,
      status: statusOf(row, now),
      startDate: row.startedAt.toISOString(),
      expirationDate: row.expiresAt.toISOString(),
      currentPageSlug: graph.pages.get(pageKey)?.slug ?? graph.pages.get(definition.firstPage)!.slug,
    });
  }
  return found;
}
