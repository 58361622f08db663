// npm run db:reset: drops the portal, content and bereavement data and rebuilds it with the demo members.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { databaseTarget } from '../database-target';
import { prepareDatabase } from '../prepare';
import { openDatabase } from './client';

const config = loadConfig();
const log = pino({ level: 'info' });
const target = databaseTarget(config);
if (target.kind === 'pglite') {
  rmSync(path.resolve(config.PGLITE_DIR), { recursive: true, force: true });
} else {
  const database = await openDatabase(target);
  await database.db.execute(
    sql`drop schema if exists portal cascade; drop schema if exists content cascade; drop schema if exists bereavement cascade; drop schema if exists drizzle cascade`,
  );
  await database.close();
}
const database = await openDatabase(target);
await prepareDatabase(database, { seedDemo: config.demo, log });
await database.close();
log.info({ database: database.description }, 'database reset');
