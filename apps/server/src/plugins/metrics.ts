import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const sameSecret = (presented: string, expected: string) =>
  presented.length === expected.length && timingSafeEqual(Buffer.from(presented), Buffer.from(expected));

/**
 * Prometheus metrics at GET /metrics: request durations per route and method, plus Node's own
 * (event-loop lag, heap, garbage collection). With METRICS_TOKEN set a scraper must present it as a
 * bearer token; production serves metrics only when it is set.
 */
export async function registerMetrics(app: FastifyInstance, config: Config) {
  await app.register(fastifyMetrics, {
    endpoint: null,
    // A fresh registry per app, so tests and restarts in one process do not meet old metrics.
    clearRegisterOnInit: true,
    routeMetrics: { enabled: true, routeBlacklist: ['/metrics', '/health', '/ready'] },
  });
  if (config.isProduction && !config.METRICS_TOKEN) return;
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
