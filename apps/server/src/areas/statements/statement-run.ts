import { eq, inArray } from 'drizzle-orm';
import { taxYearOf, utcDay, type IsoDate, type Tm1MissingRate } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { jobs, members, schemes } from '../../db/schema';
import type { JobHandler } from '../../lib/job-queue';
import type { DocumentLibrary } from '../documents/library';
import { IllustrationNotReadyError, issueAnnualStatement } from './statement';

/** The job queue's kind for the yearly statement run. */
export const STATEMENT_RUN = 'annual-statements' as const;

/**
 * The job subject naming a statement year's run, by the year it starts in: 2026/27 is
 * 00000000-0000-0000-0000-000000002026. One job a year: queuing it again (every instance, every start)
 * finds it there (the queue's unique kind and subject).
 */
export const statementRunSubject = (startYear: number) =>
  `00000000-0000-0000-0000-${String(startYear).padStart(12, '0')}`;
const startYearOf = (subjectId: string) =>
  Number.parseInt(subjectId.slice(subjectId.lastIndexOf('-') + 1), 10);

/** A statement year's run is due on its first day, 6 April, at 02:00 UTC. */
export const statementRunDue = (startYear: number) => new Date(`${startYear}-04-06T02:00:00.000Z`);

/** The year a date's statement year starts in (6 April to 5 April). */
export const statementYearStart = (day: IsoDate) => Number(taxYearOf(day).slice(0, 4));

/** Queues a statement year's run, due on its first day, unless it is queued (or has run) already. */
export async function scheduleStatementRun(db: Pick<Database, 'insert'>, startYear: number) {
  await db
    .insert(jobs)
    .values({
      kind: STATEMENT_RUN,
      subjectId: statementRunSubject(startYear),
      runAt: statementRunDue(startYear),
    })
    .onConflictDoNothing();
}

interface RunLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The yearly statement run: issues this statement year's statement (figures as at `today`) into the
 * documents of every record still building or keeping a pension (Active or Deferred; a pension in payment
 * has none), skipping those issued already, so a retried or repeated run carries on where it stopped. A
 * record whose figures cannot be worked out is logged and left for the member to read on the page; the
 * run goes on. A DC record whose illustration year has no AS TM1 annuity interest rate is skipped (not
 * issued on last year's rate) with a warning naming the setting and the year: once the rate is added, a
 * repeated run issues it. Then the next year's run is queued.
 */
export async function runAnnualStatements(
  db: Database,
  library: DocumentLibrary,
  log: RunLog,
  startYear: number,
  today: IsoDate = utcDay(new Date()),
) {
  const records = await db
    .select({ member: members, scheme: schemes })
    .from(members)
    .innerJoin(schemes, eq(schemes.code, members.schemeCode))
    .where(inArray(members.status, ['Active', 'Deferred']));
  let issued = 0;
  let failed = 0;
  let notReady = 0;
  let missing: Tm1MissingRate | null = null;
  for (const found of records) {
    const record = {
      businessGroup: found.member.businessGroup,
      referenceNumber: found.member.referenceNumber,
    };
    try {
      if (await issueAnnualStatement(db, library, found, today)) issued += 1;
    } catch (error) {
      if (error instanceof IllustrationNotReadyError) {
        notReady += 1;
        missing = error.missing;
        const { setting, illustrationYear, message } = error.missing;
        log.warn(
          { record, setting, illustrationYear, failure: message },
          `SMPI not issued: no AS TM1 ${setting} rate for ${illustrationYear}`,
        );
        continue;
      }
      failed += 1;
      log.warn(
        { record, failure: error instanceof Error ? error.message : String(error) },
        'annual statement not issued',
      );
    }
  }
  await scheduleStatementRun(db, Math.max(startYear, statementYearStart(today)) + 1);
  log.info(
    { statementYear: taxYearOf(today), records: records.length, issued, failed, notReady },
    'annual statement run done',
  );
  return { records: records.length, issued, failed, notReady, missing };
}

/**
 * The job queue's handler of the yearly run: the run its subject names. A run that skipped SMPIs for a
 * missing annuity interest rate fails, naming it, so the queue tries again (each try issues only what is
 * missing) and, once out of tries, the console lists it dead with that error, for Run again after the rate
 * is added.
 */
export const statementRunHandler =
  (
    db: Database,
    library: DocumentLibrary,
    log: RunLog,
    today: () => IsoDate = () => utcDay(new Date()),
  ): JobHandler =>
  async (job) => {
    const run = await runAnnualStatements(db, library, log, startYearOf(job.subjectId), today());
    if (run.missing)
      throw new Error(
        `${run.notReady} pension illustration(s) not issued: ${run.missing.message}, then run again`,
      );
  };
