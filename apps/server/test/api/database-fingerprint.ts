import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client';
import { recurringJobKinds } from '../../src/db/schema/recurring-job-kinds';

/** Written on every request, refused or not: the audit trail and a session's activity clock. */
const bookkeepingTables = new Set(['portal.audit_events']);
const bookkeepingColumns = new Set(['last_activity_at']);
/**
 * The queue worker's progress on a job already queued (sending, retrying, done), which runs beside
 * any request: a request that queues a job still shows as a new row.
 */
const workerColumns = new Set([
  ...[
    'status',
    'attempts',
    'run_at',
    'locked_by',
    'locked_until',
    'last_error',
    'sealed_code',
    'finished_at',
  ].map((column) => `portal.jobs.${column}`),
  'portal.outbox_messages.sent_at',
]);

/**
 * Rows the worker queues by the clock, not because of a request: a recurring job's new period (an hourly
 * sweep, say) can begin while a suite runs.
 */
const clockRows: Record<string, string> = {
  'portal.jobs': `where kind not in (${recurringJobKinds.map((kind) => `'${kind}'`).join(', ')})`,
};

type Rows = { rows: Record<string, unknown>[] };

/** Each handle's digest query: the tables and columns do not change while a suite runs. */
const digestQueries = new WeakMap<DatabaseHandle, Promise<string>>();

async function digestQueryOf(database: DatabaseHandle): Promise<string> {
  const { rows: columns } = (await database.db.execute(sql`
    select table_schema, table_name, column_name
    from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      and table_schema not like 'pg_%'
    order by table_schema, table_name, ordinal_position`)) as unknown as Rows;
  const tables = new Map<string, string[]>();
  for (const column of columns) {
    const table = `${column.table_schema}.${column.table_name}`;
    const name = String(column.column_name);
    if (bookkeepingTables.has(table) || bookkeepingColumns.has(name) || workerColumns.has(`${table}.${name}`))
      continue;
    tables.set(table, [...(tables.get(table) ?? []), `"${String(column.column_name)}"`]);
  }
  return [...tables]
    .map(([table, names]) => {
      const [schema, name] = table.split('.');
      // The sum of each row's 64-bit hash rather than an md5 of the sorted rows: the same rows give the
      // same sum in any order, and it spares the sort and the concatenation (half the query's time).
      return `select '${table}' as table_name, count(*)::text as n,
                     coalesce(sum(hashtextextended(row_text, 0)::numeric), 0)::text as digest
              from (select (${names.join(', ')})::text as row_text from "${schema}"."${name}"
                    ${clockRows[table] ?? ''}) as t`;
    })
    .join('\nunion all\n');
}

/**
 * A digest of every table the application owns, so a suite can read back that a refused request
 * changed nothing, whatever tables later work adds. One query for all tables: the suites take
 * hundreds of these.
 */
export async function databaseFingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  let query = digestQueries.get(database);
  if (!query) {
    query = digestQueryOf(database);
    digestQueries.set(database, query);
  }
  const { rows } = (await database.db.execute(sql.raw(await query))) as unknown as Rows;
  const fingerprint: Record<string, string> = {};
  for (const row of rows) fingerprint[String(row.table_name)] = `${String(row.n)} rows ${String(row.digest)}`;
  return fingerprint;
}
