// Starts the real server for the browser tests on a fresh database of its own: embedded PGlite in a
// folder of its own or, when E2E_DATABASE_URL names a PostgreSQL server, a new database on that server
// named after the portal's port.
import { cpSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { URL } from 'node:url';
import pg from 'pg';

const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const documentsDir = `${dataDir}-documents`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(documentsDir, { recursive: true, force: true });

async function freshPostgresDatabase(serverUrl) {
  const name = `meridian_e2e_${Number(process.env.PORT ?? 0)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// Given the run's seeded folder (global-setup.ts), an embedded database and the demo documents start as
// copies of it: the server finds its migrations applied, its demo members seeded and their letters filed.
const template = process.env.E2E_TEMPLATE_DIR;
if (template && !process.env.E2E_DATABASE_URL) {
  cpSync(`${template}/pgdata`, dataDir, { recursive: true });
  cpSync(`${template}/documents`, documentsDir, { recursive: true });
}

const database = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: await freshPostgresDatabase(process.env.E2E_DATABASE_URL) }
  : { PGLITE_DIR: dataDir };
const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    // argon2id at OWASP's floor for the many sign-ins (apps/server/src/lib/password-hashing.ts).
    PASSWORD_HASH_COST: 'minimum',
    ...process.env,
    ...database,
    DOCUMENTS_DIR: documentsDir,
    MERIDIAN_DEMO: 'true',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
