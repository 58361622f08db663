import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { utcDay, type SchemeLookup } from '@meridian/pensions';
import { buildApp } from '../../src/app';
import { createDocumentStore } from '../../src/areas/documents/store';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/prepare';
import type { TemplateDatabase } from './global-setup';
import { testServerEnv } from './test-server-env';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
}

const quietLog = { info: () => undefined };

/**
 * A real server on a database of its own for each test file: in-memory PGlite, or a database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). Each starts as a copy of the
 * template `global-setup.ts` migrated and seeded once per run; without one, or once the day the
 * template was seeded for has passed, the database is migrated and seeded here.
 */
export interface TestAppOptions {
  /** Receives the server's log lines (level from LOG_LEVEL in env). */
  logStream?: DestinationStream;
  /** Runs after the app is built and before it is ready: a test can add a route of its own. */
  beforeReady?: (context: TestContext) => void;
  /** The PostgreSQL pool's query timeout (DATABASE_QUERY_TIMEOUT_MS), as the server sets it. */
  queryTimeoutMs?: number;
  /** The schemes' configuration the server reads (`AppDependencies.schemes`; the bundled files unless given). */
  schemes?: SchemeLookup;
  /**
   * The database the server is given (`AppDependencies.database`), made from the file's own: a test can
   * make the server's work slower than its reads (`context.database` stays the file's own).
   */
  serverDatabase?: (database: DatabaseHandle) => DatabaseHandle;
}

export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const context = {} as TestContext;
  let dropDatabase: (() => Promise<void>) | undefined;
  let documentsDir: string | undefined;

  beforeAll(async () => {
    documentsDir = mkdtempSync(join(tmpdir(), 'meridian-documents-'));
    context.config = loadConfig({ ...testServerEnv(documentsDir), ...env });
    const template = templateForToday();
    if (process.env.TEST_DATABASE_KIND === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `meridian_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(
        template?.kind === 'postgres'
          ? `create database ${name} template ${template.name}`
          : `create database ${name}`,
      );
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      context.database = await openDatabase(
        { kind: 'postgres', url: url.toString() },
        { queryTimeoutMs: options.queryTimeoutMs },
      );
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    } else {
      context.database = await openDatabase({
        kind: 'pglite',
        loadDataDir: template?.kind === 'pglite' ? pgliteTemplate(template.dataDirDump) : undefined,
      });
    }
    if (template) await copyTemplateDocuments(template, context.config);
    else await prepareDatabase(context.database, { seedDemo: true, log: quietLog });
    context.app = await buildApp({
      config: context.config,
      database: options.serverDatabase?.(context.database) ?? context.database,
      logStream: options.logStream,
      schemes: options.schemes,
    });
    options.beforeReady?.(context);
    await context.app.ready();
  });

  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await dropDatabase?.();
    if (documentsDir) rmSync(documentsDir, { recursive: true, force: true });
  });

  return context;
}

/**
 * The run's template database of this project's kind, unless it was seeded for a day before today (a
 * run that crossed midnight UTC) or the file runs without the global setup.
 */
function templateForToday(): TemplateDatabase | undefined {
  const template = inject('templateDatabase');
  const kind = process.env.TEST_DATABASE_KIND === 'postgres' ? 'postgres' : 'pglite';
  return template?.kind === kind && template.day === utcDay(new Date()) ? template : undefined;
}

/**
 * The template's demo documents (every one a PDF), put in the file's own document store, on disk or
 * in a bucket, as the server would have filed them there as it started; a folder is another owner's
 * store inside it (`createDocumentStore`'s `under`).
 */
async function copyTemplateDocuments(template: TemplateDatabase, config: Config, under?: string) {
  const folder = under ? join(template.documentsDir, under) : template.documentsDir;
  const store = createDocumentStore(config, under);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) await copyTemplateDocuments(template, config, entry.name);
    else await store.put(entry.name, readFileSync(join(folder, entry.name)), 'application/pdf');
  }
}

let pgliteDump: Blob | undefined;
/** The dumped PGlite data directory, read once per test file however many apps the file starts. */
function pgliteTemplate(path: string): Blob {
  pgliteDump ??= new Blob([readFileSync(path)]);
  return pgliteDump;
}
