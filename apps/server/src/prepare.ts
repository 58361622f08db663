import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import { syncContent } from './areas/content/sync';
import { hasDemoData, seedDemoData } from './seed/demo';

export const contentRoot = fileURLToPath(new URL('../../../content', import.meta.url));

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Brings a database up to date: migrations, content from files, and (when asked) the demo members. */
export async function prepareDatabase(
  database: DatabaseHandle,
  { seedDemo, log }: { seedDemo: boolean; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  const synced = await syncContent(database.db, contentRoot);
  log.info(synced, 'content synced');
  if (seedDemo && !(await hasDemoData(database.db))) {
    await seedDemoData(database.db, todayUtc());
    log.info('demo members seeded');
  }
}
