// npm run case:update -- <case number> [--status "<text>"] [--document "<name>=outstanding|received|complete"]...
// Stands in for the administrator's case system: the member sees the change in My requests.
import { parseArgs } from 'node:util';
import { memberCaseSchema } from '@meridian/contracts';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { updateCase, type CaseDocumentStatus } from './case-update';

const documentStatus = memberCaseSchema.shape.documents.element.shape.status;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, document: { type: 'string', multiple: true } },
});
const [caseNumber] = positionals;
const documents: Record<string, CaseDocumentStatus> = {};
for (const entry of values.document ?? []) {
  const [name, status] = entry.split('=');
  const parsed = documentStatus.safeParse(status);
  if (!name || !parsed.success)
    throw new Error(`--document "${entry}": give name=outstanding|received|complete`);
  documents[name] = parsed.data;
}
if (!caseNumber || (!values.status && Object.keys(documents).length === 0)) {
  console.error(
    'Usage: npm run case:update -- <case number> [--status "<text>"] [--document "<name>=received"]',
  );
  process.exit(2);
}

const database = await openDatabase(databaseTarget(loadConfig()));
try {
  await database.migrate();
  const updated = await updateCase(database.db, caseNumber, { status: values.status, documents });
  console.log(updated ? `Case ${caseNumber} updated.` : `No case ${caseNumber}.`);
  if (!updated) process.exitCode = 1;
} finally {
  await database.close();
}
