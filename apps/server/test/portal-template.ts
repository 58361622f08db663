// Prepares the folder own portals start from (e2e/support/own-portal.ts): a PGlite data directory migrated, with the
// content synced and the demo members seeded, and the demo documents the server files as it starts.
// Copying it costs a portal a moment where initdb, the migrations, the seed and the documents' PDFs cost
// it half a minute of a core. Run with `node --import tsx apps/server/test/portal-template.ts <folder>`.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utcDay } from '@meridian/pensions';
import { createDocumentLibrary } from '../src/areas/documents/library';
import { createLocalDocumentStore } from '../src/areas/documents/local-store';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/prepare';
import { seedDemoDocuments } from '../src/seed/demo-documents';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: portal-template.ts <folder>');
rmSync(folder, { recursive: true, force: true });
const day = utcDay(new Date());
const database = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pgdata') });
await prepareDatabase(database, { seedDemo: true, log: { info: () => undefined } });
await seedDemoDocuments(
  database.db,
  createDocumentLibrary(database.db, createLocalDocumentStore(join(folder, 'documents'))),
  day,
);
await database.close();
// The seed is dated: a portal started on a later day prepares its own database instead.
writeFileSync(join(folder, 'day'), day);
