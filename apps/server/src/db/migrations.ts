import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type DatabaseHandle } from './client';

interface JournalEntry {
  tag: string;
  /** drizzle's migrator records this as the applied migration's `created_at`. */
  when: number;
}

function journal(): JournalEntry[] {
  const file = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return file.entries;
}

/** The newest migration applied to the database (its `when`), 0 on a database never migrated. */
async function appliedUpTo(database: DatabaseHandle): Promise<number> {
  const table = await database.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return 0;
  const latest = await database.db.execute<{ latest: string | null }>(
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return Number(latest.rows[0]?.latest ?? 0);
}

/** The migrations this version has that the database has not applied yet, oldest first (their tags). */
export async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  const upTo = await appliedUpTo(database);
  return journal()
    .filter((entry) => entry.when > upTo)
    .map((entry) => entry.tag);
}

/** Applies the pending migrations and answers which they were (none when the database was up to date). */
export async function applyMigrations(database: DatabaseHandle): Promise<string[]> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) await database.migrate();
  return pending;
}

export class PendingMigrationsError extends Error {
  constructor(public readonly pending: string[]) {
    const named = pending.length > 3 ? [...pending.slice(0, 3), `${pending.length - 3} more`] : pending;
    super(
      `The database lacks ${pending.length} migration(s) this version needs (${named.join(', ')}): run npm run db:migrate first, or start with MIGRATE_ON_START unset`,
    );
  }
}
