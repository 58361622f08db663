// npm run members:import -- --business-group <code> [--dry-run] [--data] <file.csv|file.json>
// Loads a scheme's members, or with --data rows of their data (service, salaries, fund holdings, prices,
// contributions, valuations, pensioners' payroll records, payments and increases), into the database the
// server uses (DATABASE_URL, else PGlite in PGLITE_DIR): every row is checked first; any problem fails the
// whole file and nothing is written.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase, type Database } from '../../db/client';
import { describeProblem, validateImport } from './member-import';
import { formatOf, ImportFileError, readImportFile } from './member-import-file';
import { importMembers } from './member-import-store';
import { importMemberData, validateDataRows } from './member-data-import';

const usage =
  'Usage: npm run members:import -- --business-group <code> [--dry-run] [--data] <file.csv|file.json>';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'business-group': { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    data: { type: 'boolean', default: false },
  },
});
const [file] = positionals;
const businessGroup = values['business-group']?.trim().toUpperCase();
const format = file ? formatOf(file) : null;
if (!file || !businessGroup || !format || positionals.length > 1) {
  console.error(file && !format ? `${file}: the file must end in .csv or .json\n${usage}` : usage);
  process.exit(2);
}

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  console.error('Nothing was imported.');
  process.exit(1);
}

let rows;
try {
  rows = readImportFile(readFileSync(file, 'utf8'), format);
} catch (error) {
  if (error instanceof ImportFileError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
    fail([`${file}: ${(error as Error).message}`]);
  }
  throw error;
}
type ImportProblem = Parameters<typeof describeProblem>[0];
type Outcome = { ok: true; written: string; wouldWrite: string } | { ok: false; problems: ImportProblem[] };

/** Writes checked rows into the server's database, or explains why nothing was written. */
async function writeChecked(write: (db: Database) => Promise<Outcome>) {
  const database = await openDatabase(databaseTarget(loadConfig()));
  try {
    await database.migrate();
    const result = await write(database.db);
    if (!result.ok) {
      for (const problem of result.problems) console.error(describeProblem(problem));
      console.error('Nothing was imported.');
      process.exitCode = 1;
    } else {
      console.log(
        values['dry-run']
          ? `Dry run, nothing written: ${result.wouldWrite} (${database.description}).`
          : `${result.written} (${database.description}).`,
      );
    }
  } finally {
    await database.close();
  }
}

const source = basename(file);
const dryRun = values['dry-run'];
if (values.data) {
  const checked = validateDataRows(rows, format);
  if (!checked.ok)
    fail([`${file}: ${checked.problems.length} problem(s)`, ...checked.problems.map(describeProblem)]);
  await writeChecked(async (db) => {
    const result = await importMemberData(db, { businessGroup, rows: checked.rows, source, dryRun });
    if (!result.ok) return result;
    const counts = `${result.membersChanged} member(s) changed, ${result.paymentsAdded} payment(s) added, ${result.payrollsSet} payroll record(s) set, ${result.increasesSet} increase(s) set`;
    return {
      ok: true,
      written: `Imported ${result.rows} row(s) into ${businessGroup}: ${counts}`,
      wouldWrite: `${result.rows} row(s) for ${businessGroup} would leave ${counts}`,
    };
  });
} else {
  const checked = validateImport(rows, businessGroup, format);
  if (!checked.ok)
    fail([`${file}: ${checked.problems.length} problem(s)`, ...checked.problems.map(describeProblem)]);
  await writeChecked(async (db) => {
    const result = await importMembers(db, { businessGroup, members: checked.members, source, dryRun });
    if (!result.ok) return result;
    const counts = `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.bankAccountsChanged} bank account(s) changed`;
    return {
      ok: true,
      written: `Imported ${checked.members.length} member(s) into ${businessGroup}: ${counts}`,
      wouldWrite: `${checked.members.length} member(s) for ${businessGroup} would be ${counts}`,
    };
  });
}
process.exit();
