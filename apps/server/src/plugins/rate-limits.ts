import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { errorCodes } from '@meridian/contracts';
import { AppError } from '../lib/errors';

/** Sign-in attempts one username may take in an hour, from every address together. */
export const ACCOUNT_ATTEMPTS_PER_HOUR = 20;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a sign-in attempt against a username, whoever sends it; false once over the limit. */
    accountAttemptAllowed: (request: FastifyRequest, account: string) => Promise<boolean>;
  }
}

export const tooManyRequests = () =>
  new AppError(429, errorCodes.tooManyRequests, 'Too many attempts. Wait a few minutes and try again.');

/**
 * Per-address limits for the routes that ask for them (`config.rateLimit`), and per-account limits
 * for sign-in, in one store: in memory, or in Redis (REDIS_URL) so that every instance shares them.
 * The address is the connection's unless TRUST_PROXY names the proxies in front.
 */
export const rateLimits = fp(async (app: FastifyInstance, { redisUrl }: { redisUrl?: string }) => {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'meridian-rate-limit:' } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  });
  const accountOf = new WeakMap<FastifyRequest, string>();
  const checkAccount = app.createRateLimit({
    max: ACCOUNT_ATTEMPTS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `account:${accountOf.get(request)}`,
  });
  app.decorate('accountAttemptAllowed', async (request: FastifyRequest, account: string) => {
    accountOf.set(request, account.trim().toLowerCase());
    const outcome = await checkAccount(request);
    return outcome.isAllowed || !outcome.isExceeded;
  });
});
