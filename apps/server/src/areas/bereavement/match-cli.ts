// npm run bereavement:match -- <report reference> <member reference>
// npm run bereavement:match -- --undo <report reference>
// Stands in for the scheme's back office until the operations console calls the same service: matches
// a sent report of a death to the member record it is about, which suspends the member's portal account.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { AppError } from '../../lib/errors';
import { matchReport, unmatchReport } from './matching';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { undo: { type: 'boolean' } } });
const [caseNumber, memberReference] = positionals;
if (!caseNumber || (values.undo ? positionals.length !== 1 : !memberReference || positionals.length !== 2)) {
  console.error(
    'Usage: npm run bereavement:match -- <report reference> <member reference>\n' +
      '       npm run bereavement:match -- --undo <report reference>\n' +
      'A member reference is its number (1234567), or BGR:1234567 when the number is in two business groups.',
  );
  process.exit(2);
}

const database = await openDatabase(databaseTarget(loadConfig()));
try {
  await database.migrate();
  if (values.undo) {
    const { liftedUsers } = await unmatchReport(database.db, caseNumber);
    console.log(`${caseNumber} is no longer matched; ${liftedUsers} account(s) can sign in again.`);
  } else {
    const match = await matchReport(database.db, caseNumber, memberReference!);
    console.log(
      `${caseNumber} matched to ${match.businessGroup}:${match.referenceNumber}; ` +
        `${match.suspendedUsers} account(s) suspended, ${match.endedSessions} session(s) ended, ` +
        `${match.endedProviderSessions} sign-in provider session(s) ended.`,
    );
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
