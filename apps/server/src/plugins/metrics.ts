import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compares digests, so any presented value (any length, any characters) is simply right or wrong. */
const sameSecret = (presented: string, expected: string) => timingSafeEqual(digest(presented), digest(expected));

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
    // The histogram gives durations and their quantiles; a summary beside it cost every call a t-digest update.
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ['/metrics', '/health', '/ready'],
    },
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
