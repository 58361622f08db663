import { z } from 'zod';
import {
  bereavementStartRequestSchema,
  journeyNextPageSchema,
  journeyQuestionStepRequestSchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { cancelJourney, startJourney, stepSubmitted } from '../journeys/actions';
import type { JourneyOwner, RoutesApp } from '../journeys/owner';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 404, 409);

/**
 * The spec's bereavement call names that the engine's visitor routes spell otherwise, each the same
 * call under the report's token (its cookie's path, `journeys/{type}/`): `journey-start` is `start`,
 * `question-step` is `submit-question-step`, `journey-submit` is `submit`, `journey-end` is `delete`.
 * `submit-step`, `previous-step`, `question-form`, `integrity`, `keep-alive` and `email-token` are the
 * engine's own names already.
 */
export function reportAliasRoutes(
  app: RoutesApp,
  owner: JourneyOwner,
  db: Database,
  calculations: CalculationProvider,
) {
  const tags = [owner.tag];

  app.post(
    '/journeys/:journeyType/journey-start',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The spec’s name for start: a solved captcha opens the report',
        params: journeyTypeParamsSchema,
        body: bereavementStartRequestSchema,
        response: { 200: z.object({ expiresAt: z.string() }), ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const graph = await owner.graphOf(request, request.params.journeyType, 'start');
      const answer = await startJourney(db, calculations, owner, request, graph, request.body);
      return answer(reply);
    },
  );

  app.post(
    '/journeys/:journeyType/question-step',
    {
      schema: {
        tags,
        summary: 'The spec’s name for submit-question-step: answer a page of the report',
        params: journeyTypeParamsSchema,
        body: journeyQuestionStepRequestSchema,
        response: { 200: journeyNextPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      stepSubmitted(db, owner, request, request.params.journeyType, request.body, reply),
  );

  app.post(
    '/journeys/:journeyType/journey-submit',
    {
      schema: {
        tags,
        summary: 'The spec’s name for submit: send the report',
        params: journeyTypeParamsSchema,
        response: { 200: journeySubmitResponseSchema, ...errors },
      },
    },
    async (request) => owner.submit.send(request, request.params.journeyType),
  );

  app.delete(
    '/journeys/:journeyType/journey-end',
    {
      schema: {
        tags,
        summary: 'The spec’s name for delete: cancel an unsent report (kept as cancelled)',
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
}
