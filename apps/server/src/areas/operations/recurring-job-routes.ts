import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { recurringJobListSchema, recurringJobNames, staffMay } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, recurringJobKinds } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { requeueDeadJob } from '../../lib/job-queue';
import { STATEMENT_RUN } from '../statements/statement-run';
import { requireRight } from './case-work';
import { auditStaff } from './staff-audit';

const RUNS_SHOWN = 10;

/** The jobs listed: the purges, sweeps and print run, and the yearly statement run (one a year). */
const listedKinds = [...recurringJobKinds, STATEMENT_RUN] as const;

/**
 * The recurring jobs (purges, sweeps, the letters' print run and the yearly statement run) and their
 * latest runs, for staff who read cases: a run that failed for the last time is `dead` here, the
 * queue's dead-letter list for them; a job this deployment turned off says so (`off`). Signed-in scope.
 */
export const recurringJobRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/recurring-jobs',
    {
      schema: {
        tags: ['operations-console'],
        summary:
          'The job queue’s recurring jobs (purges, sweeps, the letters’ print run and the yearly statement run), each with its latest runs: due, done, retrying or dead, and whether this deployment turned it off',
        response: {
          200: recurringJobListSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      await requireRight(db, request, 'read');
      const { recurring } = request.server.jobs;
      const list = [];
      for (const kind of listedKinds) {
        const runs = await db
          .select()
          .from(jobs)
          .where(eq(jobs.kind, kind))
          .orderBy(desc(jobs.runAt))
          .limit(RUNS_SHOWN);
        list.push({
          kind,
          name: recurringJobNames[kind],
          off: recurring.find((job) => job.kind === kind)?.off ?? null,
          runs: runs.map((run) => ({
            id: run.id,
            status: run.status,
            attempts: run.attempts,
            maxAttempts: run.maxAttempts,
            runAt: run.runAt.toISOString(),
            finishedAt: run.finishedAt?.toISOString() ?? null,
            lastError: run.lastError,
          })),
        });
      }
      return { jobs: list };
    },
  );

  app.post(
    '/recurring-jobs/:id/retry',
    {
      schema: {
        tags: ['operations-console'],
        summary:
          'Runs a recurring job’s dead run again (tries from 0, due now); team leaders and administrators (audited); 409 for a run not dead or a job turned off',
        params: z.object({ id: z.uuid() }),
        response: {
          200: z.object({ ok: z.literal(true) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!staffMay(request.staff!.role, 'resend')) {
        await auditStaff(db, request, {
          action: 'recurring_job_retry',
          outcome: 'denied',
          details: { jobId: id, reason: 'role' },
        });
        throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
      }
      const [run] = await db
        .select({ kind: jobs.kind, status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.id, id), inArray(jobs.kind, [...listedKinds])));
      if (!run) throw new AppError(404, 'recurring_job_not_found', 'There is no such recurring job run.');
      // A job turned off is never claimed here: its run would wait forever.
      const off = request.server.jobs.recurring.find((job) => job.kind === run.kind)?.off;
      if (off)
        throw new AppError(
          409,
          'recurring_job_off',
          `This job is off (${off.setting}), so it cannot be run again. ${off.instead}`,
        );
      const queued = await requeueDeadJob(db, id, { keepError: true });
      if (!queued)
        throw new AppError(
          409,
          'recurring_job_not_dead',
          'Only a run that failed for the last time can be run again.',
        );
      await auditStaff(db, request, {
        action: 'recurring_job_retry',
        outcome: 'success',
        details: { jobId: id, kind: run.kind },
      });
      request.server.jobs.wake();
      return { ok: true as const };
    },
  );
};
