import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  journeyChoiceSchema,
  ukBankAccountSchema,
  type JourneyChoice,
  type JourneyDefinition,
  type JourneyInProgress,
  type JourneyState,
  type journeyQuestionStepRequestSchema,
  type journeyStepRequestSchema,
} from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { enteredLumpSums, memberJourneys, type MemberAddress } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { identityVerificationOf } from '../identity-verification/service';
import { findMember } from '../member-data/member-repository';
import { refuseModulusFailure, refuseOtherHolder } from '../my-details/bank-accounts';
import { integrityRedirect, previousPageOf, routeOf, submitStep } from './engine';
import {
  findJourney,
  isClosed,
  loadJourneyGraph,
  requireJourney,
  requireOpenJourney,
  saveSteps,
  statusOf,
  stepsOf,
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

/** Runs a change to the member's open journey in one transaction, with the row locked. */
export const changeStepsIn =
  (db: Database) =>
  async (request: FastifyRequest, type: string, change: (steps: StepsOf, now: Date) => StepsOf) => {
    const now = new Date();
    await db.transaction(async (tx) => {
      const row = await requireOpenJourney(tx, memberOf(request), type, now);
      await saveSteps(tx, row, change(stepsOf(row), now), now);
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
  const { path, frontier } = routeOf(graph, stepsOf(row));
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

/** Leaves a page (answering its question, if it asks one): where it leads, checked against the graph. */
export async function stepSubmitted(
  db: Database,
  request: FastifyRequest,
  type: string,
  body: z.infer<typeof journeyStepRequestSchema> & Partial<z.infer<typeof journeyQuestionStepRequestSchema>>,
) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const page = graph.pages.get(body.currentPageKey);
  if (page?.question?.kind === 'bank-account') await checkBankAccount(db, request, body.answerValue);
  if (page?.shows === 'identity-verification') await assertIdentitySent(db, request);
  if (page?.shows === 'contact-details') await assertAddressHeld(db, request);
  let nextPageKey: string | null = null;
  await changeStepsIn(db)(request, type, (steps, now) => {
    const result = submitStep(graph, steps, {
      pageKey: body.currentPageKey,
      expectedNext: body.nextPageKey,
      answer: body.questionKey
        ? { questionKey: body.questionKey, answerKey: body.answerKey!, answerValue: body.answerValue }
        : undefined,
      today: utcDay(now),
      now: now.toISOString(),
    });
    nextPageKey = result.nextPageKey;
    return result.steps;
  });
  return { nextPageKey };
}

/**
 * A page asking for proof of identity is left once the member has sent it (pending or confirmed). The
 * scheme's record of it is what check your answers and the PDF read; the step keeps nothing about it.
 */
async function assertIdentitySent(db: Database, request: FastifyRequest) {
  const { status } = await identityVerificationOf(db, request.server.identityVerifier, memberOf(request));
  if (status !== 'pending' && status !== 'verified')
    throw badRequest(
      'identity_not_provided',
      'Send a photo of your passport or driving licence before you continue.',
    );
}

/** The scheme writes to the member at the postal address it holds: there must be one. */
export async function assertAddressHeld(db: Database, request: FastifyRequest) {
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  if (!addressLines(found.member.address)?.length)
    throw badRequest('address_required', 'Give your postal address before you continue.');
}

/**
 * A bank account answer passes the checks My details makes: the sort code and account number agree
 * (modulus check) and the account is in the member's name.
 */
async function checkBankAccount(db: Database, request: FastifyRequest, answerValue: string | undefined) {
  let raw: unknown;
  try {
    raw = JSON.parse(answerValue ?? '');
  } catch {
    return; // the engine refuses it as invalid_bank_account
  }
  const parsed = ukBankAccountSchema.safeParse(raw);
  if (!parsed.success) return;
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  refuseModulusFailure(parsed.data);
  refuseOtherHolder(parsed.data.accountName, found.member.surname);
}

/** The page before this one on the member's path (the back link). */
export async function previousStepOf(db: Database, request: FastifyRequest, type: string, pageKey: string) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const row = await requireJourney(db, memberOf(request), type);
  return { previousPageKey: previousPageOf(graph, stepsOf(row), pageKey) };
}

/** Where the member should be: this page if they may be on it, else the page they reached. */
export async function integrityOf(db: Database, request: FastifyRequest, type: string, pageKey: string) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const row = await requireJourney(db, memberOf(request), type);
  if (statusOf(row, new Date()) === 'Submitted')
    return { redirectStepPageKey: graph.definition.confirmationPage };
  return { redirectStepPageKey: integrityRedirect(graph, stepsOf(row), pageKey) };
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
    if (row.choice)
      await tx
        .delete(enteredLumpSums)
        .where(
          and(
            eq(enteredLumpSums.businessGroup, record.businessGroup),
            eq(enteredLumpSums.referenceNumber, record.referenceNumber),
          ),
        );
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
    const pageKey = routeOf(graph, stepsOf(row)).frontier;
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
