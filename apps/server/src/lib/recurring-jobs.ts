import { createHash } from 'node:crypto';
import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs, recurringJobKinds } from '../db/schema';
import type { JobHandler } from './job-queue';

export type RecurringJobKind = (typeof recurringJobKinds)[number];

/** A purge or sweep the job queue runs once in every period of `everyMs`, on one instance. */
export interface RecurringJob {
  kind: RecurringJobKind;
  /** The period: runs are due at each multiple of it since the Unix epoch (and at start, for the period under way). */
  everyMs: number;
  /** The work; a throw is a failed attempt, retried with back-off. Answers counts of what it did, for the log. */
  run: () => Promise<Record<string, number> | void>;
  /**
   * Set when the deployment has turned the job off (LETTER_PRINT_MINUTES=0): the setting that does and
   * what happens instead, for the console. No run is queued or claimed, and once in each period of
   * `everyMs` a run left due (queued before the switch, or by an instance still on the old setting) is
   * cancelled, so none waits forever.
   */
  off?: RecurringJobOff;
}

/** Why a recurring job does not run on this deployment, as the console shows it. */
export interface RecurringJobOff {
  /** The setting that turns it off, as written: `LETTER_PRINT_MINUTES=0`. */
  setting: string;
  /** What happens instead, in a sentence. */
  instead: string;
}

/** A recurring run that keeps failing is dead after this many attempts; the next period's run goes ahead. */
export const RECURRING_MAX_ATTEMPTS = 5;
/** Finished runs are kept this long (the console shows the latest), then deleted; dead ones are kept. */
export const RECURRING_RUNS_KEPT_DAYS = 7;

/** The start of the period `now` falls in. */
export const periodStart = (everyMs: number, now: Date) =>
  new Date(Math.floor(now.getTime() / everyMs) * everyMs);

/**
 * The job id of one period's run, the same on every instance: a UUID (version 8, name-based) from a
 * SHA-256 of the kind and the period's start.
 */
export function recurringSubject(kind: RecurringJobKind, start: Date): string {
  const hex = createHash('sha256').update(`${kind}@${start.toISOString()}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Deletes the runs of jobs turned off that are still due (queued, or failed and waiting for a try),
 * but not one an instance holds the lease of now (it is running there). Answers the runs deleted.
 */
export async function cancelOffRuns(
  db: Database,
  off: RecurringJob[],
  now: Date,
  log?: { info(details: object, message: string): void },
) {
  if (off.length === 0) return 0;
  const cancelled = await db
    .delete(jobs)
    .where(
      and(
        inArray(
          jobs.kind,
          off.map((job) => job.kind),
        ),
        inArray(jobs.status, ['queued', 'failed']),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
      ),
    )
    .returning({ id: jobs.id, kind: jobs.kind, runAt: jobs.runAt });
  for (const run of cancelled) {
    const job = off.find((candidate) => candidate.kind === run.kind)!;
    log?.info(
      { job: { id: run.id, kind: run.kind, runAt: run.runAt.toISOString() }, off: job.off!.setting },
      `${run.kind} run cancelled: ${job.off!.setting}`,
    );
  }
  return cancelled.length;
}

/**
 * Queues the run of each recurring job for the period `now` falls in, due at the period's start,
 * unless it is queued already (by this instance or another: `jobs_subject` is unique, and a second
 * insert does nothing). A job turned off is not queued: its runs still due are cancelled instead.
 * Answers how many it queued; when it queued any, finished runs older than RECURRING_RUNS_KEPT_DAYS
 * are deleted.
 */
export async function scheduleRecurringJobs(
  db: Database,
  all: RecurringJob[],
  now: Date,
  log?: { info(details: object, message: string): void },
) {
  await cancelOffRuns(
    db,
    all.filter((job) => job.off),
    now,
    log,
  );
  const recurring = all.filter((job) => !job.off);
  if (recurring.length === 0) return 0;
  const queued = await db
    .insert(jobs)
    .values(
      recurring.map((job) => {
        const start = periodStart(job.everyMs, now);
        return {
          kind: job.kind,
          subjectId: recurringSubject(job.kind, start),
          runAt: start,
          maxAttempts: RECURRING_MAX_ATTEMPTS,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (queued.length > 0)
    await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.kind, [...recurringJobKinds]),
          inArray(jobs.status, ['sent']),
          lt(jobs.finishedAt, new Date(now.getTime() - RECURRING_RUNS_KEPT_DAYS * 86_400_000)),
        ),
      );
  return queued.length;
}

/** The queue's handlers for recurring jobs: each runs its work and logs what it did, when it did anything. */
export function recurringHandlers(
  recurring: RecurringJob[],
  log: { info(details: object, message: string): void },
): Partial<Record<RecurringJobKind, JobHandler>> {
  return Object.fromEntries(
    recurring
      .filter((job) => !job.off)
      .map((job) => [
        job.kind,
        async () => {
          const done = await job.run();
          if (done && Object.values(done).some((count) => count > 0))
            log.info({ job: { kind: job.kind }, done }, `${job.kind} done`);
        },
      ]),
  );
}
