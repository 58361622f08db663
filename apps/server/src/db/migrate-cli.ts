// npm run db:migrate: applies the pending migrations to DATABASE_URL (or the embedded PGLITE_DIR) and exits.
// Production runs it as a step of its own before starting the new version (docs/deploy.md).
import { loadConfig } from '../config';
import { databaseTarget } from '../database-target';
import { openDatabase } from './client';
import { applyMigrations } from './migrations';

const config = loadConfig();
const database = await openDatabase(databaseTarget(config), { poolSize: 1 });
try {
  const applied = await applyMigrations(database);
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${database.description}: ${applied.join(', ')}`
      : `${database.description} is up to date: no migration to apply`,
  );
} catch (error) {
  console.error(`Migration failed on ${database.description}:`, error);
  process.exitCode = 1;
} finally {
  await database.close();
}
