// Writes a PGlite data directory, migrated, with the content synced and the demo members seeded, as a
// tar file (the path given as the first argument): the browser tests' own portals start from a copy of
// it instead of each running initdb, the migrations and the seed (e2e/support/own-portal.ts). Run with
// `node --import tsx`.
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/prepare';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: pglite-template.ts <tar file to write>');
const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { seedDemo: true, log: { info: () => undefined } });
const client = (database.db as unknown as { $client: PGlite }).$client;
const dump = await client.dumpDataDir('none');
await database.close();
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
