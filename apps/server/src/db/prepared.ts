import type { Database } from './client';

/**
 * A hot query built once per database handle and run as a named prepared statement, with its values
 * as placeholders. Drizzle writes a query's SQL again on every call, which for a wide row is 0.1 to
 * 0.2 ms of JavaScript, and PostgreSQL parses and plans an unnamed statement every time: a prepared one
 * is written once and planned once per pooled connection. A transaction is a new handle each time, so
 * inside one the query is written afresh, as before.
 */
export function preparedQuery<Handle extends Pick<Database, 'select'>, Query>(
  build: (db: Handle) => Query,
): (db: Handle) => Query {
  const built = new WeakMap<Handle, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
