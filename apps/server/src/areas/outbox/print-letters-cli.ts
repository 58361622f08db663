// npm run outbox:letters
// The print run now, beside the job queue’s recurring one (the same code): each waiting letter, codes
// opened, written to the letters' store and marked sent.
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { loadSigningKey } from '../../lib/server-keys';
import { letterPrintStore, printLetters } from './print-letters';

if (process.argv.length > 2) {
  console.error('Usage: npm run outbox:letters (the letters go to the letters’ store: docs/operations.md)');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  const secret = await loadSigningKey(database.db, 'outbox-letters', config.SECRETS_KEY);
  const store = letterPrintStore(config);
  console.log(`${await printLetters(database.db, secret, store)} letters written to ${store.description}.`);
} finally {
  await database.close();
}
