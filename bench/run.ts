// npm run bench: prints figures and saves them in bench/results/latest.json. Never a pass/fail test.
// Hot paths on PGlite and (when reachable) the PostgreSQL server, the first screen in Chromium, Lighthouse,
// 100,000 pension quotes and the built bundle. Build the web app first (npm run build:web).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webBundleSizes } from './bundle';
import { measureFirstScreen } from './first-screen';
import { measureHotPaths, startBareRoute } from './hot-paths';
import { LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse';
import { runPensionsBench } from './pensions';
import { scratchDatabase } from './postgres';
import { machine, saveResults } from './results';
import { freePort, startServer } from './server-process';

const RATIOS = [
  'memberRead',
  'signedInPage',
  'publicPage',
  'publicPageCompressed',
  'publicGlobals',
  'publicPageLogged',
  'signedInPageFloor',
  'publicPageFloor',
] as const;

/** The lowest and the highest of a path's nine paired rounds. */
const pairsOf = (figures: Record<string, number>, name: string) =>
  `${figures[`${name}RatioLowestPair`]}–${figures[`${name}RatioHighestPair`]}`;

const bare = await startBareRoute();
const pglite = await measureHotPaths({ kind: 'pglite' }, bare);
const scratch = await scratchDatabase('hot_paths');
const postgres = scratch ? await measureHotPaths({ kind: 'postgres', url: scratch.url }, bare) : null;
await scratch?.drop();
await bare.close();
const fasterBare =
  postgres && postgres.bareRequestsPerSecond! > pglite.bareRequestsPerSecond! ? postgres : pglite;

console.log(
  '\nHot paths: requests per second as a share of a bare Fastify route, the median of nine paired rounds (their lowest–highest, the µs a call adds to a bare call and p99 beside);\nlogging off but for publicPageLogged, the public page with the log at info written to /dev/null',
);
console.table(
  Object.fromEntries(
    RATIOS.map((name) => [
      name,
      {
        'PGlite ratio': pglite[`${name}RatioToBare`],
        'PGlite pairs': pairsOf(pglite, name),
        'PGlite µs added': pglite[`${name}AddedMicros`],
        'PGlite p99 ms': pglite[`${name}P99Ms`],
        'PostgreSQL ratio': postgres?.[`${name}RatioToBare`] ?? 'unreachable',
        'PostgreSQL pairs': postgres ? pairsOf(postgres, name) : 'unreachable',
        'PostgreSQL µs added': postgres?.[`${name}AddedMicros`] ?? 'unreachable',
        'PostgreSQL p99 ms': postgres?.[`${name}P99Ms`] ?? 'unreachable',
      },
    ]),
  ),
);
// The headline ratio of each path is the lower of the two databases.
const headline = Object.fromEntries(
  RATIOS.flatMap((name) => {
    const worse =
      postgres && postgres[`${name}RatioToBare`]! < pglite[`${name}RatioToBare`]! ? postgres : pglite;
    return [
      [`${name}RatioToBare`, worse[`${name}RatioToBare`]],
      [`${name}P99Ms`, Math.max(pglite[`${name}P99Ms`]!, postgres?.[`${name}P99Ms`] ?? 0)],
    ];
  }),
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
const server = await startServer(await freePort(), { PGLITE_DIR: dataDir });
const firstScreen = await measureFirstScreen(server.url);
const lighthouseScores = await runLighthouse(server.url);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

// A returning member has made the cookie choice: no banner holds the page's parts lower on the screen.
// A portal of its own, so db.deferred's application starts afresh.
const returningDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
const returning = await startServer(await freePort(), { PGLITE_DIR: returningDir });
const lighthouseWithChoiceMade = await runLighthouse(returning.url, 'db.deferred', true, {
  cookieChoiceMade: true,
});
await returning.stop();
rmSync(returningDir, { recursive: true, force: true });

console.log(
  '\nFirst screen (Chromium): API calls from pressing Sign in to a rendered hub, scripts before first render',
);
console.log(firstScreen);
console.log(
  `\nLighthouse, mobile preset: the median of ${LIGHTHOUSE_RUNS} runs per page (the elements that moved and each journey page's scripts: bench/results/latest.json; npm run bench:cls)`,
);
const lighthouseTable = (scores: typeof lighthouseScores) =>
  Object.fromEntries(
    Object.entries(scores).map(([page, { layoutShifts: _moved, performanceOfEachRun, ...figures }]) => {
      const { initialScripts: _listed, ...shown } = figures as typeof figures & {
        initialScripts?: unknown;
      };
      return [page, { ...shown, performanceOfEachRun: performanceOfEachRun.join(' ') }];
    }),
  );
console.table(lighthouseTable(lighthouseScores));
console.log('\nLighthouse as a returning member sees it (the cookie choice made: no banner)');
console.table(lighthouseTable(lighthouseWithChoiceMade));

const pensions = await runPensionsBench();
const bundle = webBundleSizes();
console.table({ ...pensions, ...bundle });

saveResults({
  measuredAt: new Date().toISOString(),
  machine: machine(),
  bareFastifyRequestsPerSecond: fasterBare.bareRequestsPerSecond,
  bareFastifyP99Ms: fasterBare.bareP99Ms,
  ...headline,
  pglite,
  postgres: postgres ?? 'unreachable',
  ...firstScreen,
  lighthouse: lighthouseScores,
  lighthouseWithCookieChoiceMade: lighthouseWithChoiceMade,
  ...pensions,
  ...bundle,
});
