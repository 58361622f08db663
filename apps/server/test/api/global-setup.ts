import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { utcDay, type IsoDate } from '@meridian/pensions';
import { buildApp } from '../../src/app';
import { createDocumentLibrary } from '../../src/areas/documents/library';
import { createLocalDocumentStore } from '../../src/areas/documents/local-store';
import { loadConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/prepare';
import { seedDemoDocuments } from '../../src/seed/demo-documents';
import { testServerEnv } from './test-server-env';

/**
 * A database migrated, with the content synced and the demo members and their documents seeded, that
 * each test file copies instead of preparing its own: a PGlite data directory dumped to a file, or a
 * database on the PostgreSQL server that `create database … template` copies, and the folder of the
 * demo documents' files (harness.ts puts them in each file's document store). The seed is dated: `day`
 * is the UTC day it was seeded for, and a file that starts on another day prepares a fresh database
 * instead.
 */
export type TemplateDatabase = { day: string; documentsDir: string } & (
  { kind: 'pglite'; dataDirDump: string } | { kind: 'postgres'; name: string }
);

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

const quietLog = { info: () => undefined };

/**
 * Seeds the database as `npm start` with the demo does: its members, then the statements, letters
 * and nomination the server files as it starts (rendering their PDFs for each test file was minutes
 * of a run). Then the server's first start, once: its keys, the yearly statement run and the console's
 * demo work (a held bank change, a report of a death with its PDF), each made once, so no test file's
 * server makes them again, as a restarted server would not.
 */
async function seed(database: DatabaseHandle, documentsDir: string, day: IsoDate) {
  await prepareDatabase(database, { seedDemo: true, log: quietLog });
  const library = createDocumentLibrary(database.db, createLocalDocumentStore(documentsDir));
  await seedDemoDocuments(database.db, library, day);
  await (await buildApp({ config: loadConfig(testServerEnv(documentsDir)), database })).close();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const day = utcDay(new Date());
  const folder = mkdtempSync(join(tmpdir(), 'meridian-template-'));
  const documentsDir = join(folder, 'documents');
  if (project.config.env.TEST_DATABASE_KIND === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `meridian_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await seed(database, documentsDir, day);
    // A template can be copied only while no one is connected to it.
    await database.close();
    project.provide('templateDatabase', { kind: 'postgres', name, day, documentsDir });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await seed(database, documentsDir, day);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dataDirDump = join(folder, 'pgdata.tar');
  writeFileSync(dataDirDump, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', { kind: 'pglite', dataDirDump, day, documentsDir });
  return async () => rmSync(folder, { recursive: true, force: true });
}
