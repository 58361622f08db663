import { spawn } from 'node:child_process';
import { test as base } from '@playwright/test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing is listening on now, chosen by the operating system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The run's seeded folder own portals copy (global-setup.ts), one per port the run uses. */
export const portalTemplateDir = () => `data/e2e-template-${process.env.E2E_PORT ?? 4173}`;

/** The template, when this run made one today (its seed is dated) and the portal is on PGlite. */
function todaysTemplate(): Record<string, string> {
  const folder = portalTemplateDir();
  const day = existsSync(`${folder}/day`) ? readFileSync(`${folder}/day`, 'utf8') : undefined;
  const today = new Date().toISOString().slice(0, 10);
  return day === today && !process.env.E2E_DATABASE_URL ? { E2E_TEMPLATE_DIR: folder } : {};
}

export interface OwnPortal {
  url: (path: string) => string;
  stop: () => Promise<void>;
}

/**
 * Starts a portal of the spec's own (the real server on a fresh embedded database, as for the shared ones)
 * with extra settings, on a free port, so that only the spec that needs it pays for it.
 */
export async function startOwnPortal(name: string, env: Record<string, string>): Promise<OwnPortal> {
  const port = await freePort();
  const dataDir = `data/e2e-${name}-${port}`;
  const child = spawn('node', ['e2e/support/start-server.mjs'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      E2E_DATA_DIR: dataDir,
      ...todaysTemplate(),
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    for (const dir of [dataDir, `${dataDir}-documents`]) rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  // A start only has to finish within the fixture's 180 s; on a loaded machine it has taken over 90 s.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${name} portal stopped while starting`);
    const ready = await fetch(`${base}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url: (path) => `${base}${path}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The ${name} portal did not start within 150 seconds`);
}

/**
 * Playwright's `test` with every page on a portal of the spec's own, started once per worker with these
 * settings and stopped after: for a spec whose changes must not reach the shared portals.
 */
export const testOnOwnPortal = (name: string, env: Record<string, string> = {}) =>
  base.extend<object, { ownPortal: OwnPortal }>({
    ownPortal: [
      // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const portal = await startOwnPortal(name, env);
        await use(portal);
        await portal.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownPortal }, use) => use(ownPortal.url('')),
  });
