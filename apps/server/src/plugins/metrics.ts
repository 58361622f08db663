import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compares digests, so any presented value (any length, any characters) is simply right or wrong. */
const sameSecret = (presented: string, expected: string) =>
  timingSafeEqual(digest(presented), digest(expected));

const unmeasuredRoutes = new Set(['/metrics', '/health', '/ready']);
const unmeasuredMethods = new Set(['HEAD', 'OPTIONS']);

/**
 * Prometheus metrics at GET /metrics: request durations per route and method (a histogram), plus Node's own
 * (event-loop lag, heap, garbage collection). With METRICS_TOKEN set a scraper must present it as a
 * bearer token. Without it metrics are served only to a server listening on loopback (HOST).
 */
export async function registerMetrics(app: FastifyInstance, config: Config) {
  await app.register(fastifyMetrics, {
    endpoint: null,
    // A fresh registry per app, so tests and restarts in one process do not meet old metrics.
    clearRegisterOnInit: true,
    routeMetrics: { enabled: false },
  });
  // One histogram observed when a response ends, from Fastify's own clock: the plugin's route metrics
  // kept a timer per request in a WeakMap and added a hook before every request as well.
  const durations = new app.metrics.client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    registers: [app.metrics.client.register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && !unmeasuredRoutes.has(route) && !unmeasuredMethods.has(request.method)) {
      durations.observe(
        { method: request.method, route, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  if (!config.METRICS_TOKEN && (config.isProduction || !config.loopbackOnly)) return;
  app.get(
    '/metrics',
    { schema: { tags: ['operations'], summary: 'Prometheus metrics (bearer METRICS_TOKEN when set)' } },
    async (request, reply) => {
      if (config.METRICS_TOKEN) {
        const presented = request.headers.authorization?.replace(/^Bearer /i, '') ?? '';
        if (!sameSecret(presented, config.METRICS_TOKEN))
          throw new AppError(401, 'metrics_token_invalid', 'A valid metrics token is needed.');
      }
      return reply
        .type(app.metrics.client.register.contentType)
        .send(await app.metrics.client.register.metrics());
    },
  );
}
