import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import {
  cancelJourney,
  integrityOf,
  journeyStateOf,
  previousStepOf,
  questionFormOf,
  stepSubmitted,
} from '../journeys/actions';
import type { JourneyOwner } from '../journeys/owner';
import { retirementJourneyType } from './application';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['journeys'];
const pageParams = journeyPageParamsSchema.pick({ pageKey: true });

/**
 * The retirement application under the names the existing portal used (`retirement-journey/...`): each
 * is the generic journey call for the tenant's journey that starts from a retirement quote.
 */
export const retirementJourneyRoutes: FastifyPluginAsyncZod<{ db: Database; members: JourneyOwner }> = async (
  app,
  { db, members },
) => {
  app.addHook('preHandler', app.requireMember);
  const typeFor = (request: { tenantUrl: string }) => retirementJourneyType(db, request.tenantUrl);

  app.get(
    '/retirement-journey/retirement-application',
    {
      schema: {
        tags,
        summary: 'The member’s retirement application: status, expiry, chosen quote, answers',
        response: { 200: journeyStateSchema, ...errors },
      },
    },
    async (request) => journeyStateOf(db, members, request, await typeFor(request)),
  );

  app.post(
    '/retirement-journey/submit-step',
    {
      schema: {
        tags,
        summary: 'Leave a page of the retirement application that asks no question',
        body: journeyStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => stepSubmitted(db, members, request, await typeFor(request), request.body),
  );

  app.post(
    '/retirement-journey/submit-question-step',
    {
      schema: {
        tags,
        summary: 'Answer a page of the retirement application',
        body: journeyQuestionStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => stepSubmitted(db, members, request, await typeFor(request), request.body),
  );

  app.get(
    '/retirement-journey/previous-step/:pageKey',
    {
      schema: {
        tags,
        summary: 'The retirement application’s page before this one (the back link)',
        params: pageParams,
        response: { 200: journeyPreviousStepSchema, ...errors },
      },
    },
    async (request) => previousStepOf(db, members, request, await typeFor(request), request.params.pageKey),
  );

  app.get(
    '/retirement-journey/integrity/:pageKey',
    {
      schema: {
        tags,
        summary: 'Where the member should be in the retirement application',
        params: pageParams,
        response: { 200: journeyIntegritySchema, ...errors },
      },
    },
    async (request) => integrityOf(db, members, request, await typeFor(request), request.params.pageKey),
  );

  app.get(
    '/retirement-journey/question-form/:pageKey',
    {
      schema: {
        tags,
        summary: 'The answer given on a page of the retirement application',
        params: pageParams,
        response: { 200: journeyQuestionFormSchema, ...errors },
      },
    },
    async (request) => questionFormOf(db, members, request, await typeFor(request), request.params.pageKey),
  );

  app.delete(
    '/retirement-journey',
    {
      schema: {
        tags,
        summary: 'Abandon an unsubmitted retirement application',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelJourney(db, members, request, await typeFor(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v2/retirement-journey/submit',
    {
      schema: {
        tags,
        summary: 'Submit the retirement application (idempotent: a retry answers the same case)',
        response: { 200: journeySubmitResponseSchema, ...errors },
      },
    },
    async (request) => members.submit.send(request, await typeFor(request)),
  );

  app.get(
    '/retirement-journey/download/summary-pdf',
    {
      schema: {
        tags,
        summary: 'The submitted retirement application as a PDF',
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => members.pdf.send(request, reply, await typeFor(request)),
  );
};
