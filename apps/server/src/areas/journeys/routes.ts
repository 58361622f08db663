import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorBodySchema,
  journeyCheckboxesParamsSchema,
  journeyCheckboxesRequestSchema,
  journeyCheckboxesSchema,
  journeyInProgressSchema,
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
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { journeyDefinitionViewOf, journeyDefinitionViewSchema } from './definition-view';
import { checkboxListOf, pageOf, updatePageData } from './engine';
import {
  changeStepsIn,
  deleteJourney,
  integrityOf,
  journeyStateOf,
  journeysInProgress,
  memberOf,
  previousStepOf,
  questionFormOf,
  stepSubmitted,
} from './actions';
import { loadJourneyGraph, requireJourney, stepsOf } from './repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['journeys'];

/** The stored size of step data, as the database keeps it (JSON, in bytes). */
const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Refuses step data past the member's allowance (JOURNEY_STEP_DATA_PAGE_BYTES on one page,
 * JOURNEY_STEP_DATA_JOURNEY_BYTES across the journey): 413 with a code, nothing saved.
 */
function assertWithinAllowance(
  steps: ReturnType<typeof stepsOf>,
  pageKey: string,
  limits: Pick<Config, 'JOURNEY_STEP_DATA_PAGE_BYTES' | 'JOURNEY_STEP_DATA_JOURNEY_BYTES'>,
) {
  const page = steps.find((step) => step.pageKey === pageKey);
  if (page && sizeOf(page.stepData) > limits.JOURNEY_STEP_DATA_PAGE_BYTES)
    throw new AppError(
      413,
      'step_data_too_large',
      `A page can keep at most ${limits.JOURNEY_STEP_DATA_PAGE_BYTES} bytes of form data.`,
    );
  if (sizeOf(steps.map((step) => step.stepData)) > limits.JOURNEY_STEP_DATA_JOURNEY_BYTES)
    throw new AppError(
      413,
      'journey_data_too_large',
      `A journey can keep at most ${limits.JOURNEY_STEP_DATA_JOURNEY_BYTES} bytes of form data.`,
    );
}

/**
 * The generic journey calls (`journeys/{type}/...`): every transition is checked against the
 * journey's pages in content, so a client cannot skip a page, a question or a declaration.
 */
export const journeyRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addHook('preHandler', app.requireMember);
  const graphFor = (request: FastifyRequest, type: string) => loadJourneyGraph(db, request.tenantUrl, type);
  const changeSteps = changeStepsIn(db);

  app.get(
    '/journeys/:journeyType/definition',
    {
      schema: {
        tags,
        summary: 'A journey’s stages and pages (questions, answers, declarations) from content',
        params: journeyTypeParamsSchema,
        response: { 200: journeyDefinitionViewSchema, ...errors },
      },
    },
    async (request) => journeyDefinitionViewOf(await graphFor(request, request.params.journeyType)),
  );

  app.get(
    '/journeys',
    {
      schema: {
        tags,
        summary: 'The member’s journeys started and not sent, with the page each has reached',
        response: { 200: z.object({ journeys: z.array(journeyInProgressSchema) }), ...errors },
      },
    },
    async (request) => ({ journeys: await journeysInProgress(db, request) }),
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
    async (request) => journeyStateOf(db, request, request.params.journeyType),
  );

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
    async (request) => stepSubmitted(db, request, request.params.journeyType, request.body),
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
    async (request) => stepSubmitted(db, request, request.params.journeyType, request.body),
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
    async (request) => previousStepOf(db, request, request.params.journeyType, request.params.pageKey),
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
    async (request) => integrityOf(db, request, request.params.journeyType, request.params.pageKey),
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
    async (request) => questionFormOf(db, request, request.params.journeyType, request.params.pageKey),
  );

  app.post(
    '/journeys/:journeyType/page/:pageKey/stepData/:formKey',
    {
      schema: {
        tags,
        summary:
          'Save a form’s data (JSON) on a page the member may be on; 413 past the page’s or the journey’s allowance',
        params: journeyStepDataParamsSchema,
        body: journeyStepDataRequestSchema,
        response: { 204: z.null(), ...errors, 413: errorBodySchema },
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
      pageOf(graph, pageKey);
      await changeSteps(request, journeyType, (steps, now, owned) => {
        const changed = updatePageData(owned(graph), steps, pageKey, now.toISOString(), (step) => ({
          ...step,
          stepData: { ...step.stepData, [formKey]: data },
        }));
        assertWithinAllowance(changed, pageKey, config);
        return changed;
      });
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
      pageOf(await graphFor(request, journeyType), pageKey);
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
      const list = checkboxListOf(graph, pageKey, checkboxesListKey);
      await changeSteps(request, journeyType, (steps, now, owned) =>
        updatePageData(owned(graph), steps, pageKey, now.toISOString(), (step) => {
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
      checkboxListOf(await graphFor(request, journeyType), pageKey, checkboxesListKey);
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
      await deleteJourney(db, request, request.params.journeyType);
      return reply.code(204).send(null);
    },
  );
};
