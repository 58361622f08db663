import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { errorCodes } from '@meridian/contracts';
import { AppError } from '../lib/errors';

/** Failed sign-ins one username may have in an hour, from every address together. */
export const ACCOUNT_FAILURES_PER_HOUR = 20;
/** Registration starts one member reference number may take in an hour, from every address together. */
export const REGISTRATION_STARTS_PER_HOUR = 5;
/** Every key this server writes to Redis for its limits starts with this. */
export const RATE_LIMIT_NAMESPACE = 'meridian-rate-limit:';
const HOUR_MS = 60 * 60_000;
/** Counters held at most by the in-memory store; expired ones go first, then the oldest. */
const MAX_MEMORY_COUNTERS = 50_000;

/** One attempt taken from a counter: whether it was within the limit, and how to give it back. */
export interface TakenAttempt {
  allowed: boolean;
  /** Uncounts the attempt (a sign-in that succeeded, or one refused before anything was checked). */
  giveBack(): Promise<void>;
}

/**
 * Counters per subject in fixed windows, shared by every instance through Redis (REDIS_URL) or kept
 * in memory. Each take is one atomic increment, so parallel requests cannot all read the same count.
 */
export interface AttemptCounters {
  /** Counts one attempt on a subject (as given: the caller normalises it). */
  take(scope: string, subject: string, max: number, windowMs?: number): Promise<TakenAttempt>;
  /** The count in the current window (0 when none). */
  count(scope: string, subject: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
    /**
     * Counts a registration start against the member reference number it names (within the tenant),
     * whoever sends it and whether or not the details match; false once over the limit.
     */
    registrationStartAllowed: (member: string) => Promise<boolean>;
  }
}

export const tooManyRequests = () =>
  new AppError(429, errorCodes.tooManyRequests, 'Too many attempts. Wait a few minutes and try again.');

const keyOf = (scope: string, subject: string) => `${RATE_LIMIT_NAMESPACE}${scope}:${subject}`;

// INCR, starting the window on the first attempt (or on a key that somehow has no expiry).
const TAKE_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return current`;
// DECR only a window still open: a key that has expired is not brought back without an expiry.
const GIVE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

function redisCounters(redis: Redis): AttemptCounters {
  const run = async (script: string, key: string, ...args: (string | number)[]) =>
    Number(await redis.eval(script, 1, key, ...args));
  return {
    async take(scope, subject, max, windowMs = HOUR_MS) {
      const key = keyOf(scope, subject);
      const current = await run(TAKE_SCRIPT, key, windowMs);
      return { allowed: current <= max, giveBack: async () => void (await run(GIVE_BACK_SCRIPT, key)) };
    },
    async count(scope, subject) {
      return Number((await redis.get(keyOf(scope, subject))) ?? 0);
    },
  };
}

function memoryCounters(): AttemptCounters {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const counter = counters.get(key);
    return counter && counter.resetAt > now ? counter : undefined;
  };
  const makeRoom = (now: number) => {
    if (counters.size < MAX_MEMORY_COUNTERS) return;
    for (const [key, counter] of counters) if (counter.resetAt <= now) counters.delete(key);
    if (counters.size >= MAX_MEMORY_COUNTERS) counters.delete(counters.keys().next().value!);
  };
  return {
    async take(scope, subject, max, windowMs = HOUR_MS) {
      const key = keyOf(scope, subject);
      const now = Date.now();
      let counter = live(key, now);
      if (!counter) {
        makeRoom(now);
        counter = { count: 0, resetAt: now + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      const taken = counter;
      return {
        allowed: taken.count <= max,
        giveBack: async () => {
          if (counters.get(key) === taken && taken.count > 0) taken.count -= 1;
        },
      };
    },
    async count(scope, subject) {
      return live(keyOf(scope, subject), Date.now())?.count ?? 0;
    },
  };
}

/**
 * Per-address limits for the routes that ask for them (`config.rateLimit`), and per-subject counters
 * (sign-in failures per account, registration starts per member), in one store: in memory, or in
 * Redis (REDIS_URL) so that every instance shares them. Every Redis key starts with
 * RATE_LIMIT_NAMESPACE. The address is the connection's unless TRUST_PROXY names the proxies in front.
 */
export const rateLimits = fp(async (app: FastifyInstance, { redisUrl }: { redisUrl?: string }) => {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: RATE_LIMIT_NAMESPACE } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  });
  const counters = redis ? redisCounters(redis) : memoryCounters();
  app.decorate('attemptCounters', counters);
  app.decorate(
    'registrationStartAllowed',
    async (member: string) =>
      (await counters.take('registration', member.trim().toLowerCase(), REGISTRATION_STARTS_PER_HOUR))
        .allowed,
  );
});
