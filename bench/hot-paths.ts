// Throughput and latency of hot endpoints (in-process, app.inject), as a ratio to a bare Fastify route.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import pino from 'pino';
import type { ZodType } from 'zod';
import {
  authorizedPageQuerySchema,
  contentRequestHeadersSchema,
  unauthorizedPageQuerySchema,
} from '@meridian/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { loggerOptions } from '../apps/server/src/lib/logging';
import { requestValidatorCompiler } from '../apps/server/src/lib/request-validation';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';

/** Each round runs this long: the bare route answers 2,000 calls in under 100 ms, which one pause can halve. */
const ROUND_MS = 1000;
const WARM_UP = 1000;
/** Pairs of rounds per path: on this VM one pair's ratio ranged over a third, and a median of five still moved by a sixth between runs. */
const ROUNDS = 9;

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Lets the event loop turn every 50 calls, as it does between a server's requests. Injected calls
 * awaited back to back resolve in microtasks alone, so each response's clean-up (a setImmediate)
 * would wait until the run ends: 2,000 responses held in memory, about 14 kB each, and the garbage
 * collector working through them made every figure worse the longer a run went on.
 */
const CALLS_PER_TURN = 50;
async function turnEventLoop(index: number) {
  if (index % CALLS_PER_TURN === CALLS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A round ends on a turn of the event loop once its time is up, so every round has whole turns. */
const roundGoesOn = (callsMade: number, started: number) =>
  callsMade % CALLS_PER_TURN !== 0 || performance.now() - started < ROUND_MS;

/** One round: requests per second and latency percentiles for one request sent back to back. */
async function round(app: FastifyInstance, request: InjectOptions): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; roundGoesOn(index, started); index += 1) {
    const sent = performance.now();
    const response = await app.inject(request);
    if (response.statusCode !== 200)
      throw new Error(`${String(request.url)} answered ${response.statusCode}`);
    latencies.push(performance.now() - sent);
    await turnEventLoop(index);
  }
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    Number(latencies[Math.floor(share * (latencies.length - 1))]!.toFixed(3));
  return {
    requestsPerSecond: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
  };
}

async function warmUp(app: FastifyInstance, request: InjectOptions) {
  for (let index = 0; index < WARM_UP; index += 1) {
    await app.inject(request);
    await turnEventLoop(index);
  }
}

const BARE_REQUEST: InjectOptions = { url: '/bare' };

/** A bare Fastify route, in this process: the yardstick every ratio is taken against. */
export async function startBareRoute(): Promise<FastifyInstance> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.ready();
  await warmUp(bare, BARE_REQUEST);
  return bare;
}

/** Headers Node writes for every answer, so the floor's own answer carries them already. */
const WRITTEN_BY_NODE = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The least any app can do to give a page's answer: Fastify with the app's logger options (logging
 * off, as in the app measured beside it), zod checking the page's own query and header schemas, and
 * a handler that sends the app's answer to the same request (its headers and bytes, taken from one
 * call) as it is. No tenant, session, access key, input policy, CSRF cookie, cache, compression or
 * metrics: what the app does beyond this floor is its own work, and this floor's share of the bare
 * route is more than any app giving that answer can reach.
 */
async function startFloor(
  app: FastifyInstance,
  request: InjectOptions,
  querystring: ZodType,
): Promise<FastifyInstance> {
  const answer = await app.inject(request);
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !WRITTEN_BY_NODE.has(name)),
  );
  const body = answer.rawPayload;
  const floor = Fastify({ logger: loggerOptions('silent') });
  floor.setValidatorCompiler(requestValidatorCompiler);
  floor.get(
    String(request.url).split('?')[0]!,
    { schema: { headers: contentRequestHeadersSchema, querystring } },
    (_request, reply) => reply.headers(headers).send(body),
  );
  await floor.ready();
  return floor;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * ROUNDS one-second rounds of the request, each right after a round of the bare route, once both are
 * warm (a first round in a process ran JIT-cold at 40% of later ones). The ratio is the median of the
 * pairs': the bare route's own speed on this VM moved by a third between runs minutes apart (a
 * neighbour's load, the clock), and a yardstick measured once at the start carried that into every
 * ratio. The lowest and highest pair show how far one pair can stray. The time the request adds to
 * the bare route's per call (the median of the pairs', in µs) is the app's own work, which does not
 * scale with how fast this machine runs Fastify itself. The request's figures are its best round's.
 */
async function measureAgainstBare(
  bare: FastifyInstance,
  app: FastifyInstance,
  request: InjectOptions,
): Promise<
  Figures & { ratioToBare: number; ratioRange: [number, number]; addedMicros: number; bare: Figures }
> {
  await warmUp(app, request);
  const ratios: number[] = [];
  const added: number[] = [];
  let best: Figures | undefined;
  let bestBare: Figures | undefined;
  for (let count = 0; count < ROUNDS; count += 1) {
    const yardstick = await round(bare, BARE_REQUEST);
    const figures = await round(app, request);
    ratios.push(figures.requestsPerSecond / yardstick.requestsPerSecond);
    added.push(1e6 / figures.requestsPerSecond - 1e6 / yardstick.requestsPerSecond);
    if (!best || figures.requestsPerSecond > best.requestsPerSecond) best = figures;
    if (!bestBare || yardstick.requestsPerSecond > bestBare.requestsPerSecond) bestBare = yardstick;
  }
  const rounded = (ratio: number) => Number(ratio.toFixed(3));
  return {
    ...best!,
    ratioToBare: rounded(median(ratios)),
    ratioRange: [rounded(Math.min(...ratios)), rounded(Math.max(...ratios))],
    addedMicros: Number(median(added).toFixed(1)),
    bare: bestBare!,
  };
}

/**
 * The member's personal details, a signed-in content page, a public page (also compressed) and public
 * globals on one database, with logging off, and the two pages' floors (see startFloor); then the
 * public page with the log a server writes at the default level (info), written to /dev/null as a
 * server writes it to standard output.
 */
export async function measureHotPaths(
  target: DatabaseTarget,
  bare: FastifyInstance,
): Promise<Record<string, number>> {
  const configAt = (level: string) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: level,
      WEB_DIST_DIR: '/nonexistent',
      ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    });
  const database = await openDatabase(target);
  await prepareDatabase(database, { seedDemo: true, log: { info: () => undefined } });
  const app = await buildApp({ config: configAt('silent'), database });
  await app.ready();

  const signIn = await app.inject({
    method: 'POST',
    url: '/authentication-api/api/authentication/login',
    payload: { userName: 'db.deferred', password: 'MeridianDemo!2026' },
    headers: { 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
  });
  // A browser holds the XSRF-TOKEN cookie from its first answer on and sends it with every call.
  const browser = { cookie: `XSRF-TOKEN=${randomUUID()}` };
  const member = {
    ...browser,
    authorization: `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`,
  };
  const { contentAccessKey } = (
    await app.inject({
      url: '/mdp-api/api/content/access-key?tenantUrl=localhost&newlyRetiredRangeInMonth=6&preRetirementAgePeriodInYears=5&timestamp=1',
      headers: member,
    })
  ).json<{ contentAccessKey: string }>();

  const endpoints: Record<string, InjectOptions> = {
    memberRead: { url: '/mdp-api/api/members/personal-details', headers: member },
    signedInPage: {
      url: `/content-api/api/v2/content/authorized-page?pageUrl=/my-pension&contentAccessKey=${encodeURIComponent(contentAccessKey)}`,
      headers: browser,
    },
    publicPage: {
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
      headers: browser,
    },
    // The public page as a browser asks for it: every browser offers brotli.
    publicPageCompressed: {
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
      headers: { ...browser, 'accept-encoding': 'gzip, deflate, br, zstd' },
    },
    publicGlobals: {
      url: '/content-api/api/v2/content/unauthorized-globals?tenantUrl=localhost',
      headers: browser,
    },
  };
  const results: Record<string, number> = {};
  let bestBare: Figures | undefined;
  const record = (name: string, figures: Awaited<ReturnType<typeof measureAgainstBare>>) => {
    if (!bestBare || figures.bare.requestsPerSecond > bestBare.requestsPerSecond) bestBare = figures.bare;
    results[`${name}RatioToBare`] = figures.ratioToBare;
    [results[`${name}RatioLowestPair`], results[`${name}RatioHighestPair`]] = figures.ratioRange;
    results[`${name}AddedMicros`] = figures.addedMicros;
    results[`${name}P99Ms`] = figures.p99Ms;
    results[`${name}P50Ms`] = figures.p50Ms;
    results[`${name}RequestsPerSecond`] = figures.requestsPerSecond;
  };
  for (const [name, request] of Object.entries(endpoints))
    record(name, await measureAgainstBare(bare, app, request));
  const floors = [
    ['publicPageFloor', endpoints.publicPage!, unauthorizedPageQuerySchema],
    ['signedInPageFloor', endpoints.signedInPage!, authorizedPageQuerySchema],
  ] as const;
  for (const [name, request, querystring] of floors) {
    const floor = await startFloor(app, request, querystring);
    record(name, await measureAgainstBare(bare, floor, request));
    await floor.close();
  }
  await app.close();

  const logStream = pino.destination({ dest: '/dev/null', sync: true });
  const logged = await buildApp({ config: configAt('info'), database, logStream });
  await logged.ready();
  record('publicPageLogged', await measureAgainstBare(bare, logged, endpoints.publicPage!));
  await logged.close();
  logStream.end();
  await database.close();
  return { ...results, bareRequestsPerSecond: bestBare!.requestsPerSecond, bareP99Ms: bestBare!.p99Ms };
}
