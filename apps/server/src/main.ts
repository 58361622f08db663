import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { PendingMigrationsError } from './db/migrations';
import { databaseTarget } from './database-target';
import { buildApp } from './app';
import { contentRoot, prepareDatabase } from './prepare';
import { watchContent } from './areas/content/watch';
import { stopOnSignals } from './lib/stop-signals';
import { demoPersonas, DEMO_PASSWORD } from './seed/demo-personas';
import { unregisteredDemoMemberDetails } from './seed/demo';

/** Time to close the database and connections after the last request has had its time. */
const SHUTDOWN_SLACK_MS = 5000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(databaseTarget(config), {
    poolSize: config.DATABASE_POOL_SIZE,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  const contentDir = config.CONTENT_DIR ?? contentRoot;
  try {
    await prepareDatabase(database, {
      seedDemo: config.demo,
      log,
      migrate: config.MIGRATE_ON_START,
      contentDir,
    });
  } catch (error) {
    if (!(error instanceof PendingMigrationsError)) throw error;
    log.fatal(error.message);
    await database.close();
    process.exit(1);
  }
  const app = await buildApp({ config, database });
  app.log.info({ database: database.description }, 'database ready');
  if (config.derived.apiUrl)
    app.log.info('API_URL not set: the web app calls the API on the origin that served it');
  if (config.derived.epaDomain)
    app.log.info(
      'EPA_DOMAIN not set: links to epa.localhost stand for the other member site (development stand-in)',
    );

  const stopWatching =
    config.NODE_ENV === 'development'
      ? watchContent(database.db, contentDir, app.log, { demo: config.demo })
      : () => {};

  const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
  stopOnSignals(
    async () => {
      stopWatching();
      if (drainMs > 0) {
        app.draining = true;
        app.log.info({ drainMs }, 'draining: /ready answers 503, requests are still served');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      await app.close();
      await database.close();
    },
    // Requests in flight get the time any request has, then the database closes.
    { log: app.log, deadlineMs: drainMs + config.REQUEST_TIMEOUT_SECONDS * 1000 + SHUTDOWN_SLACK_MS },
  );

  await app.listen({ host: config.HOST, port: config.PORT });
  const port = (app.server.address() as { port: number }).port;
  const lines = [
    '',
    `  Meridian is running at http://localhost:${port}/`,
    `  Second tenant:        http://bluewater.localhost:${port}/`,
    `  API documentation:    http://localhost:${port}/docs`,
    `  Database:             ${database.description}`,
  ];
  if (config.demo) {
    lines.push(
      '',
      '  Demo mode (MERIDIAN_DEMO=true): demo members with a published password, the development outbox',
      '  at /api/dev/outbox and the other-site stand-in. Never set it on a real deployment.',
    );
    lines.push('', `  Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const persona of demoPersonas) {
      lines.push(
        `    ${persona.username.padEnd(14)} ${persona.tenantHost.padEnd(20)} ${persona.description}`,
      );
    }
    const unregistered = await unregisteredDemoMemberDetails(database.db);
    if (unregistered)
      lines.push(
        '',
        `  To try registration at /register: reference ${unregistered.referenceNumber}, date of birth ${unregistered.dateOfBirth},`,
        `  NI number ${unregistered.insuranceNumber}; the emailed code appears at /api/dev/outbox?recipient=${unregistered.email}`,
      );
  }
  console.log(`${lines.join('\n')}\n`);
}

void main();
