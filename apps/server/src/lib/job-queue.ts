import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { periodStart, recurringHandlers, scheduleRecurringJobs, type RecurringJob } from './recurring-jobs';

export type JobKind = (typeof jobs.$inferSelect)['kind'];

/** A job a worker holds the lease on while it runs. */
export interface ClaimedJob {
  id: string;
  kind: JobKind;
  subjectId: string;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
  sealedCode: string | null;
}

/** Does the job's work; a throw is a failed attempt, retried after a back-off until the job is dead. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

/** Thrown by a handler whose job must not be done as things stand: the job is dead at once, not retried. */
export class JobAbandoned extends Error {}

interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Database;
  log: WorkerLog;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /**
   * Purges and sweeps run once per period: each poll queues the period's run when this worker has not
   * yet (any instance may have; one run is queued), and the run is claimed like any job.
   */
  recurring?: RecurringJob[];
  /** How often to look for due jobs; 0 starts no timer (a test drives `runOnce`). */
  pollMs: number;
  /** Names this worker's leases; one per instance. */
  workerId?: string;
  /** How long a claimed job is this worker's alone: longer than any send may take. */
  leaseMs?: number;
  batchSize?: number;
  /** The first retry waits about this long; each later one twice as long, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  random?: () => number;
}

export interface JobWorker {
  /** Claims the jobs due at `now`, runs each and records how it went; answers how many it ran. */
  runOnce(now?: Date): Promise<number>;
  /** Queues the recurring jobs' runs of the period `now` falls in (each poll does, before claiming). */
  queueRecurring(now?: Date): Promise<void>;
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Looks for due jobs soon (a request has just queued one). */
  wake(): void;
  readonly workerId: string;
  /** The recurring jobs it queues, and those turned off on this deployment (the console says which). */
  readonly recurring: readonly RecurringJob[];
}

export const JOB_DEFAULTS = {
  leaseMs: 5 * 60_000,
  batchSize: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 8,
} as const;

/** Exponential back-off with jitter: between half and all of base × 2^(attempt − 1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random: () => number) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Writes a job (in the caller's transaction, so it exists exactly when what it sends does). */
export async function enqueueJob(
  db: Pick<Database, 'insert'>,
  job: { kind: JobKind; subjectId: string; sealedCode?: string | null; maxAttempts?: number },
) {
  await db.insert(jobs).values({
    kind: job.kind,
    subjectId: job.subjectId,
    sealedCode: job.sealedCode ?? null,
    maxAttempts: job.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
  });
}

/**
 * Puts a job that failed for the last time back in the queue, due now with its tries reset (the
 * console's "send again" and "run again"); false when it is not dead. `keepError`: the last error stays
 * for the console to show beside the new run.
 */
export async function requeueDeadJob(
  db: Pick<Database, 'update'>,
  jobId: string,
  { keepError = false }: { keepError?: boolean } = {},
) {
  const queued = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: new Date(),
      finishedAt: null,
      lockedBy: null,
      lockedUntil: null,
      ...(keepError ? {} : { lastError: null }),
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  return queued.length > 0;
}

/** What went wrong, short enough for the console and with no stack. */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * A worker of the job queue in `portal.jobs`. Due jobs are claimed in a transaction with
 * `FOR UPDATE SKIP LOCKED` and leased to this worker; the work runs outside any transaction (a slow
 * mail server holds no lock), and the outcome is recorded only while the lease is still this
 * worker's. A worker that dies mid-send leaves its lease to expire, and another takes the job then.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, log, pollMs } = options;
  const recurring = options.recurring ?? [];
  const handlers: Partial<Record<JobKind, JobHandler>> = {
    ...recurringHandlers(recurring, log),
    ...options.handlers,
  };
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? JOB_DEFAULTS.leaseMs;
  const batchSize = options.batchSize ?? JOB_DEFAULTS.batchSize;
  const retryBaseMs = options.retryBaseMs ?? JOB_DEFAULTS.retryBaseMs;
  const retryMaxMs = options.retryMaxMs ?? JOB_DEFAULTS.retryMaxMs;
  const random = options.random ?? Math.random;
  const kinds = Object.keys(handlers) as JobKind[];

  const claim = (now: Date) =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.status, ['queued', 'failed']),
            inArray(jobs.kind, kinds),
            // Due within the millisecond `now` names: run_at has microseconds (a trigger's now()) that a
            // JavaScript date lacks, so a job enqueued within the millisecond just read was not yet due.
            lt(jobs.runAt, new Date(now.getTime() + 1)),
            or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(
          inArray(
            jobs.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });

  const mine = (id: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId));

  const run = async (job: ClaimedJob, now: Date) => {
    try {
      await handlers[job.kind]!(job);
    } catch (error) {
      const dead = job.attempts >= job.maxAttempts || error instanceof JobAbandoned;
      const wait = retryDelayMs(job.attempts, retryBaseMs, retryMaxMs, random);
      await db
        .update(jobs)
        .set({
          status: dead ? 'dead' : 'failed',
          lastError: describe(error),
          runAt: new Date(now.getTime() + wait),
          lockedBy: null,
          lockedUntil: null,
          ...(dead ? { finishedAt: new Date(), sealedCode: null } : {}),
        })
        .where(mine(job.id));
      log.warn(
        { job: { id: job.id, kind: job.kind, attempts: job.attempts, dead }, failure: describe(error) },
        dead ? 'job failed for the last time: dead' : 'job failed: retried later',
      );
      return;
    }
    const recorded = await db
      .update(jobs)
      .set({
        status: 'sent',
        finishedAt: new Date(),
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
        sealedCode: null,
      })
      .where(mine(job.id))
      .returning({ id: jobs.id });
    if (recorded.length === 0)
      log.warn({ job: { id: job.id, kind: job.kind } }, 'job done after its lease ran out');
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  // The period each recurring job was last queued for by this worker: one insert per period, not per poll.
  const queuedFor = new Map<string, number>();
  const queueRecurring = async (now = new Date()) => {
    const due = recurring.filter(
      (job) => queuedFor.get(job.kind) !== periodStart(job.everyMs, now).getTime(),
    );
    if (due.length === 0) return;
    await scheduleRecurringJobs(db, due, now, log);
    for (const job of due) queuedFor.set(job.kind, periodStart(job.everyMs, now).getTime());
  };

  const runOnce = async (now = new Date()) => {
    if (kinds.length === 0) return 0;
    const claimed = await claim(now);
    for (const job of claimed) await run(job, now);
    return claimed.length;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await queueRecurring();
        // A full batch suggests more are due: keep going until a batch comes back short.
        while ((await runOnce()) === batchSize && !stopped);
      } catch (error) {
        log.error({ failure: describe(error) }, 'job queue poll failed');
      }
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else if (pollMs > 0) schedule(pollMs);
    });
  }

  return {
    workerId,
    recurring,
    runOnce,
    queueRecurring,
    start() {
      if (!stopped || pollMs <= 0) return;
      stopped = false;
      // The first poll at once: the recurring jobs of the period under way (a purge) run as the server
      // starts, as their timers did, and anything left due by the last instance goes without a wait.
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    wake() {
      // A transaction that queued a job commits a moment after; the poll would find it anyway.
      if (!stopped) schedule(50);
    },
  };
}
