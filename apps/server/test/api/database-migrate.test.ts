import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type DatabaseTarget } from '../../src/db/client';
import { applyMigrations, pendingMigrations, PendingMigrationsError } from '../../src/db/migrations';
import { prepareDatabase } from '../../src/prepare';
import { scratchPostgresDatabase } from './scratch-database';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';
const quietLog = { info: () => undefined };
const allMigrations = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of this project's kind: a new one on the PostgreSQL server, or a PGlite directory. */
async function emptyDatabase(): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
  if (onPostgres) {
    const { url, drop } = await scratchPostgresDatabase('migrate');
    cleanups.push(drop);
    return { target: { kind: 'postgres', url }, env: { DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-migrate-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return { target: { kind: 'pglite', dataDir }, env: { PGLITE_DIR: dataDir } };
}

describe('migrations as a step of their own', () => {
  it('migrates an empty database, then finds nothing to do; a server that must not migrate refuses it until then', async () => {
    const { target } = await emptyDatabase();
    const database = await openDatabase(target);
    try {
      expect(await pendingMigrations(database)).toEqual(allMigrations);
      // MIGRATE_ON_START=false: the server checks and stops, naming the step, with nothing created.
      const refused = await prepareDatabase(database, {
        seedDemo: false,
        log: quietLog,
        migrate: false,
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PendingMigrationsError);
      expect((refused as Error).message).toContain('npm run db:migrate');
      const schemas = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from information_schema.schemata where schema_name = 'portal'`,
      );
      expect(schemas.rows[0]!.count).toBe(0);

      expect(await applyMigrations(database)).toEqual(allMigrations);
      expect(await applyMigrations(database)).toEqual([]);
      expect(await pendingMigrations(database)).toEqual([]);
      const applied = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.count).toBe(allMigrations.length);

      // Now the server starts without migrating: content synced into the migrated tables.
      await prepareDatabase(database, { seedDemo: false, log: quietLog, migrate: false });
      const tenants = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from content.tenants`,
      );
      expect(tenants.rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('npm run db:migrate applies them and exits, and a second run applies none', async () => {
    const { env } = await emptyDatabase();
    const migrate = () =>
      run('npm', ['run', '--silent', 'db:migrate'], {
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
      });
    const first = await migrate();
    expect(first.stdout).toContain(`Applied ${allMigrations.length} migration(s)`);
    expect(first.stdout).toContain(allMigrations.at(-1));
    const second = await migrate();
    expect(second.stdout).toContain('is up to date: no migration to apply');
  });
});
