// npm run bench: prints figures and saves them as JSON under bench/results/. Never a pass/fail test.
import { mkdirSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';
import { webBundleSizes } from './bundle';
import { runPensionsBench } from './pensions';

const REQUESTS = 2000;

/** Requests per second and latency percentiles for one request sent back to back, after a warm-up. */
async function measure(app: FastifyInstance, request: InjectOptions) {
  for (let index = 0; index < 200; index += 1) await app.inject(request);
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < REQUESTS; index += 1) {
    const sent = performance.now();
    const response = await app.inject(request);
    if (response.statusCode !== 200)
      throw new Error(`${String(request.url)} answered ${response.statusCode}`);
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    Number(latencies[Math.floor(share * (latencies.length - 1))]!.toFixed(3));
  return {
    requestsPerSecond: Math.round(REQUESTS / ((performance.now() - started) / 1000)),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
  };
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { seedDemo: true, log: { info: () => undefined } });
const app = await buildApp({ config, database });
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await Promise.all([app.ready(), bare.ready()]);

const signIn = await app.inject({
  method: 'POST',
  url: '/authentication-api/api/authentication/login',
  payload: { userName: 'db.deferred', password: 'MeridianDemo!2026' },
  headers: { 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
});
const accessToken = signIn.json<{ accessToken: string }>().accessToken;
const member = { authorization: `Bearer ${accessToken}` };
const { contentAccessKey } = (
  await app.inject({
    url: '/mdp-api/api/content/access-key?tenantUrl=localhost&newlyRetiredRangeInMonth=6&preRetirementAgePeriodInYears=5&timestamp=1',
    headers: member,
  })
).json<{ contentAccessKey: string }>();

const bareFigures = await measure(bare, { url: '/bare' });
const endpoints: Record<string, InjectOptions> = {
  publicPage: { url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost' },
  signedInPage: {
    url: `/content-api/api/v2/content/authorized-page?pageUrl=/my-pension&contentAccessKey=${encodeURIComponent(contentAccessKey)}`,
  },
  publicGlobals: { url: '/content-api/api/v2/content/unauthorized-globals?tenantUrl=localhost' },
  personalDetails: { url: '/mdp-api/api/members/personal-details', headers: member },
};
const results: Record<string, number | string> = {
  measuredAt: new Date().toISOString(),
  bareFastifyRequestsPerSecond: bareFigures.requestsPerSecond,
  bareFastifyP99Ms: bareFigures.p99Ms,
};
for (const [name, request] of Object.entries(endpoints)) {
  const figures = await measure(app, request);
  results[`${name}RequestsPerSecond`] = figures.requestsPerSecond;
  results[`${name}P50Ms`] = figures.p50Ms;
  results[`${name}P99Ms`] = figures.p99Ms;
  results[`${name}RatioToBare`] = Number(
    (figures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(3),
  );
}
Object.assign(results, await runPensionsBench(), webBundleSizes());
console.table(results);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
await app.close();
await bare.close();
await database.close();
