import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { utcDay } from '@meridian/pensions';
import { openDatabase } from '../../src/db/client';
import { prepareDatabase } from '../../src/prepare';

/**
 * A database migrated, with the content synced and the demo members seeded, that each test file
 * copies instead of preparing its own: a PGlite data directory dumped to a file, or a database on the
 * PostgreSQL server that `create database … template` copies. The seed is dated: `day` is the UTC day
 * it was seeded for, and a file that starts on another day prepares a fresh database instead.
 */
export type TemplateDatabase =
  { kind: 'pglite'; dataDirDump: string; day: string } | { kind: 'postgres'; name: string; day: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

const quietLog = { info: () => undefined };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const day = utcDay(new Date());
  if (project.config.env.TEST_DATABASE_KIND === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `meridian_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await prepareDatabase(database, { seedDemo: true, log: quietLog });
    // A template can be copied only while no one is connected to it.
    await database.close();
    project.provide('templateDatabase', { kind: 'postgres', name, day });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(database, { seedDemo: true, log: quietLog });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const folder = mkdtempSync(join(tmpdir(), 'meridian-template-'));
  const dataDirDump = join(folder, 'pgdata.tar');
  writeFileSync(dataDirDump, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', { kind: 'pglite', dataDirDump, day });
  return async () => rmSync(folder, { recursive: true, force: true });
}
