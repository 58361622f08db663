// npm run bench: prints figures and saves them as JSON under bench/results/. Never a pass/fail test.
import { mkdirSync, writeFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';
import { runPensionsBench } from './pensions';

async function requestsPerSecond(send: () => Promise<unknown>, count: number) {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await send();
  return Math.round(count / ((performance.now() - started) / 1000));
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { seedDemo: false, log: { info: () => undefined } });
const app = await buildApp({ config, database });
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await Promise.all([app.ready(), bare.ready()]);

const count = 2000;
const bareRate = await requestsPerSecond(() => bare.inject({ url: '/bare' }), count);
const pageRate = await requestsPerSecond(
  () => app.inject({ url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost' }),
  count,
);
const pensions = await runPensionsBench();
const results: Record<string, number | string> = {
  measuredAt: new Date().toISOString(),
  ...pensions,
  bareFastifyRequestsPerSecond: bareRate,
  publicPageRequestsPerSecond: pageRate,
  publicPageRatioToBare: Number((pageRate / bareRate).toFixed(3)),
};
console.table(results);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
await app.close();
await bare.close();
await database.close();
