import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  confirmCodeSchema,
  journeyCancelledSchema,
  journeyInProgressSchema,
  journeyStepRequestSchema,
  recordQuerySchema,
  uploadContextOf,
  type JourneyDefinition,
  type JourneyInProgress,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberJourneys } from '../../db/schema';
import { badRequest, errorResponses } from '../../lib/errors';
import { NONCE_HEADER } from '../../lib/one-time-codes';
import { findDocument } from '../content/document-repository';
import { findOwnedDocument } from '../documents/repository';
import { findMember } from '../member-data/member-repository';
import { addressLines, memberOf, ownedGraph } from './actions';
import { routeOf } from './engine';
import { readsAccessKey, withOwnerFacts } from './graph';
import { assertEligible, memberAccessKey } from './lifecycle';
import { sendJourneyPdf, submitJourney } from './member-submission';
import type { JourneyOwner } from './owner';
import { addMemberJourneyRoutes, memberRecordsOf } from './plugins';
import {
  cancelledJourneysOf,
  findJourney,
  isClosed,
  loadJourneyGraph,
  requireJourney,
  statusOf,
  stepsOf,
} from './repository';

const DAY_MS = 86_400_000;
const EXPIRY_WARNING_DAYS = 7;
const errors = errorResponses(400, 401, 403, 404);

/**
 * Members' journeys: the signed-in member's chosen record owns them, in `portal.journeys` (one open
 * per record and type, the others kept as history). Conditions read the member's access key, and a
 * start checks the journey's eligibility against it.
 */
export function memberJourneyOwner({
  db,
  calculations,
}: {
  db: Database;
  calculations: CalculationProvider;
}): JourneyOwner {
  const owner: JourneyOwner = {
    audience: 'member',
    tag: 'journeys',
    who: 'member',
    guard: (app) => app.addHook('preHandler', app.requireMember),
    recordOf: memberOf,

    async graphOf(request, type, use = 'walk') {
      const graph = await loadJourneyGraph(db, request.tenantUrl, type);
      if (use === 'view') return graph;
      if (use === 'start' && (graph.definition.audience ?? 'member') !== 'member')
        throw badRequest('journey_for_visitors', 'This form is for visitors: start it without signing in.');
      const eligibility = use === 'start' && graph.definition.eligibility;
      if (!eligibility && !readsAccessKey(graph)) return graph;
      const accessKey = await memberAccessKey(db, calculations, request);
      if (use === 'start') assertEligible(graph, accessKey);
      return withOwnerFacts(graph, { accessKey });
    },

    journeyOf: (q, request, type, lock) => requireJourney(q, memberOf(request), type, lock),

    /** A member's upload is in their documents, uploaded in the question's context. */
    async holdsUpload({ db: q, request, question, uploaded }) {
      if (!request.member) return false;
      const row = await findOwnedDocument(q, memberOf(request), uploaded.id);
      return (
        row?.kind === 'upload' && row.context === uploadContextOf(question) && row.name === uploaded.name
      );
    },

    async save(q, journey, change, now) {
      await q
        .update(memberJourneys)
        .set({ ...change, updatedAt: now })
        .where(eq(memberJourneys.id, journey.id));
    },

    async detailsOf(request, row, now) {
      const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
      const { identity } = await memberRecordsOf({ db, request, record: memberOf(request) });
      return {
        aboutToExpire:
          statusOf(row, now) === 'Started' &&
          row.expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS,
        contact: {
          fullName: found
            ? [found.member.title, found.member.forenames, found.member.surname].filter(Boolean).join(' ')
            : '',
          emailAddress: found?.member.email ?? null,
          phone: found?.member.mobilePhone ?? null,
          address: addressLines(found?.member.address),
        },
        identity,
      };
    },

    start: {
      schema: { body: journeyStepRequestSchema, response: { 204: z.null(), ...errorResponses(503) } },
      /**
       * A new journey when none is open (the submitted, cancelled or ended ones stay as history); an
       * expired one starts afresh; an open one is refused unless the journey re-locks it, keeping its
       * answers checked again with the new figures (`retake`). Two starts racing: the partial unique
       * index keeps one open journey, the other opens none.
       */
      async open(tx, request, graph, lock) {
        const member = memberOf(request);
        const existing = await findJourney(tx, member, graph.definition.type, true);
        const now = new Date();
        const noContent = (reply: FastifyReply) => reply.code(204).send(null);
        if (!existing || isClosed(existing)) {
          const inserted = await tx
            .insert(memberJourneys)
            .values({
              ...member,
              type: graph.definition.type,
              ...(await lock.take(now)),
              steps: [],
              startedAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning({ id: memberJourneys.id });
          return inserted.length > 0 ? noContent : null;
        }
        const expired = statusOf(existing, now) === 'Expired';
        if (!expired && !lock.relocks) return null;
        const locked = expired
          ? { ...(await lock.take(now)), steps: [], startedAt: now }
          : await lock.retake(now, stepsOf(existing));
        await tx
          .update(memberJourneys)
          .set({ ...locked, updatedAt: now })
          .where(eq(memberJourneys.id, existing.id));
        return noContent;
      },
    },

    submit: {
      schema: {
        summary:
          'Submit a completed journey: one transaction opens a case with a reference, keeps the PDF and emails a confirmation; a retry answers the same case',
        headers: z.object({ [NONCE_HEADER]: z.string().max(100).optional() }),
        body: confirmCodeSchema.partial().nullish(),
        response: errorResponses(428),
      },
      send: async (request, type) =>
        submitJourney(db, request, await owner.graphOf(request, type), {
          nonce: request.headers[NONCE_HEADER] as string | undefined,
          code: (request.body as { code?: string } | null | undefined)?.code,
        }),
    },

    pdf: {
      schema: { summary: 'The submitted application as a PDF', querystring: recordQuerySchema },
      send: (request, reply, type) => sendJourneyPdf(db, request, reply, type),
    },

    routes(app) {
      app.get(
        '/journeys',
        {
          schema: {
            tags: ['journeys'],
            summary: 'The member’s journeys started and not sent, with the page each has reached',
            response: { 200: z.object({ journeys: z.array(journeyInProgressSchema) }), ...errors },
          },
        },
        async (request) => {
          const definitions =
            (await findDocument<JourneyDefinition[]>(db, request.tenantUrl, 'journeys')) ?? [];
          const now = new Date();
          const found: JourneyInProgress[] = [];
          for (const definition of definitions) {
            const row = await findJourney(db, memberOf(request), definition.type);
            if (!row || isClosed(row)) continue;
            const graph = await owner.graphOf(request, definition.type);
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
          return { journeys: found };
        },
      );

      app.get(
        '/journeys/cancelled',
        {
          schema: {
            tags: ['journeys'],
            summary:
              'The member’s cancelled journeys, kept as history: the latest 20 cancelled, newest first, of the journeys the tenant still has',
            response: { 200: z.object({ journeys: z.array(journeyCancelledSchema) }), ...errors },
          },
        },
        async (request) => {
          const definitions =
            (await findDocument<JourneyDefinition[]>(db, request.tenantUrl, 'journeys')) ?? [];
          const titles = new Map(definitions.map((definition) => [definition.type, definition.title]));
          const rows = await cancelledJourneysOf(db, memberOf(request), 20);
          return {
            journeys: rows.flatMap((row) => {
              const title = titles.get(row.type);
              return title && row.closedAt
                ? [
                    {
                      type: row.type,
                      title,
                      startDate: row.startedAt.toISOString(),
                      cancelledDate: row.closedAt.toISOString(),
                    },
                  ]
                : [];
            }),
          };
        },
      );

      // Routes an area answers for every member journey (My details: a journey's bank account's code).
      addMemberJourneyRoutes(app, { db, owner });
    },
  };
  return owner;
}
