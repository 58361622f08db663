import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorBodySchema,
  journeyCheckboxesParamsSchema,
  journeyCheckboxesRequestSchema,
  journeyCheckboxesSchema,
  journeyChoiceSchema,
  journeyIntegritySchema,
  journeyNextPageSchema,
  journeyPageParamsSchema,
  journeyPreviousStepSchema,
  journeyQuestionFormSchema,
  journeyQuestionStepRequestSchema,
  journeyStateSchema,
  journeyStepDataParamsSchema,
  journeyStepDataRequestSchema,
  journeyStepDataSchema,
  journeyStepRequestSchema,
  journeyTypeParamsSchema,
  pageJourneySchema,
  type JourneyChoice,
} from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberJourneys } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { eq } from 'drizzle-orm';
import { findMember } from '../member-data/member-repository';
import { frontierOf, integrityRedirect, previousPageOf, submitStep, updatePageData } from './engine';
import {
  loadJourneyGraph,
  requireJourney,
  requireOpenJourney,
  saveSteps,
  statusOf,
  stepsOf,
  type MemberRecord,
} from './repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['journeys'];
const DAY_MS = 86_400_000;
const EXPIRY_WARNING_DAYS = 7;

const memberOf = (request: FastifyRequest): MemberRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

/**
 * The generic journey calls (`journeys/{type}/...`): every transition is checked against the
 * journey's pages in content, so a client cannot skip a page, a question or a declaration.
 */
export const journeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);
  const graphFor = (request: FastifyRequest, type: string) => loadJourneyGraph(db, request.tenantUrl, type);

  /** Runs a change to the member's open journey in one transaction, with the row locked. */
  const changeSteps = async (
    request: FastifyRequest,
    type: string,
    change: (steps: ReturnType<typeof stepsOf>, now: Date) => ReturnType<typeof stepsOf>,
  ) => {
    const now = new Date();
    await db.transaction(async (tx) => {
      const row = await requireOpenJourney(tx, memberOf(request), type, now);
      await saveSteps(tx, row, change(stepsOf(row), now), now);
    });
  };

  app.get(
    '/journeys/:journeyType/definition',
    {
      schema: {
        tags,
        summary: 'A journey’s stages and pages (questions, answers, declarations) from content',
        params: journeyTypeParamsSchema,
        response: {
          200: z.object({
            type: z.string(),
            title: z.string(),
            firstPage: z.string(),
            summaryPage: z.string(),
            contactPage: z.string().nullable(),
            confirmationPage: z.string(),
            exitPage: z.string().nullable(),
            stages: z.array(z.object({ key: z.string(), label: z.string() })),
            pages: z.array(
              pageJourneySchema.extend({ key: z.string(), slug: z.string(), title: z.string() }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { definition, pages } = await graphFor(request, request.params.journeyType);
      return {
        type: definition.type,
        title: definition.title,
        firstPage: definition.firstPage,
        summaryPage: definition.summaryPage,
        contactPage: definition.contactPage ?? null,
        confirmationPage: definition.confirmationPage,
        exitPage: definition.exitPage ?? null,
        stages: definition.stages,
        pages: [...pages].map(([key, page]) => ({ ...page, key })),
      };
    },
  );

  app.get(
    '/journeys/:journeyType/data',
    {
      schema: {
        tags,
        summary: 'The member’s journey: status, expiry, where they are, answers and step data',
        params: journeyTypeParamsSchema,
        response: { 200: journeyStateSchema, ...errors },
      },
    },
    async (request) => {
      const type = request.params.journeyType;
      const graph = await graphFor(request, type);
      const row = await requireJourney(db, memberOf(request), type);
      const found = await findMember(db, row.businessGroup, row.referenceNumber);
      const now = new Date();
      const status = statusOf(row, now);
      const steps = stepsOf(row);
      return {
        type,
        status,
        startDate: row.startedAt.toISOString(),
        expirationDate: row.expiresAt.toISOString(),
        aboutToExpire:
          status === 'Started' && row.expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS,
        submissionDate: row.submittedAt?.toISOString() ?? null,
        caseNumber: row.caseNumber,
        currentPageKey: status === 'Submitted' ? graph.definition.confirmationPage : frontierOf(graph, steps),
        choice: row.choice ? journeyChoiceSchema.parse(row.choice as JourneyChoice) : null,
        contact: {
          fullName: found
            ? [found.member.title, found.member.forenames, found.member.surname].filter(Boolean).join(' ')
            : '',
          emailAddress: found?.member.email ?? null,
          phone: found?.member.mobilePhone ?? null,
        },
        steps,
      };
    },
  );

  const stepSubmitted = async (
    request: FastifyRequest,
    type: string,
    body: z.infer<typeof journeyStepRequestSchema> &
      Partial<z.infer<typeof journeyQuestionStepRequestSchema>>,
  ) => {
    const graph = await graphFor(request, type);
    let nextPageKey: string | null = null;
    await changeSteps(request, type, (steps, now) => {
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
    async (request) => stepSubmitted(request, request.params.journeyType, request.body),
  );

  app.post(
    '/journeys/:journeyType/submit-question-step',
    {
      schema: {
        tags,
        summary: 'Answer a page’s question; an answer that changes the route drops the later pages',
        params: journeyTypeParamsSchema,
        body: journeyQuestionStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => stepSubmitted(request, request.params.journeyType, request.body),
  );

  app.get(
    '/journeys/:journeyType/previous-step/:pageKey',
    {
      schema: {
        tags,
        summary: 'The page before this one on the member’s path (for the back link)',
        params: journeyPageParamsSchema,
        response: { 200: journeyPreviousStepSchema, ...errors },
      },
    },
    async (request) => {
      const row = await requireJourney(db, memberOf(request), request.params.journeyType);
      return { previousPageKey: previousPageOf(stepsOf(row), request.params.pageKey) };
    },
  );

  app.get(
    '/journeys/:journeyType/integrity/:pageKey',
    {
      schema: {
        tags,
        summary: 'Where the member should be: this page if they may be on it, else the page they reached',
        params: journeyPageParamsSchema,
        response: { 200: journeyIntegritySchema, ...errors },
      },
    },
    async (request) => {
      const type = request.params.journeyType;
      const graph = await graphFor(request, type);
      const row = await requireJourney(db, memberOf(request), type);
      if (statusOf(row, new Date()) === 'Submitted')
        return { redirectStepPageKey: graph.definition.confirmationPage };
      return { redirectStepPageKey: integrityRedirect(graph, stepsOf(row), request.params.pageKey) };
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
      const row = await requireJourney(db, memberOf(request), request.params.journeyType);
      const answer = stepsOf(row).find((step) => step.pageKey === request.params.pageKey)?.answer;
      return {
        questionKey: answer?.questionKey ?? null,
        answerKey: answer?.answerKey ?? null,
        answerValue: answer?.answerValue ?? null,
      };
    },
  );

  app.post(
    '/journeys/:journeyType/page/:pageKey/stepData/:formKey',
    {
      schema: {
        tags,
        summary: 'Save a form’s data (JSON) on a page the member may be on',
        params: journeyStepDataParamsSchema,
        body: journeyStepDataRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { journeyType, pageKey, formKey } = request.params;
      let data: unknown;
      try {
        data = JSON.parse(request.body.genericDataJson);
      } catch {
        throw badRequest('invalid_json', 'genericDataJson is not JSON.');
      }
      const graph = await graphFor(request, journeyType);
      await changeSteps(request, journeyType, (steps, now) =>
        updatePageData(graph, steps, pageKey, now.toISOString(), (step) => ({
          ...step,
          stepData: { ...step.stepData, [formKey]: data },
        })),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/journeys/:journeyType/page/:pageKey/stepData/:formKey',
    {
      schema: {
        tags,
        summary: 'A form’s data saved on a page',
        params: journeyStepDataParamsSchema,
        response: { 200: journeyStepDataSchema, ...errors },
      },
    },
    async (request) => {
      const { journeyType, pageKey, formKey } = request.params;
      const row = await requireJourney(db, memberOf(request), journeyType);
      const data = stepsOf(row).find((step) => step.pageKey === pageKey)?.stepData[formKey];
      return { formKey, genericDataJson: data === undefined ? null : JSON.stringify(data) };
    },
  );

  app.post(
    '/journeys/:journeyType/page/:pageKey/checkboxesLists',
    {
      schema: {
        tags,
        summary: 'Save a page’s checkbox list (declarations); only the boxes the page has',
        params: journeyPageParamsSchema,
        body: journeyCheckboxesRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { journeyType, pageKey } = request.params;
      const { checkboxesListKey, checkboxes } = request.body;
      const graph = await graphFor(request, journeyType);
      await changeSteps(request, journeyType, (steps, now) =>
        updatePageData(graph, steps, pageKey, now.toISOString(), (step, page) => {
          const list = page.checkboxes;
          if (list?.key !== checkboxesListKey)
            throw badRequest('checkbox_list_not_on_page', 'This page has no such list of checkboxes.');
          if (checkboxes.some((box) => !list.items.some((item) => item.key === box.key)))
            throw badRequest('checkbox_not_on_page', 'A checkbox is not one this page offers.');
          return { ...step, checkboxesLists: { ...step.checkboxesLists, [checkboxesListKey]: checkboxes } };
        }),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/journeys/:journeyType/page/:pageKey/checkboxesLists/:checkboxesListKey',
    {
      schema: {
        tags,
        summary: 'A page’s saved checkbox list',
        params: journeyCheckboxesParamsSchema,
        response: { 200: journeyCheckboxesSchema, ...errors },
      },
    },
    async (request) => {
      const { journeyType, pageKey, checkboxesListKey } = request.params;
      const row = await requireJourney(db, memberOf(request), journeyType);
      const step = stepsOf(row).find((candidate) => candidate.pageKey === pageKey);
      return { checkboxesListKey, checkboxes: step?.checkboxesLists[checkboxesListKey] ?? [] };
    },
  );

  app.delete(
    '/journeys/:journeyType/delete',
    {
      schema: {
        tags,
        summary: 'Abandon an unsubmitted journey and its answers',
        params: journeyTypeParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await requireJourney(db, memberOf(request), request.params.journeyType);
      if (row.status === 'Submitted')
        throw badRequest('journey_submitted', 'A submitted application cannot be deleted.');
      await db.delete(memberJourneys).where(eq(memberJourneys.id, row.id));
      return reply.code(204).send(null);
    },
  );
};
