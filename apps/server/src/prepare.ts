import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { utcDay } from '@meridian/pensions';
import type { DatabaseHandle } from './db/client';
import { pendingMigrations, PendingMigrationsError } from './db/migrations';
import { syncContent } from './areas/content/sync';
import { hasDemoData, seedDemoData } from './seed/demo';
import { seedDemoStaff } from './seed/demo-staff';
import { seedSampleAddresses } from './areas/my-details/sample-addresses';
// The sync checks the figures a journey's conditions test against those its plugin locks, so the
// plugins are registered wherever content is synced (the server, the CLI, the test setup).
import './areas/retirement/journey-plugin';
import './areas/transfer-application/journey-plugin';
import './areas/retirement/dc-journey-plugin';

/** The repository's content folder: the content loaded unless CONTENT_DIR names another. */
export const contentRoot = fileURLToPath(new URL('../../../content', import.meta.url));

/**
 * Brings a database up to date: migrations (unless `migrate` is false, when they must already have been
 * applied by npm run db:migrate), content from files (`contentDir`, the repository's by default), and
 * (when asked) the demo members.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  {
    seedDemo,
    log,
    migrate = true,
    contentDir = contentRoot,
  }: {
    seedDemo: boolean;
    log: Pick<FastifyBaseLogger, 'info'>;
    migrate?: boolean;
    contentDir?: string;
  },
): Promise<void> {
  if (migrate) await database.migrate();
  else {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) throw new PendingMigrationsError(pending);
  }
  const synced = await syncContent(database.db, contentDir, { demo: seedDemo });
  log.info(synced, 'content synced');
  const addresses = await seedSampleAddresses(database.db);
  if (addresses > 0) log.info({ addresses }, 'sample addresses loaded for the embedded address lookup');
  if (seedDemo && !(await hasDemoData(database.db))) {
    await seedDemoData(database.db, utcDay(new Date()));
    log.info('demo members seeded');
  }
  if (seedDemo) {
    const staff = await seedDemoStaff(database.db);
    if (staff > 0) log.info({ staff }, 'demo staff seeded (operations console)');
  }
}
