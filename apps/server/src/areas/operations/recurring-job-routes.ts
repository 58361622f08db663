import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { errorBodySchema, recurringJobListSchema, recurringJobNames } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { jobs, recurringJobKinds } from '../../db/schema';
import { requireRight } from './case-work';

const RUNS_SHOWN = 10;

/**
 * The recurring jobs (purges and sweeps) and their latest runs, for staff who read cases: a run that
 * failed for the last time is `dead` here, the queue's dead-letter list for them. Signed-in scope.
 */
export const recurringJobRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/recurring-jobs',
    {
      schema: {
        tags: ['operations-console'],
        summary:
          'The job queue’s recurring jobs (purges and sweeps), each with its latest runs: done, retrying or dead',
        response: {
          200: recurringJobListSchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      await requireRight(db, request, 'read');
      const list = [];
      for (const kind of recurringJobKinds) {
        const runs = await db
          .select()
          .from(jobs)
          .where(eq(jobs.kind, kind))
          .orderBy(desc(jobs.runAt))
          .limit(RUNS_SHOWN);
        list.push({
          kind,
          name: recurringJobNames[kind],
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
};
