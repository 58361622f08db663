import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { scratchPostgresDatabase } from './scratch-database';

/**
 * The backup and restore drill of docs/deploy.md, on the PostgreSQL server only (pg_dump and
 * pg_restore are PostgreSQL's): a portal with the demo loaded and serving is dumped, the dump restored
 * into a new database, and a server on the restored database (with the document files restored beside
 * it) must hold every row and give a member the same documents, byte for byte.
 */
const run = promisify(execFile);
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';
const quietLog = { info: () => undefined };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const scratch = mkdtempSync(join(tmpdir(), 'meridian-backup-'));
cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));

async function newDatabase(label: string): Promise<string> {
  const database = await scratchPostgresDatabase(label);
  cleanups.push(database.drop);
  return database.url;
}

async function serve(url: string, documentsDir: string, demo: boolean) {
  const database = await openDatabase({ kind: 'postgres', url });
  if (demo) await prepareDatabase(database, { seedDemo: true, log: quietLog });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DOCUMENTS_DIR: documentsDir,
    MERIDIAN_DEMO: demo ? 'true' : 'false',
    JOB_POLL_MS: '0',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, url };
}

/** Every table in the portal's schemas (drizzle's migration record included) with its row count. */
async function rowCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await client.query<{ count: number }>(`select count(*)::int as count from ${name}`);
    counts[name] = result.rows[0]!.count;
  }
  return counts;
}

/** A member's library as the API lists it, with each file's bytes as downloaded. */
async function documentsOf(app: FastifyInstance, username: string) {
  const agent = new BrowserAgent(app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  const listed = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json() as {
    items: { id: string; name: string; type: string }[];
  };
  const files = [];
  for (const item of listed.items) {
    const download = await agent.request({
      url: `/mdp-api/api/members/current/documents/${item.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    files.push({ ...item, bytes: download.rawPayload });
  }
  return files;
}

describe.runIf(onPostgres)('the backup and restore drill', () => {
  it('restores a dump of a serving portal into a new database with every row and a member’s documents', async () => {
    const originalDocuments = join(scratch, 'documents');
    const original = await serve(await newDatabase('backup'), originalDocuments, true);
    const before = await documentsOf(original.app, 'db.pensioner');
    expect(before.length).toBeGreaterThan(0);

    // Taken while the portal serves: pg_dump reads one consistent snapshot.
    const dump = join(scratch, 'meridian.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, original.url]);
    // The document files are backed up beside it (a bucket's versioning or replication in production).
    const restoredDocuments = join(scratch, 'documents-restored');
    cpSync(originalDocuments, restoredDocuments, { recursive: true });

    const restoredUrl = await newDatabase('restore');
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, dump]);
    // Counted before a server starts on it: a server queues its own next runs (the yearly statements)
    // as it starts, which are not the backup's.
    const probe = await openDatabase({ kind: 'postgres', url: restoredUrl });
    const restoredCounts = await rowCounts(probe);
    await probe.close();
    // Without the demo, so nothing is seeded or filed as it starts: all it has came from the backup.
    const restored = await serve(restoredUrl, restoredDocuments, false);

    const counted = await rowCounts(original.database);
    expect(Object.keys(counted).length).toBeGreaterThan(30);
    expect(counted['content.tenants']).toBeGreaterThan(0);
    expect(counted['portal.member_documents']).toBeGreaterThan(0);
    expect(restoredCounts).toEqual(counted);

    const after = await documentsOf(restored.app, 'db.pensioner');
    expect(after.map(({ id, name, type }) => ({ id, name, type }))).toEqual(
      before.map(({ id, name, type }) => ({ id, name, type })),
    );
    after.forEach((file, index) => expect(file.bytes.equals(before[index]!.bytes)).toBe(true));
  });
});
