import type { FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { eq } from 'drizzle-orm';
import {
  aboutToTimeOut,
  journeyCopyOf,
  journeyTypeParamsSchema,
  kindOf,
  type JourneyAudience,
  type JourneyStep,
  VISITOR_WARNING_SECONDS,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { tenants } from '../../db/schema';
import { AppError, badRequest, errorResponses, notFound } from '../../lib/errors';
import { queueEmail } from '../../lib/outbox';
import { displayDate } from '../../lib/display';
import { renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { clearRuledCookie, setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { hashOfVisitorToken, newVisitorToken } from '../../lib/visitor-tokens';
import { ACCESS_TOKEN_COOKIE } from '../../plugins/member-auth';
import { caseInboxOf, tellCaseInbox } from '../cases/case-inbox';
import { openCase } from '../cases/open-case';
import { ownedGraph } from './actions';
import { answerLines } from './answers';
import { assertComplete, routeOf } from './engine';
import type { JourneyGraph } from './graph';
import type { JourneyOwner, RoutesApp, UploadCheck } from './owner';
import { pluginOf, runSubmitChecks } from './plugins';
import { loadJourneyGraph, statusOf, stepsOf, type Queryable } from './repository';
import {
  keepVisitorJourneyAlive,
  portalVisitorStore,
  refuseExtendingSent,
  registerVisitorStore,
  requireVisitorJourney,
  SENT_VISITOR_JOURNEY_MINUTES,
  sentJourneyExpiry,
  type VisitorJourneyStore,
} from './visitor-store';

/** Where the visitor API is mounted: the token's cookie is scoped to one journey's path under it. */
export const VISITOR_API_PREFIX = '/api/visitor';
const VISITOR_TOKEN_COOKIE = 'visitorJourney';
const expirySchema = z.object({ expiresAt: z.string() });
/** The visitor's token, from the cookie scoped to their journey's path. */
export const visitorTokenOf = (request: FastifyRequest) => request.cookies[VISITOR_TOKEN_COOKIE];

/** A signed-in member walks journeys for their record on the member API, never as a visitor. */
function refuseMemberSession(request: FastifyRequest) {
  const bearer = request.headers.authorization?.startsWith('Bearer ');
  if (bearer || request.cookies[ACCESS_TOKEN_COOKIE])
    throw new AppError(
      401,
      'member_session_on_visitor_api',
      'You are signed in: use this form from your account, or sign out first.',
    );
}

/** The answer to the definition's `confirmationEmailTo` question, when it reads as an email address. */
function confirmationAddressOf(graph: JourneyGraph, path: readonly JourneyStep[]) {
  const key = graph.definition.confirmationEmailTo;
  const step = key ? path.find((candidate) => candidate.answer?.questionKey === key) : undefined;
  const question = step && graph.pages.get(step.pageKey)?.question;
  if (!step?.answer || !question) return null;
  const address = kindOf(question.kind).display(question, step.answer).trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : null;
}

/**
 * Who sent a visitor's journey, as staff read its case: the definition's `sentBy` answer by the name
 * its kind gives (a person's `personName`), or as shown (an email address), "(not signed in)".
 */
export function visitorSenderOf(graph: JourneyGraph | null, path: readonly JourneyStep[]) {
  const key = graph?.definition.sentBy;
  const step = key ? path.find((candidate) => candidate.answer?.questionKey === key) : undefined;
  const question = step && graph?.pages.get(step.pageKey)?.question;
  const kind = question && kindOf(question.kind);
  const answer = step?.answer;
  const sender =
    kind && answer ? (kind.personName?.(question, answer) ?? kind.display(question, answer)).trim() : '';
  return `${sender || 'a visitor'} (not signed in)`;
}

/** A kind of visitor journey other than the callback's: its own store, API, minutes and gate. */
export interface VisitorKind {
  /**
   * The audience whose journeys it walks, as their definitions name it: any but a member's, or the
   * portal's own visitors' (this owner without a kind).
   */
  audience: Exclude<JourneyAudience, 'member' | 'visitor'>;
  tag: string;
  /** Where its API is mounted (its token's cookie is scoped under it). */
  prefix: string;
  /**
   * Where its token's cookie is sent, when wider than each journey's own path under `prefix` (a
   * report's: its whole API, for the spec's top-level token calls). Never wider than `prefix`.
   */
  tokenPath?: string;
  store: VisitorJourneyStore;
  minutes: number;
  /** How long before its token ends `aboutToExpire` is true (the web's dialog opens), in seconds. */
  warningSeconds: number;
  /** How long this journey lives from a step or keep-alive, when it is longer than `minutes` (proven). */
  minutesFor?(db: Queryable, journeyId: string): Promise<number>;
  /** `minutesFor` in the API's words, when it differs from `minutes` ("15 minutes, or 60 once ..."). */
  minutesSaid?: string;
  /** What a start must carry (a solved captcha), checked in the start's transaction before it opens. */
  admit: { body: ZodType; check(tx: Transaction, request: FastifyRequest): Promise<void> };
  /**
   * Whether the upload an answer names is one of the journey's own (a report's documents): a visitor
   * journey without this has no uploads, and the file kind's check refuses any it names.
   */
  holdsUpload?(check: UploadCheck): Promise<boolean>;
  /** Routes only this kind has (the reporter's email proof, documents, the token's exchange). */
  routes?(app: RoutesApp, owner: JourneyOwner, tokens: VisitorTokens): void;
  /** After a page is left and saved: may give the journey a new token in that answer. */
  stepped?(
    request: FastifyRequest,
    reply: FastifyReply,
    journey: { id: string; type: string; status: string },
    tokens: VisitorTokens,
  ): Promise<void>;
  /**
   * A signed-in member may walk it too, as anyone would (a member reporting a relative's death): their
   * session is neither needed nor read, and opens nothing here without the journey's own token.
   */
  membersWelcome?: boolean;
}

/** What a kind's own routes may do with the visitor's token. */
export interface VisitorTokens {
  /**
   * Gives the journey a new token in its cookie, valid for `minutes`: the one the visitor held stops
   * working at once, so a token seen before a step up (the email proven) opens nothing after it.
   * Refused for a sent journey (409 `visitor_journey_sent`), whose token is never renewed.
   */
  rotate(
    q: Queryable,
    reply: FastifyReply,
    row: { id: string; type: string; status: string },
    minutes: number,
  ): Promise<Date>;
}

/**
 * Visitors' journeys (`audience: "visitor"`), walked without signing in: `start` gives a short-lived
 * token in an httpOnly cookie scoped to that journey's path, and every other call needs it. Kept in
 * `portal.visitor_journeys`, apart from members' journeys. A submission opens a case the scheme works
 * (`portal.cases`, in the tenant's first business group, with no member until staff match one). A
 * visitor has no access key, and content sync refuses a visitor journey whose pages need a member.
 * Another kind (a bereaved relative's report, `audience: "bereavement"`) is walked the same way with
 * its own store, API and start gate (areas/bereavement).
 */
export function visitorJourneyOwner({
  db,
  config,
  kind,
}: {
  db: Database;
  config: Config;
  kind?: VisitorKind;
}): JourneyOwner {
  const minutes = kind?.minutes ?? config.VISITOR_JOURNEY_MINUTES;
  const warningSeconds = kind?.warningSeconds ?? VISITOR_WARNING_SECONDS;
  const store = kind?.store ?? portalVisitorStore;
  registerVisitorStore(store);
  const audience = kind?.audience ?? 'visitor';
  const journeyCookieFor = (type: string): CookieRule => ({
    name: VISITOR_TOKEN_COOKIE,
    path: `${kind?.prefix ?? VISITOR_API_PREFIX}/journeys/${type}`,
    httpOnly: true,
  });
  const cookieFor = (type: string): CookieRule =>
    kind?.tokenPath ? { ...journeyCookieFor(type), path: kind.tokenPath } : journeyCookieFor(type);
  /**
   * Gives the visitor `token` in its cookie. With a wider `tokenPath`, first ends a cookie a browser may
   * still hold at the journey's own path (set before the path was widened): the browser would send that
   * one first there, hiding the new token.
   */
  const giveToken = (reply: FastifyReply, type: string, token: string) => {
    if (kind?.tokenPath) clearRuledCookie(reply, journeyCookieFor(type));
    setRuledCookie(reply, cookieFor(type), token);
  };
  const where = (request: FastifyRequest, type: string) => ({ tenantUrl: request.tenantUrl, type });
  const tokens: VisitorTokens = {
    async rotate(q, reply, row, lasts) {
      refuseExtendingSent(row);
      const now = new Date();
      const token = newVisitorToken();
      const expiresAt = new Date(now.getTime() + lasts * 60_000);
      await store.update(q, row.id, { tokenHash: hashOfVisitorToken(token), expiresAt, updatedAt: now });
      giveToken(reply, row.type, token);
      return expiresAt;
    },
  };

  const owner: JourneyOwner = {
    audience,
    tag: kind?.tag ?? 'visitor journeys',
    who: 'visitor',
    guard: (app) => {
      if (!kind?.membersWelcome) app.addHook('onRequest', async (request) => refuseMemberSession(request));
    },
    recordOf: () => null,

    holdsUpload: async (check) => (await kind?.holdsUpload?.(check)) ?? false,

    async graphOf(request, type) {
      const graph = await loadJourneyGraph(db, request.tenantUrl, type);
      if ((graph.definition.audience ?? 'member') !== audience)
        throw notFound('journey_type_not_found', `This site has no ${type} form for visitors.`);
      return graph;
    },

    async journeyOf(q, request, type, lock) {
      const row = await requireVisitorJourney(
        store,
        q,
        visitorTokenOf(request),
        where(request, type),
        new Date(),
        lock,
      );
      if (row.status === 'Cancelled') throw notFound('journey_not_found', 'Start again from the first page.');
      return row;
    },

    async save(q, journey, change, now) {
      // Each step keeps the visitor's journey for its minutes again.
      const lasts = change.steps ? ((await kind?.minutesFor?.(q, journey.id)) ?? minutes) : 0;
      const alive = change.steps ? { expiresAt: new Date(now.getTime() + lasts * 60_000) } : {};
      await store.update(q, journey.id, { ...change, ...alive, updatedAt: now });
    },

    // About to expire once the web's "about to time out" dialog would open (the same rule).
    detailsOf: async (_request, row, now) => ({
      aboutToExpire: statusOf(row, now) === 'Started' && aboutToTimeOut(row.expiresAt, now, warningSeconds),
      contact: { fullName: '', emailAddress: null, phone: null, address: null },
      identity: { status: 'not_started', documentName: null },
    }),

    start: {
      schema: {
        summary: `Start a visitor journey without signing in: a token valid for ${minutes} minutes (each step and keep-alive extends it) in an httpOnly cookie scoped to this journey; 409 journey_in_progress while the visitor's token names one still open`,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        ...(kind && { body: kind.admit.body }),
        response: { 200: expirySchema, ...errorResponses(429) },
      },
      /**
       * A new journey and token, keeping what its plugin locks; while the visitor's cookie names an
       * open one of this journey, refused (or locked again, keeping its answers checked again with the
       * new figures, when the plugin re-locks: `retake`). The journey lives as long as its token:
       * minutes, not the definition's days.
       */
      async open(tx, request, graph, lock) {
        await kind?.admit.check(tx, request);
        const now = new Date();
        const expiresAt = new Date(now.getTime() + minutes * 60_000);
        const answer = (token: string | null) => (reply: FastifyReply) => {
          if (token) giveToken(reply, graph.definition.type, token);
          return reply.send({ expiresAt: expiresAt.toISOString() });
        };
        const token = visitorTokenOf(request);
        const current = token ? await store.find(tx, hashOfVisitorToken(token), true) : undefined;
        if (
          current?.type === graph.definition.type &&
          current.tenantUrl === request.tenantUrl &&
          statusOf(current, now) === 'Started'
        ) {
          if (!lock.relocks) return null;
          const { choice, steps } = await lock.retake(now, stepsOf(current));
          await store.update(tx, current.id, { choice, steps, expiresAt, updatedAt: now });
          return answer(null);
        }
        const { choice } = await lock.take(now);
        const fresh = newVisitorToken();
        await store.insert(tx, {
          ...where(request, graph.definition.type),
          tokenHash: hashOfVisitorToken(fresh),
          expiresAt,
          choice,
        });
        return answer(fresh);
      },
    },

    submit: {
      schema: {
        summary:
          'Send a completed visitor journey: a case reference from the portal’s sequence, the PDF kept with it and a confirmation to the email answer the definition names; a retry answers the same reference',
      },
      async send(request, type) {
        const graph = await owner.graphOf(request, type);
        const { definition } = graph;
        const plugin = pluginOf(definition);
        const before = await owner.journeyOf(db, request, type);
        await runSubmitChecks({
          db,
          request,
          graph,
          path: routeOf(ownedGraph(graph, before), stepsOf(before)).path,
          locked: before.choice ?? null,
        });
        // Read before the transaction: PGlite has one connection, which the transaction holds.
        const inbox = await caseInboxOf(db, request.tenantUrl);
        return db.transaction(async (tx) => {
          const row = await requireVisitorJourney(
            store,
            tx,
            visitorTokenOf(request),
            where(request, type),
            new Date(),
            true,
          );
          const now = new Date();
          const status = statusOf(row, now);
          if (status === 'Submitted')
            return { caseNumber: row.caseNumber!, submissionDate: row.submittedAt!.toISOString() };
          if (status === 'Ended')
            throw badRequest('journey_ended', 'This has ended. Start again from the first page.');
          if (status !== 'Started') throw notFound('journey_not_found', 'Start again from the first page.');
          const steps = stepsOf(row);
          const owned = ownedGraph(graph, row);
          assertComplete(owned, steps);
          const { path } = routeOf(owned, steps);
          const [tenant] = await tx
            .select({ businessGroups: tenants.businessGroups })
            .from(tenants)
            .where(eq(tenants.tenantUrl, request.tenantUrl));
          // The scheme's case: its queue, deadline, dashboard, integration API and webhooks see it.
          const { caseNumber, pdf } = await openCase(
            tx,
            {
              record: {
                businessGroup: tenant?.businessGroups[0] ?? request.tenantUrl,
                referenceNumber: null,
              },
              caseType: definition.caseType,
              title: definition.title,
              journeyType: type,
              now,
            },
            (caseNumber) =>
              renderApplicationPdf({
                title: journeyCopyOf(definition.copy).pdfTitle ?? definition.title,
                caseNumber,
                submittedOn: displayDate(now.toISOString()),
                sections: [
                  ...(row.choice && plugin ? [plugin.lockedSection(row.choice, now, path)] : []),
                  { heading: 'Your answers', lines: answerLines(graph, path, { identity: 'not_started' }) },
                ],
              }),
          );
          const summaryPdf = Buffer.from(pdf).toString('base64');
          await tellCaseInbox(tx, request.log, inbox, {
            caseNumber,
            caseType: definition.caseType,
            title: definition.title,
          });
          await store.update(tx, row.id, {
            status: 'Submitted',
            submittedAt: now,
            expiresAt: sentJourneyExpiry(row.expiresAt, now),
            updatedAt: now,
            caseNumber,
            summaryPdf,
          });
          const address = confirmationAddressOf(graph, path);
          if (address) {
            const fill = (text: string) =>
              text.replaceAll('{caseNumber}', caseNumber).replaceAll('{name}', 'there');
            await queueEmail(tx, request.log, {
              to: address,
              subject: fill(definition.confirmationEmail.subject),
              body: fill(definition.confirmationEmail.body),
            });
          }
          return { caseNumber, submissionDate: now.toISOString() };
        });
      },
    },

    pdf: {
      schema: { summary: 'The visitor’s sent form as a PDF, while their token lasts' },
      async send(request, reply, type) {
        const row = await requireVisitorJourney(
          store,
          db,
          visitorTokenOf(request),
          where(request, type),
          new Date(),
        );
        if (!row.summaryPdf) throw notFound('pdf_not_found', 'There is no PDF until you send this.');
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${row.caseNumber}.pdf"`)
          .send(Buffer.from(row.summaryPdf, 'base64'));
      },
    },

    cancelled: (reply, type) => clearRuledCookie(reply, cookieFor(type)),

    ...(kind?.stepped && {
      stepped: async (request, reply, type) =>
        kind.stepped!(request, reply, await owner.journeyOf(db, request, type), tokens),
    }),

    routes(app) {
      app.post(
        '/journeys/:journeyType/keep-alive',
        {
          schema: {
            tags: [owner.tag],
            summary: `Keep the visitor's journey for another ${kind?.minutesSaid ?? `${minutes} minutes`}; 409 visitor_journey_sent once it is sent (its token then ends at most ${SENT_VISITOR_JOURNEY_MINUTES} minutes after sending)`,
            params: journeyTypeParamsSchema,
            response: {
              200: expirySchema,
              ...errorResponses(400, 401, 404, 409),
            },
          },
        },
        async (request) => {
          const row = await owner.journeyOf(db, request, request.params.journeyType);
          const lasts = (await kind?.minutesFor?.(db, row.id)) ?? minutes;
          const renewed = await keepVisitorJourneyAlive(store, db, row, new Date(), lasts);
          return { expiresAt: renewed.toISOString() };
        },
      );
      kind?.routes?.(app, owner, tokens);
    },
  };
  return owner;
}
