import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { errorCodes } from '@meridian/contracts';
import { AppError } from '../lib/errors';

/** Sign-in attempts one username may take in an hour, from every address together. */
export const ACCOUNT_ATTEMPTS_PER_HOUR = 20;
/** Registration starts one member reference number may take in an hour, from every address together. */
export const REGISTRATION_STARTS_PER_HOUR = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a sign-in attempt against a username, whoever sends it; false once over the limit. */
    accountAttemptAllowed: (request: FastifyRequest, account: string) => Promise<boolean>;
    /**
     * Counts a registration start against the member reference number it names (within the tenant),
     * whoever sends it and whether or not the details match; false once over the limit.
     */
    registrationStartAllowed: (request: FastifyRequest, member: string) => Promise<boolean>;
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
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'meridian-rate-limit:' } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  });
  // Each counter is one increment in the store (a single Redis INCR, or a synchronous update in
  // memory), so parallel requests cannot all read the same count.
  const hourlyLimit = (scope: string, max: number) => {
    const subjectOf = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max,
      timeWindow: 60 * 60_000,
      keyGenerator: (request) => `${scope}:${subjectOf.get(request)}`,
    });
    return async (request: FastifyRequest, subject: string) => {
      subjectOf.set(request, subject.trim().toLowerCase());
      const outcome = await check(request);
      return outcome.isAllowed || !outcome.isExceeded;
    };
  };
  app.decorate('accountAttemptAllowed', hourlyLimit('account', ACCOUNT_ATTEMPTS_PER_HOUR));
  app.decorate('registrationStartAllowed', hourlyLimit('registration', REGISTRATION_STARTS_PER_HOUR));
});
