import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import {
  errorBodySchema,
  journeyIntegritySchema,
  journeyNextPageSchema,
  journeyPageParamsSchema,
  journeyPreviousStepSchema,
  journeyQuestionFormSchema,
  journeyQuestionStepRequestSchema,
  journeyStateSchema,
  journeyStepRequestSchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
  journeyCopyOf,
  kindOf,
  type JourneyState,
  type JourneyStep,
} from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { visitorJourneys } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { queueEmail } from '../../lib/outbox';
import { displayDate } from '../../lib/display';
import { renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { clearRuledCookie, setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { newVisitorToken } from '../../lib/visitor-tokens';
import { ACCESS_TOKEN_COOKIE } from '../../plugins/member-auth';
import { answerLines } from './answers';
import { journeyDefinitionViewOf, journeyDefinitionViewSchema } from './definition-view';
import { assertComplete, integrityRedirect, previousPageOf, routeOf, submitStep } from './engine';
import type { JourneyGraph } from './graph';
import { loadJourneyGraph } from './repository';
import {
  keepVisitorJourneyAlive,
  openVisitorJourney,
  requireVisitorJourney,
  saveVisitorSteps,
  visitorStepsOf,
  type VisitorJourneyRow,
} from './visitor-store';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['visitor journeys'];
/** Where the visitor API is mounted: the token's cookie is scoped to one journey's path under it. */
export const VISITOR_API_PREFIX = '/api/visitor';
const VISITOR_TOKEN_COOKIE = 'visitorJourney';
const cookieFor = (type: string): CookieRule => ({
  name: VISITOR_TOKEN_COOKIE,
  path: `${VISITOR_API_PREFIX}/journeys/${type}`,
  httpOnly: true,
});
const expirySchema = z.object({ expiresAt: z.string() });

/** A visitor journey of the site: 404 for a type the site lacks or one that is for members. */
async function visitorGraph(db: Database, request: FastifyRequest, type: string) {
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  if (graph.definition.audience !== 'visitor')
    throw notFound('journey_type_not_found', `This site has no ${type} form for visitors.`);
  return graph;
}

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

const emptyContact = { fullName: '', emailAddress: null, phone: null, address: null };

function visitorStateOf(graph: JourneyGraph, row: VisitorJourneyRow, now: Date): JourneyState {
  const status = row.status === 'Started' && row.expiresAt <= now ? 'Expired' : row.status;
  const { path, frontier } = routeOf(graph, visitorStepsOf(row));
  return {
    type: row.type,
    status,
    startDate: row.startedAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    aboutToExpire: false,
    submissionDate: row.submittedAt?.toISOString() ?? null,
    caseNumber: row.caseNumber,
    currentPageKey: status === 'Submitted' ? graph.definition.confirmationPage : frontier,
    choice: null,
    contact: emptyContact,
    identity: { status: 'not_started', documentName: null },
    steps: path,
  };
}

/**
 * The journey engine for visitors (`audience: "visitor"` journeys), with no sign-in: start gives a
 * short-lived token in an httpOnly cookie scoped to that journey's path; every other call needs it.
 * Stored apart from members' journeys (portal.visitor_journeys); a submission opens no member case.
 */
export const visitorJourneyRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const minutes = config.VISITOR_JOURNEY_MINUTES;
  app.addHook('onRequest', async (request) => refuseMemberSession(request));

  const tokenOf = (request: FastifyRequest) => request.cookies[VISITOR_TOKEN_COOKIE];
  const current = (request: FastifyRequest, type: string, lock = false, db_: Database | Transaction = db) =>
    requireVisitorJourney(db_, tokenOf(request), { tenantUrl: request.tenantUrl, type }, new Date(), lock);
  const openRow = async (tx: Transaction, request: FastifyRequest, type: string) => {
    const row = await current(request, type, true, tx);
    if (row.status === 'Submitted') throw badRequest('journey_submitted', 'This has been sent already.');
    if (row.status !== 'Started') throw notFound('journey_not_found', 'Start again from the first page.');
    return row;
  };

  app.post(
    '/journeys/:journeyType/start',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: `Start a visitor journey without signing in: a token valid for ${minutes} minutes (each step and keep-alive extends it) in an httpOnly cookie scoped to this journey`,
        params: journeyTypeParamsSchema,
        response: { 200: expirySchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { journeyType } = request.params;
      await visitorGraph(db, request, journeyType);
      const token = newVisitorToken();
      const expiresAt = new Date(Date.now() + minutes * 60_000);
      await openVisitorJourney(db, { tenantUrl: request.tenantUrl, type: journeyType, token, expiresAt });
      setRuledCookie(reply, cookieFor(journeyType), token);
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/journeys/:journeyType/keep-alive',
    {
      schema: {
        tags,
        summary: `Keep the visitor's journey for another ${minutes} minutes`,
        params: journeyTypeParamsSchema,
        response: { 200: expirySchema, ...errors },
      },
    },
    async (request) => {
      const row = await current(request, request.params.journeyType);
      return { expiresAt: (await keepVisitorJourneyAlive(db, row, new Date(), minutes)).toISOString() };
    },
  );

  app.get(
    '/journeys/:journeyType/definition',
    {
      schema: {
        tags,
        summary: 'A visitor journey’s stages and pages from content (no token needed)',
        params: journeyTypeParamsSchema,
        response: { 200: journeyDefinitionViewSchema, ...errors },
      },
    },
    async (request) => journeyDefinitionViewOf(await visitorGraph(db, request, request.params.journeyType)),
  );

  app.get(
    '/journeys/:journeyType/data',
    {
      schema: {
        tags,
        summary: 'The visitor’s journey: status, expiry, where they are and their answers',
        params: journeyTypeParamsSchema,
        response: { 200: journeyStateSchema, ...errors },
      },
    },
    async (request) => {
      const row = await current(request, request.params.journeyType);
      return visitorStateOf(await visitorGraph(db, request, row.type), row, new Date());
    },
  );

  const leavePage = async (
    request: FastifyRequest,
    type: string,
    body: {
      currentPageKey: string;
      nextPageKey?: string;
      questionKey?: string;
      answerKey?: string;
      answerValue?: string;
    },
  ) => {
    const graph = await visitorGraph(db, request, type);
    return db.transaction(async (tx) => {
      const row = await openRow(tx, request, type);
      const now = new Date();
      const result = submitStep(graph, visitorStepsOf(row), {
        pageKey: body.currentPageKey,
        expectedNext: body.nextPageKey,
        answer: body.questionKey
          ? { questionKey: body.questionKey, answerKey: body.answerKey!, answerValue: body.answerValue }
          : undefined,
        today: utcDay(now),
        now: now.toISOString(),
      });
      await saveVisitorSteps(tx, row, result.steps, now, minutes);
      return { nextPageKey: result.nextPageKey };
    });
  };

  app.post(
    '/journeys/:journeyType/submit-step',
    {
      schema: {
        tags,
        summary: 'Leave a page that asks no question; answers where it leads',
        params: journeyTypeParamsSchema,
        body: journeyStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => leavePage(request, request.params.journeyType, request.body),
  );

  app.post(
    '/journeys/:journeyType/submit-question-step',
    {
      schema: {
        tags,
        summary: 'Answer a page’s question',
        params: journeyTypeParamsSchema,
        body: journeyQuestionStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => leavePage(request, request.params.journeyType, request.body),
  );

  app.get(
    '/journeys/:journeyType/previous-step/:pageKey',
    {
      schema: {
        tags,
        summary: 'The page before this one on the visitor’s path (for the back link)',
        params: journeyPageParamsSchema,
        response: { 200: journeyPreviousStepSchema, ...errors },
      },
    },
    async (request) => {
      const { journeyType, pageKey } = request.params;
      const row = await current(request, journeyType);
      const graph = await visitorGraph(db, request, journeyType);
      return { previousPageKey: previousPageOf(graph, visitorStepsOf(row), pageKey) };
    },
  );

  app.get(
    '/journeys/:journeyType/integrity/:pageKey',
    {
      schema: {
        tags,
        summary: 'Where the visitor should be: this page if they may be on it, else the page they reached',
        params: journeyPageParamsSchema,
        response: { 200: journeyIntegritySchema, ...errors },
      },
    },
    async (request) => {
      const { journeyType, pageKey } = request.params;
      const row = await current(request, journeyType);
      const graph = await visitorGraph(db, request, journeyType);
      if (row.status === 'Submitted') return { redirectStepPageKey: graph.definition.confirmationPage };
      return { redirectStepPageKey: integrityRedirect(graph, visitorStepsOf(row), pageKey) };
    },
  );

  app.get(
    '/journeys/:journeyType/question-form/:pageKey',
    {
      schema: {
        tags,
        summary: 'The answer given on a page, to fill its form again',
        params: journeyPageParamsSchema,
        response: { 200: journeyQuestionFormSchema, ...errors },
      },
    },
    async (request) => {
      const row = await current(request, request.params.journeyType);
      const answer = visitorStepsOf(row).find((step) => step.pageKey === request.params.pageKey)?.answer;
      return {
        questionKey: answer?.questionKey ?? null,
        answerKey: answer?.answerKey ?? null,
        answerValue: answer?.answerValue ?? null,
      };
    },
  );

  app.post(
    '/journeys/:journeyType/submit',
    {
      schema: {
        tags,
        summary:
          'Send a completed visitor journey: a case reference from the portal’s sequence, the PDF kept with it and a confirmation to the email answer the definition names; a retry answers the same reference',
        params: journeyTypeParamsSchema,
        response: { 200: journeySubmitResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { journeyType } = request.params;
      const graph = await visitorGraph(db, request, journeyType);
      const { definition } = graph;
      return db.transaction(async (tx) => {
        const row = await current(request, journeyType, true, tx);
        if (row.status === 'Submitted')
          return { caseNumber: row.caseNumber!, submissionDate: row.submittedAt!.toISOString() };
        if (row.status !== 'Started') throw notFound('journey_not_found', 'Start again from the first page.');
        const steps = visitorStepsOf(row);
        assertComplete(graph, steps);
        const { path } = routeOf(graph, steps);
        const now = new Date();
        const [{ next }] = (await tx.execute(sql`select nextval('portal.case_numbers') as next`)).rows as [
          { next: string | number },
        ];
        const caseNumber = `${definition.caseType}-${next}`;
        const pdf = await renderApplicationPdf({
          title: journeyCopyOf(definition.copy).pdfTitle ?? definition.title,
          caseNumber,
          submittedOn: displayDate(now.toISOString()),
          sections: [
            { heading: 'Your answers', lines: answerLines(graph, path, { identity: 'not_started' }) },
          ],
        });
        await tx
          .update(visitorJourneys)
          .set({
            status: 'Submitted',
            submittedAt: now,
            updatedAt: now,
            caseNumber,
            summaryPdf: Buffer.from(pdf).toString('base64'),
          })
          .where(eq(visitorJourneys.id, row.id));
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
  );

  app.get(
    '/journeys/:journeyType/pdf/download',
    {
      schema: {
        tags,
        summary: 'The visitor’s sent form as a PDF, while their token lasts',
        params: journeyTypeParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await current(request, request.params.journeyType);
      if (!row.summaryPdf) throw notFound('pdf_not_found', 'There is no PDF until you send this.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${row.caseNumber}.pdf"`)
        .send(Buffer.from(row.summaryPdf, 'base64'));
    },
  );

  app.delete(
    '/journeys/:journeyType/delete',
    {
      schema: {
        tags,
        summary: 'Cancel the visitor’s unsent journey: kept as Cancelled, and the token forgotten',
        params: journeyTypeParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { journeyType } = request.params;
      await db.transaction(async (tx) => {
        const row = await openRow(tx, request, journeyType);
        const now = new Date();
        await tx
          .update(visitorJourneys)
          .set({ status: 'Cancelled', closedAt: now, updatedAt: now })
          .where(eq(visitorJourneys.id, row.id));
      });
      clearRuledCookie(reply, cookieFor(journeyType));
      return reply.code(204).send(null);
    },
  );
};
