import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  journeyIntegritySchema,
  journeyNextPageSchema,
  journeyPageParamsSchema,
  journeyPreviousStepSchema,
  journeyQuestionFormSchema,
  journeyQuestionStepRequestSchema,
  journeyStepRequestSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { integrityOf, previousStepOf, questionFormOf, stepSubmitted } from './actions';
import type { JourneyOwner, RoutesApp } from './owner';

const pageParams = journeyPageParamsSchema.pick({ pageKey: true });

export interface JourneyAliases {
  db: Database;
  members: JourneyOwner;
  /** Where the existing portal put this journey's calls (`/retirement-journey`, `/v2/transfer-journeys`). */
  prefix: string;
  /** The journey in the routes' summaries ("retirement application"). */
  noun: string;
  /** The tenant's journey type of this kind (the one that starts from a retirement or transfer quote). */
  typeFor(request: FastifyRequest): Promise<string>;
  tags: string[];
  errors: Record<number, ZodType>;
}

/**
 * A member journey's page calls under the names the existing portal gave one kind of journey: each is the
 * generic call (actions.ts) for the tenant's journey of that kind.
 */
export function journeyPageAliases(
  app: RoutesApp,
  { db, members, prefix, noun, typeFor, tags, errors }: JourneyAliases,
) {
  app.post(
    `${prefix}/submit-step`,
    {
      schema: {
        tags,
        summary: `Leave a page of the ${noun} that asks no question`,
        body: journeyStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => stepSubmitted(db, members, request, await typeFor(request), request.body),
  );

  app.post(
    `${prefix}/submit-question-step`,
    {
      schema: {
        tags,
        summary: `Answer a page of the ${noun}`,
        body: journeyQuestionStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request) => stepSubmitted(db, members, request, await typeFor(request), request.body),
  );

  app.get(
    `${prefix}/previous-step/:pageKey`,
    {
      schema: {
        tags,
        summary: `The ${noun}’s page before this one (the back link)`,
        params: pageParams,
        response: { 200: journeyPreviousStepSchema, ...errors },
      },
    },
    async (request) => previousStepOf(db, members, request, await typeFor(request), request.params.pageKey),
  );

  app.get(
    `${prefix}/integrity/:pageKey`,
    {
      schema: {
        tags,
        summary: `Where the member should be in the ${noun}`,
        params: pageParams,
        response: { 200: journeyIntegritySchema, ...errors },
      },
    },
    async (request) => integrityOf(db, members, request, await typeFor(request), request.params.pageKey),
  );

  app.get(
    `${prefix}/question-form/:pageKey`,
    {
      schema: {
        tags,
        summary: `The answer given on a page of the ${noun}`,
        params: pageParams,
        response: { 200: journeyQuestionFormSchema, ...errors },
      },
    },
    async (request) => questionFormOf(db, members, request, await typeFor(request), request.params.pageKey),
  );
}
