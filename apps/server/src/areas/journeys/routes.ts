import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  journeySubmitResponseSchema,
  journeyCheckboxesParamsSchema,
  journeyCheckboxesRequestSchema,
  journeyCheckboxesSchema,
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
import type { CalculationProvider } from '@meridian/pensions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, badRequest, errorResponses } from '../../lib/errors';
import { journeyDefinitionViewOf, journeyDefinitionViewSchema } from './definition-view';
import { checkboxListOf, pageOf, updatePageData } from './engine';
import {
  cancelJourney,
  changeSteps,
  integrityOf,
  journeyStateOf,
  previousStepOf,
  questionFormOf,
  startJourney,
  stepSubmitted,
} from './actions';
import type { JourneyOwner } from './owner';
import { stepsOf } from './repository';

const errors = errorResponses(400, 401, 403, 404, 409);

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
 * The journey calls (`journeys/{type}/...`), built for one owner and mounted once per owner: members
 * on `/mdp-api/api`, visitors on `/api/visitor` (see owner.ts). Every transition is checked against the
 * journey's pages in content, so a client cannot skip a page, a question or a declaration.
 */
export const journeyRoutesFor =
  (
    owner: JourneyOwner,
  ): FastifyPluginAsyncZod<{ db: Database; config: Config; calculations: CalculationProvider }> =>
  async (app, { db, config, calculations }) => {
    owner.guard(app);
    const tags = [owner.tag];
    const who = owner.who;
    const { start, submit, pdf } = owner;

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
      async (request) =>
        journeyDefinitionViewOf(await owner.graphOf(request, request.params.journeyType, 'view')),
    );

    app.post(
      '/journeys/:journeyType/start',
      {
        ...(start.schema.config && { config: start.schema.config }),
        schema: {
          tags,
          summary:
            start.schema.summary ??
            'Start a journey at its first page: a new one after a submitted, cancelled or ended one (kept as history); 409 journey_in_progress while one is open',
          params: journeyTypeParamsSchema,
          ...(start.schema.body && { body: start.schema.body }),
          response: { ...errors, ...start.schema.response },
        },
      },
      async (request, reply) => {
        const { journeyType } = request.params;
        const graph = await owner.graphOf(request, journeyType, 'start');
        const firstPage = (request.body as { currentPageKey?: string } | undefined)?.currentPageKey;
        if (firstPage !== undefined && firstPage !== graph.definition.firstPage)
          throw badRequest('not_first_page', `This journey starts at ${graph.definition.firstPage}.`);
        const answer = await startJourney(db, calculations, owner, request, graph, request.body);
        return answer(reply);
      },
    );

    app.get(
      '/journeys/:journeyType/data',
      {
        schema: {
          tags,
          summary: `The ${who}’s journey: status, expiry, where they are, answers and step data`,
          params: journeyTypeParamsSchema,
          response: { 200: journeyStateSchema, ...errors },
        },
      },
      async (request) => journeyStateOf(db, owner, request, request.params.journeyType),
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
      async (request, reply) =>
        stepSubmitted(db, owner, request, request.params.journeyType, request.body, reply),
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
      async (request, reply) =>
        stepSubmitted(db, owner, request, request.params.journeyType, request.body, reply),
    );

    app.get(
      '/journeys/:journeyType/previous-step/:pageKey',
      {
        schema: {
          tags,
          summary: `The page before this one on the ${who}’s path (for the back link)`,
          params: journeyPageParamsSchema,
          response: { 200: journeyPreviousStepSchema, ...errors },
        },
      },
      async (request) =>
        previousStepOf(db, owner, request, request.params.journeyType, request.params.pageKey),
    );

    app.get(
      '/journeys/:journeyType/integrity/:pageKey',
      {
        schema: {
          tags,
          summary: `Where the ${who} should be: this page if they may be on it, else the page they reached`,
          params: journeyPageParamsSchema,
          response: { 200: journeyIntegritySchema, ...errors },
        },
      },
      async (request) => integrityOf(db, owner, request, request.params.journeyType, request.params.pageKey),
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
      async (request) =>
        questionFormOf(db, owner, request, request.params.journeyType, request.params.pageKey),
    );

    app.post(
      '/journeys/:journeyType/page/:pageKey/stepData/:formKey',
      {
        schema: {
          tags,
          summary:
            'Save a form’s data (JSON) on a page the owner may be on; 413 past the page’s or the journey’s allowance',
          params: journeyStepDataParamsSchema,
          body: journeyStepDataRequestSchema,
          response: { 204: z.null(), ...errors, ...errorResponses(413) },
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
        const graph = await owner.graphOf(request, journeyType);
        pageOf(graph, pageKey);
        await changeSteps(db, owner, request, graph, (steps, now, owned) => {
          const changed = updatePageData(owned, steps, pageKey, now.toISOString(), (step) => ({
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
        pageOf(await owner.graphOf(request, journeyType), pageKey);
        const row = await owner.journeyOf(db, request, journeyType);
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
        const graph = await owner.graphOf(request, journeyType);
        const list = checkboxListOf(graph, pageKey, checkboxesListKey);
        await changeSteps(db, owner, request, graph, (steps, now, owned) =>
          updatePageData(owned, steps, pageKey, now.toISOString(), (step) => {
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
        checkboxListOf(await owner.graphOf(request, journeyType), pageKey, checkboxesListKey);
        const row = await owner.journeyOf(db, request, journeyType);
        const step = stepsOf(row).find((candidate) => candidate.pageKey === pageKey);
        return { checkboxesListKey, checkboxes: step?.checkboxesLists[checkboxesListKey] ?? [] };
      },
    );

    app.post(
      '/journeys/:journeyType/submit',
      {
        schema: {
          tags,
          summary: submit.schema.summary,
          params: journeyTypeParamsSchema,
          ...(submit.schema.headers && { headers: submit.schema.headers }),
          ...(submit.schema.body && { body: submit.schema.body }),
          response: { 200: journeySubmitResponseSchema, ...errors, ...submit.schema.response },
        },
      },
      async (request) => submit.send(request, request.params.journeyType),
    );

    app.get(
      '/journeys/:journeyType/pdf/download',
      {
        schema: {
          tags,
          summary: pdf.schema.summary,
          params: journeyTypeParamsSchema,
          ...(pdf.schema.querystring && { querystring: pdf.schema.querystring }),
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => pdf.send(request, reply, request.params.journeyType),
    );

    app.delete(
      '/journeys/:journeyType/delete',
      {
        schema: {
          tags,
          summary:
            'Cancel an unsubmitted journey: kept as Cancelled (history), with what its plugin forgets with it',
          params: journeyTypeParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await cancelJourney(db, owner, request, request.params.journeyType);
        owner.cancelled?.(reply, request.params.journeyType);
        return reply.code(204).send(null);
      },
    );

    owner.routes?.(app);
  };
