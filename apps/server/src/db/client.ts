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
  /**
   * Receives every NOTIFY on `channel` (from any process on the database) until the returned function
   * is called. `onState` says whether notifications are being received (false while a dropped listening
   * connection is being reopened, during which some may be missed).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Connections in the PostgreSQL pool unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `loadDataDir`: an in-memory database that starts as a copy of a dumped one (the API tests' template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface PoolOptions {
  poolSize?: number;
  /**
   * On the PostgreSQL server, the longest a query may run, and a caller wait for a connection from the
   * pool, before it fails (and a request is answered 503). None by default: the server sets one, a
   * command-line job runs as long as it needs.
   */
  queryTimeoutMs?: number;
}

export async function openDatabase(
  target: DatabaseTarget,
  { poolSize = DEFAULT_POOL_SIZE, queryTimeoutMs }: PoolOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, poolSize, queryTimeoutMs);
  return openPglite(target.dataDir, target.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    description: dataDir ? `embedded PGlite at ${dataDir}` : 'embedded PGlite in memory',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => pingWith(db),
    async listen(channel, onMessage, onState) {
      const stop = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        await stop();
      };
    },
    close: () => client.close(),
  };
}

/** LISTEN on a connection of its own, reopened (after a pause) whenever the server drops it. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      onState(false);
      retry = setTimeout(() => void open().catch(() => undefined), 1000);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void open().catch(() => undefined), 1000);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    onState(true);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    onState(false);
    await client?.end().catch(() => undefined);
  };
}

async function openPostgres(url: string, poolSize: number, queryTimeoutMs?: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(queryTimeoutMs ? { statement_timeout: queryTimeoutMs, connectionTimeoutMillis: queryTimeoutMs } : {}),
  });
  let closing = false;
  // A connection the server drops while idle (restart, failover, an administrator's terminate) must not
  // crash the process: the pool opens a new one for the next query. While closing, it is expected.
  pool.on('error', (error: Error & { code?: string }) => {
    if (!closing)
      process.stderr.write(`PostgreSQL dropped an idle connection (${error.code ?? error.message})\n`);
  });
  const db = drizzlePostgres(pool, { schema });
  const parsed = new URL(url);
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    migrate: () => migrateOnOwnConnection(url),
    ping: () => pingWith(db),
    listen: (channel, onMessage, onState) => listenOnPostgres(url, channel, onMessage, onState),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/** A migration may rebuild a large table: it runs on a connection of its own, without the query timeout. */
async function migrateOnOwnConnection(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
