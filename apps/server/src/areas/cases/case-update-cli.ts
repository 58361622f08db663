// npm run case:update -- <case number> --status "<status>" --note "<what the member reads>"
//   or --document "<name>=received", or --document "<name>=outstanding" --note "<what the member reads>"
// Stands in for the administrator's case system: one change, made as the console makes it (case-work.ts
// actOnCaseByCommand, through case-update.ts updateCase), so the member sees it in My requests and is told as the console would tell them.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { AppError } from '../../lib/errors';
import { CaseChangeError, updateCase, type CaseChange } from './case-update';

const usage = `Usage: npm run case:update -- <case number> --status "<status>" --note "<what the member reads>"
       npm run case:update -- <case number> --document "<name>=received"
       npm run case:update -- <case number> --document "<name>=outstanding" --note "<what the member reads>"`;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, document: { type: 'string' }, note: { type: 'string' } },
});
const [caseNumber] = positionals;
const documentOf = (entry: string): CaseChange['document'] => {
  const at = entry.lastIndexOf('=');
  const [name, status] = [entry.slice(0, at), entry.slice(at + 1)];
  if (at < 1 || !['received', 'outstanding'].includes(status)) {
    console.error(`--document "${entry}": give name=received or name=outstanding\n${usage}`);
    process.exit(2);
  }
  return { name, requested: status === 'outstanding' };
};
if (!caseNumber) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  await updateCase(
    database.db,
    {
      log: pino({ level: 'warn' }),
      operator: userInfo().username,
      // Email and texts get their jobs, which the server's worker sends; letters wait for the print run.
      channels: { email: Boolean(config.SMTP_URL), sms: Boolean(config.SMS_PROVIDER_URL) },
    },
    caseNumber,
    {
      status: values.status,
      document: values.document === undefined ? undefined : documentOf(values.document),
      note: values.note,
    },
  );
  console.log(`Case ${caseNumber} updated.`);
} catch (error) {
  if (!(error instanceof CaseChangeError || error instanceof AppError)) throw error;
  console.error(`${error.message}\n${usage}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
