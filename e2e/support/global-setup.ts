import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { portalTemplateDir } from './own-portal';

/**
 * Prepares the seeded folder the own portals of this run copy (apps/server/test/portal-template.ts), once per run:
 * Playwright starts a worker, and so the fixtures, afresh for each spec. Not when this run has no own
 * portals on embedded PGlite (the shared part, or portals on a PostgreSQL server).
 */
export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_PART === 'shared' || process.env.E2E_DATABASE_URL) return;
  const folder = portalTemplateDir();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('node', ['--import', 'tsx', 'apps/server/test/portal-template.ts', folder], {
      stdio: ['ignore', 'ignore', 'inherit'],
      // argon2id at OWASP's floor, as the portals hash (start-server.mjs).
      env: { PASSWORD_HASH_COST: 'minimum', ...process.env },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The own portals' template was not made (exit ${code})`)),
    );
  });
  return () => rmSync(folder, { recursive: true, force: true });
}
