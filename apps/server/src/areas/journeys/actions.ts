import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  journeyCopyOf,
  type JourneyState,
  type journeyQuestionStepRequestSchema,
  type journeyStepRequestSchema,
} from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import type { MemberAddress } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { integrityRedirect, previousPageOf, recheckedSteps, routeOf, submitStep } from './engine';
import { figuresAskedOf, withOwnerFacts, type JourneyGraph } from './graph';
import type { JourneyLock, JourneyOwner, OwnedJourney } from './owner';
import { lockedFiguresOf, pluginOf, runPageChecks, runStartChecks } from './plugins';
import { assertOpen, statusOf, stepsOf, type MemberRecord } from './repository';

/**
 * What a journey call does, for either owner (a member or a visitor, see owner.ts): the generic
 * `journeys/{type}/...` calls, mounted once per owner, and the retirement application's aliases run
 * these.
 */

export const memberOf = (request: FastifyRequest): MemberRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

type Steps = ReturnType<typeof stepsOf>;

/** The journey's graph with the owner's facts (a member's access key) and the figures of `locked`. */
export const lockedGraph = (graph: JourneyGraph, locked: unknown): JourneyGraph =>
  withOwnerFacts(graph, { ...graph.owner, figures: lockedFiguresOf(graph.definition, locked) });

/**
 * The journey's graph as this journey's conditions see it: the owner's facts (a member's access key)
 * and the figures it locked at start.
 */
export const ownedGraph = (graph: JourneyGraph, row: OwnedJourney): JourneyGraph =>
  lockedGraph(graph, row.choice ?? null);

/**
 * Runs a change to the owner's open journey in one transaction, with the row locked; `graph` is the
 * journey as the owner walks it, and the change gets it as this journey's conditions see it.
 */
export async function changeSteps(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  graph: JourneyGraph,
  change: (steps: Steps, now: Date, owned: JourneyGraph) => Steps,
) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = assertOpen(
      await owner.journeyOf(tx, request, graph.definition.type, true),
      now,
      journeyCopyOf(graph.definition.copy).noun,
    );
    await owner.save(tx, row, { steps: change(stepsOf(row), now, ownedGraph(graph, row)) }, now);
  });
}

/** A postal address as the lines a letter carries; null when none is held. */
export const addressLines = (address: MemberAddress | null | undefined): string[] | null =>
  address
    ? [...address.lines, address.town, address.county ?? '', address.postcode]
        .map((line) => line.trim())
        .filter(Boolean)
    : null;

/** The owner's journey: status, expiry, where they are, answers and step data. */
export async function journeyStateOf(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
): Promise<JourneyState> {
  const row = await owner.journeyOf(db, request, type);
  const graph = await owner.graphOf(request, type);
  const now = new Date();
  const status = statusOf(row, now);
  const owned = ownedGraph(graph, row);
  const { path, frontier } = routeOf(owned, stepsOf(row));
  const plugin = pluginOf(graph.definition);
  const asked = figuresAskedOf(graph);
  const figures = Object.entries(owned.owner?.figures ?? {}).filter(([name]) => asked.has(name));
  return {
    type,
    status,
    startDate: row.startedAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    submissionDate: row.submittedAt?.toISOString() ?? null,
    caseNumber: row.caseNumber,
    currentPageKey: status === 'Submitted' ? graph.definition.confirmationPage : frontier,
    ...(await owner.detailsOf(request, row, now)),
    choice: (row.choice && plugin?.quoteChoice?.(row.choice)) || null,
    ...(row.choice && plugin && { lockedSection: plugin.lockedSection(row.choice, now, path) }),
    ...(row.choice && plugin?.lockedWords && { lockedWords: plugin.lockedWords(row.choice, now) }),
    ...(figures.length > 0 && { figures: Object.fromEntries(figures) }),
    steps: path,
  };
}

/**
 * Starts the owner's journey at its first page: a new one after a submitted, cancelled or ended one
 * (kept as history), an expired one afresh, and 409 `journey_in_progress` while one is open, changing
 * nothing. What the journey locks (its plugin's `lock`, given `input`) is locked in the start's
 * transaction; a journey whose plugin `relocks` locks the open one again, keeping its answers, each
 * read again with the new lock's figures (`retake`): the route stops at the first page whose answer
 * they refuse (a money answer over a figure's new maximum, a content check on a figure), kept to
 * change, so the member is taken back to it, as a transfer application moved onto a new statement is.
 */
export async function startJourney(
  db: Database,
  calculations: CalculationProvider,
  owner: JourneyOwner,
  request: FastifyRequest,
  graph: JourneyGraph,
  input: unknown,
) {
  const plugin = pluginOf(graph.definition);
  await runStartChecks({ db, request, graph });
  const answer = await db.transaction((tx) => {
    const take: JourneyLock['take'] = async (now) => {
      const taken = await plugin?.lock?.({ tx, request, graph, calculations, input, now });
      return {
        choice: taken?.locked ?? null,
        expiresAt: taken?.expiresAt ?? new Date(now.getTime() + graph.definition.expiryDays * 86_400_000),
      };
    };
    return owner.start.open(tx, request, graph, {
      relocks: plugin?.relocks ?? false,
      take,
      async retake(now, steps) {
        const taken = await take(now);
        const { steps: rechecked } = recheckedSteps(lockedGraph(graph, taken.choice), steps, utcDay(now));
        return { ...taken, steps: rechecked };
      },
    });
  });
  if (!answer)
    throw new AppError(
      409,
      'journey_in_progress',
      'You have started this already: carry on with it, or cancel it to start a new one.',
    );
  return answer;
}

/**
 * Leaves a page (answering its question, if it asks one): where it leads, checked against the graph
 * and by the checks registered for the page. A terminal page ends the journey when it is reached: it
 * is closed as Ended with the page's reason, kept as history, and the owner sees that page; the
 * journey's plugin may record the ending (`ended`) in the same transaction.
 */
export async function stepSubmitted(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  body: z.infer<typeof journeyStepRequestSchema> & Partial<z.infer<typeof journeyQuestionStepRequestSchema>>,
  reply?: FastifyReply,
) {
  const graph = await owner.graphOf(request, type);
  const page = graph.pages.get(body.currentPageKey);
  const answer = body.questionKey
    ? { questionKey: body.questionKey, answerKey: body.answerKey!, answerValue: body.answerValue }
    : undefined;
  if (page) await runPageChecks({ db, request, graph, page, owner, answer });
  const now = new Date();
  const left = await db.transaction(async (tx) => {
    const row = assertOpen(
      await owner.journeyOf(tx, request, type, true),
      now,
      journeyCopyOf(graph.definition.copy).noun,
    );
    const owned = ownedGraph(graph, row);
    const { steps, nextPageKey } = submitStep(owned, stepsOf(row), {
      pageKey: body.currentPageKey,
      expectedNext: body.nextPageKey,
      answer,
      today: utcDay(now),
      now: now.toISOString(),
    });
    const terminal = nextPageKey ? owned.pages.get(nextPageKey) : undefined;
    if (!nextPageKey || !terminal?.ends) {
      await owner.save(tx, row, { steps }, now);
      return { nextPageKey };
    }
    const reason = terminal.ends.reason;
    const recorded = await pluginOf(graph.definition)?.ended?.({
      tx,
      request,
      graph: owned,
      record: owner.recordOf(request),
      pageKey: nextPageKey,
      page: terminal,
      reason,
      path: routeOf(owned, steps).path,
      locked: row.choice ?? null,
      now,
    });
    await owner.save(tx, row, { steps, status: 'Ended', closedAt: now, endReason: reason, ...recorded }, now);
    return { nextPageKey };
  });
  if (reply) await owner.stepped?.(request, reply, type);
  return left;
}

/**
 * The page asking `questionKey` that the owner may answer now: one on their route or the one they have
 * reached (400 `question_not_reached` when the route does not pass it, or not yet).
 */
export async function pageAsking(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  questionKey: string,
) {
  const row = await owner.journeyOf(db, request, type);
  const graph = ownedGraph(await owner.graphOf(request, type), row);
  const { path, frontier } = routeOf(graph, stepsOf(row));
  const pageKey = [...path.map((step) => step.pageKey), frontier].find(
    (key) => graph.pages.get(key)?.question?.key === questionKey,
  );
  if (!pageKey)
    throw badRequest(
      'question_not_reached',
      'Your answers so far do not lead to this question yet: carry on with the pages before it.',
    );
  return pageKey;
}

/** Answers the question `questionKey` where the owner's route asks it, as leaving its page would. */
export async function questionAnswered(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  answer: { questionKey: string; answerKey: string; answerValue?: string },
) {
  const currentPageKey = await pageAsking(db, owner, request, type, answer.questionKey);
  return stepSubmitted(db, owner, request, type, { currentPageKey, ...answer });
}

/** The page before this one on the owner's path (the back link). */
export async function previousStepOf(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  pageKey: string,
) {
  const row = await owner.journeyOf(db, request, type);
  const graph = await owner.graphOf(request, type);
  return { previousPageKey: previousPageOf(ownedGraph(graph, row), stepsOf(row), pageKey) };
}

/** Where the owner should be: this page if they may be on it, else the page they reached. */
export async function integrityOf(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  pageKey: string,
) {
  const row = await owner.journeyOf(db, request, type);
  const graph = await owner.graphOf(request, type);
  const status = statusOf(row, new Date());
  if (status === 'Submitted') return { redirectStepPageKey: graph.definition.confirmationPage };
  const owned = ownedGraph(graph, row);
  // An ended journey stays on the terminal page that ended it.
  if (status === 'Ended') return { redirectStepPageKey: routeOf(owned, stepsOf(row)).frontier };
  return { redirectStepPageKey: integrityRedirect(owned, stepsOf(row), pageKey) };
}

/** The answer given on a page, to fill its form again. */
export async function questionFormOf(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
  pageKey: string,
) {
  const row = await owner.journeyOf(db, request, type);
  const answer = stepsOf(row).find((step) => step.pageKey === pageKey)?.answer;
  return {
    questionKey: answer?.questionKey ?? null,
    answerKey: answer?.answerKey ?? null,
    answerValue: answer?.answerValue ?? null,
  };
}

/**
 * Cancels an unsubmitted journey: it is kept as history (Cancelled), with what its plugin forgets
 * with it (the tax-free cash kept for a retirement application). One transaction with the journey
 * locked: a submission racing it either sends first (and the cancel is refused) or finds no journey.
 * A refusal names the journey by its `copy.noun` ("This switch has been sent...").
 */
export async function cancelJourney(
  db: Database,
  owner: JourneyOwner,
  request: FastifyRequest,
  type: string,
) {
  const { definition } = await owner.graphOf(request, type);
  const plugin = pluginOf(definition);
  const { noun } = journeyCopyOf(definition.copy);
  const record = owner.recordOf(request);
  await db.transaction(async (tx) => {
    const row = await owner.journeyOf(tx, request, type, true);
    if (row.status === 'Submitted')
      throw badRequest('journey_submitted', `This ${noun} has been sent, so it cannot be cancelled.`);
    if (row.status === 'Ended') throw badRequest('journey_ended', `This ${noun} has ended already.`);
    const now = new Date();
    await owner.save(tx, row, { status: 'Cancelled', closedAt: now }, now);
    if (record) await plugin?.cancelled?.(tx, record, row.choice);
  });
}
