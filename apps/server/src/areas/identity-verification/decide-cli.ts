// npm run identity:decide -- <business group> <reference number> --verified|--failed --by "<name>" [--reason "<text>"]
// Stands in for the scheme's back office: records what someone who looked at the photo ID decided.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { decidedByCommand } from '../operations/identity-checks';
import { decideIdentity } from './service';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    verified: { type: 'boolean' },
    failed: { type: 'boolean' },
    by: { type: 'string' },
    /** Why it was refused, which the member reads (with --failed). */
    reason: { type: 'string' },
  },
});
const [businessGroup, referenceNumber] = positionals;
if (!businessGroup || !referenceNumber || values.verified === values.failed || !values.by) {
  console.error(
    'Usage: npm run identity:decide -- <business group> <reference number> --verified|--failed --by "<name>" [--reason "<text>"]',
  );
  process.exit(2);
}

const database = await openDatabase(databaseTarget(loadConfig()));
try {
  await database.migrate();
  const decided = await decideIdentity(
    database.db,
    { businessGroup, referenceNumber },
    values.verified ? 'verified' : 'failed',
    decidedByCommand(values.by, { log: pino({ level: 'warn' }), operator: userInfo().username }),
    values.failed ? values.reason?.trim() || null : null,
  );
  console.log(
    decided
      ? `Identity of ${businessGroup}/${referenceNumber} ${values.verified ? 'confirmed' : 'not confirmed'}.`
      : `No pending identity check for ${businessGroup}/${referenceNumber}.`,
  );
  if (!decided) process.exitCode = 1;
} finally {
  await database.close();
}
