// The console's list of the job queue's recurring jobs (purges, sweeps, the letters' print run and the
// yearly statement run), with their recent runs.
import { z } from 'zod';

export const recurringJobNames = {
  bereavement_purge: 'Purge unsent reports of a death',
  session_sweep: 'Delete ended sessions and old sign-in events',
  bank_changes: 'Apply bank changes after their cooling-off',
  upload_sweep: 'Sweep interrupted uploads from the document store',
  letter_print: 'Print the letters waiting in the outbox',
  'annual-statements': 'Issue the year’s annual statements',
} as const;

export const recurringJobRunSchema = z.object({
  id: z.uuid(),
  /** `sent` is a run that finished; `failed` waits for its next try; `dead` gave up (the next period runs anyway). */
  status: z.enum(['queued', 'sent', 'failed', 'dead']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it was due, or (failed) when it is tried next. */
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const recurringJobListSchema = z.object({
  jobs: z.array(
    z.object({
      kind: z.enum(Object.keys(recurringJobNames) as [keyof typeof recurringJobNames]),
      name: z.string(),
      /**
       * Set when this deployment has turned the job off: the setting that does (`LETTER_PRINT_MINUTES=0`)
       * and what happens instead. No run of it is due; the runs listed are from before.
       */
      off: z.object({ setting: z.string(), instead: z.string() }).nullable(),
      /** The newest runs first, at most 10 (the yearly statement run: the year due, then the years run). */
      runs: z.array(recurringJobRunSchema),
    }),
  ),
});
export type RecurringJobList = z.infer<typeof recurringJobListSchema>;
