import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client';

/** Written on every request, refused or not: the audit trail and a session's activity clock. */
const bookkeepingTables = new Set(['portal.audit_events']);
const bookkeepingColumns = new Set(['last_activity_at']);

type Rows = { rows: Record<string, unknown>[] };

/**
 * A digest of every table the application owns, so a suite can read back that a refused request
 * changed nothing, whatever tables later work adds.
 */
export async function databaseFingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  const { rows: columns } = (await database.db.execute(sql`
    select table_schema, table_name, column_name
    from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      and table_schema not like 'pg_%'
    order by table_schema, table_name, ordinal_position`)) as unknown as Rows;
  const tables = new Map<string, string[]>();
  for (const column of columns) {
    const table = `${column.table_schema}.${column.table_name}`;
    if (bookkeepingTables.has(table) || bookkeepingColumns.has(String(column.column_name))) continue;
    tables.set(table, [...(tables.get(table) ?? []), `"${String(column.column_name)}"`]);
  }
  const fingerprint: Record<string, string> = {};
  for (const [table, names] of tables) {
    const [schema, name] = table.split('.');
    const { rows } = (await database.db.execute(
      sql.raw(`select count(*)::text as n, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as digest
               from (select (${names.join(', ')})::text as row_text from "${schema}"."${name}") as t`),
    )) as unknown as Rows;
    fingerprint[table] = `${rows[0]!.n} rows ${rows[0]!.digest}`;
  }
  return fingerprint;
}
