import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const ctx = useTestApp();
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

describe.runIf(onPostgres)('a PostgreSQL server that drops connections', () => {
  it('answers the next query on a new connection and keeps the process alive', async () => {
    const backend = await ctx.database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [backend.rows[0]!.pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const after = await ctx.database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    expect(after.rows[0]!.pid).not.toBe(backend.rows[0]!.pid);
    expect(ctx.database.kind).toBe('postgres');
  });
});
