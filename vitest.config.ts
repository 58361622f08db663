import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
// Real argon2id at OWASP's floor rather than argon2's default: the suites sign in hundreds of times
// (apps/server/src/lib/password-hashing.ts). Set here so the template database's seed uses it too.
process.env.PASSWORD_HASH_COST ??= 'minimum';

/**
 * API files about the HTTP layer alone (headers, client addresses behind proxies, captcha providers,
 * the site's files, metrics' exposure, the issuer's forwarded host, passkeys' relying party, per-address
 * limits): what they check does not depend on the database. With a PostgreSQL server in the run they
 * run on it only, where a file costs half its PGlite time (80 s of PGlite's CPU a run); without one,
 * on PGlite. A file that reads back what the database did belongs on both, not here.
 */
const httpLayerFiles = [
  'client-address',
  'bereavement-captcha-providers',
  'bereavement-rate-limits',
  'security-headers',
  'site-files',
  'passkeys-shared-relying-party',
  'metrics-exposure',
  'oidc-forwarded-host',
].map((file) => `apps/server/test/api/${file}.test.ts`);

const apiProject = (name: string, databaseKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/test/api/**/*.test.ts'],
    exclude: databaseKind === 'pglite' && postgresUrl ? httpLayerFiles : [],
    env: { TEST_DATABASE_KIND: databaseKind },
    // Migrates and seeds one database per run that each test file copies (apps/server/test/api/harness.ts).
    globalSetup: ['./apps/server/test/api/global-setup.ts'],
    // One module graph per worker rather than per file: each file still builds its own app on its own
    // database (harness.ts), and importing the server afresh for each of 60 files cost minutes of CI.
    isolate: false,
    // Generous: argon2 hashing and parallel-attempt tests run beside the browser suite on two cores.
    // A timeout here only catches a hang; speed is measured by npm run bench.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time on the two cores CI has (vitest's default is one fewer than the cores): an API
    // file spends much of its time waiting on the database server or on its own timers.
    maxWorkers: 2,
    projects: [
      // The web, pensions and contracts projects run each file in a VM context of a reused worker
      // thread (vmThreads), which keeps the packages' modules loaded between files: the web project took
      // 98 s of CPU against 202 s in threads and 165 s in forks, pensions and contracts 19 s against 36 s.
      // The server project runs in forks: Node's Buffer is not the VM context's (its compression and
      // document-store tests compare them), and argon2's native code, which a worker thread shares with
      // vitest's own process, once aborted the whole run there (Napi::Error).
      { test: { name: 'pensions', include: ['packages/pensions/test/**/*.test.ts'], pool: 'vmThreads' } },
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'], pool: 'vmThreads' } },
      { test: { name: 'server', include: ['apps/server/test/unit/**/*.test.ts'], pool: 'forks' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          pool: 'vmThreads',
          include: ['src/**/*.test.{ts,tsx}'],
          // happy-dom sets up in a fraction of jsdom's time (79 files); the few files that need jsdom's
          // fuller DOM (cookies, storage, DOMPurify's sanitising) say so in their first line.
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          // Rendering in jsdom beside the API and browser suites on two cores can take seconds; a
          // timeout here only catches a hang.
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
