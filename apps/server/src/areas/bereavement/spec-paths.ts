import type { FastifyInstance, FastifySchema, preHandlerHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { BEREAVEMENT_JOURNEY_TYPE } from '@meridian/contracts';

/** Where the engine's routes, and the report's own, put a journey's calls: under its type. */
const JOURNEY_PATH = '/journeys/:journeyType/';

/**
 * The spec's bereavement calls (section 7, `/api/bereavement/<call>`), each named by the first segment
 * of its route under `journeys/{type}/`: `addresses` is the search, one address and the countries;
 * `documents` is create, list, update, delete, delete-all and post-submission.
 */
export const SPEC_CALLS: ReadonlySet<string> = new Set([
  'journey-start',
  'submit-step',
  'question-step',
  'question-form',
  'previous-step',
  'integrity',
  'email-token',
  'submit-email',
  'keep-alive',
  'refresh-token',
  'verification-exchange-token',
  'addresses',
  'documents',
  'journey-submit',
  'journey-end',
]);

/** The report's journey type, where the route at `journeys/{type}/` reads it from its path. */
const theReport: preHandlerHookHandler = async (request) => {
  (request.params as { journeyType?: string }).journeyType = BEREAVEMENT_JOURNEY_TYPE;
};

/**
 * The copy's schema: the route's own, its path parameters without the journey type (none left: no
 * parameters at all), and without the security the CSRF plugin's hook added (it adds it to the copy).
 */
function specSchema({ params, security: _added, ...schema }: FastifySchema): FastifySchema {
  const summary = `${schema.summary} (the spec’s path, for the report)`;
  if (!(params instanceof z.ZodObject)) return { ...schema, summary };
  const rest = params.omit({ journeyType: true });
  return Object.keys(rest.shape).length > 0 ? { ...schema, summary, params: rest } : { ...schema, summary };
}

/**
 * Answers each of the report's spec calls (`SPEC_CALLS`) at `/api/bereavement/<call>` as well as at
 * `journeys/{type}/<call>`: every route registered afterwards in `app` (or its plugins) under
 * `journeys/:journeyType/` is registered a second time, in the same plugin (its content parsers and
 * hooks), without the journey type in its path: the same handler, schema and checks, for the report's
 * journey type. The report's token cookie is sent to the whole bereavement API, so it reaches both.
 *
 * This hook runs after the app's own `onRoute` hooks (registered at the root before any route), which
 * have already added their parts to `route` (the body timer, the API's compression, the CSRF security
 * requirement) and add them to the copy as it is registered. So the copy takes only what a report route
 * declares (its handler, schema, config, validator and preHandler), and one thing more: the limiter
 * `@fastify/rate-limit` gave the route (its `onRequest`), so that both paths count against one limit,
 * asking for no second one.
 */
export function answerAtSpecPaths(app: FastifyInstance) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (route.method === 'HEAD' || !route.routePath.startsWith(JOURNEY_PATH)) return;
    const call = route.routePath.slice(JOURNEY_PATH.length);
    if (!SPEC_CALLS.has(call.split('/')[0]!)) return;
    const copy: RouteOptions = {
      method: route.method,
      url: `/${call}`,
      handler: route.handler,
      schema: specSchema(route.schema ?? {}),
      config: { ...route.config, rateLimit: undefined },
      ...(route.validatorCompiler && { validatorCompiler: route.validatorCompiler }),
      ...(route.onRequest && { onRequest: route.onRequest }),
      preHandler: [theReport, ...[route.preHandler ?? []].flat()],
    };
    this.route(copy);
  });
}
