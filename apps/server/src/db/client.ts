import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers expose the same query builder; the app only ever sees this type. */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, safe to print (no password). */
  description: string;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openPglite(target.dataDir);
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    description: dataDir ? `embedded PGlite at ${dataDir}` : 'embedded PGlite in memory',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => pingWith(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let closing = false;
  // A connection the server drops while idle (restart, failover, an administrator's terminate) must not
  // crash the process: the pool opens a new one for the next query. While closing, it is expected.
  pool.on('error', (error: Error & { code?: string }) => {
    if (!closing) process.stderr.write(`PostgreSQL dropped an idle connection (${error.code ?? error.message})\n`);
  });
  const db = drizzlePostgres(pool, { schema });
  const parsed = new URL(url);
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: () => pingWith(db),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
