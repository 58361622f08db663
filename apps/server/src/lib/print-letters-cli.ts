// npm run outbox:letters -- <folder>
// The print-and-post run: writes each waiting letter, codes opened, to <folder> and marks it sent.
import { loadConfig } from '../config';
import { databaseTarget } from '../database-target';
import { openDatabase } from '../db/client';
import { printLetters } from './print-letters';
import { loadSigningKey } from './server-keys';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: npm run outbox:letters -- <folder>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  const secret = await loadSigningKey(database.db, 'outbox-letters', config.SECRETS_KEY);
  console.log(`${await printLetters(database.db, secret, folder)} letters written to ${folder}.`);
} finally {
  await database.close();
}
