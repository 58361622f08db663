import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Messaging } from '../../lib/messaging';
import type { RecurringJob, RecurringJobOff } from '../../lib/recurring-jobs';
import { sweepEndedSessions } from '../authentication/refresh-token-sweep';
import type { SessionPolicy } from '../authentication/session-service';
import { reportDocumentStore } from '../bereavement/documents';
import { sweepDocumentStore, SWEEP_GRACE_MS } from '../documents/library';
import type { DocumentStore } from '../documents/store';
import { purgeExpiredReports } from '../bereavement/purge';
import { applyDueBankChanges } from '../my-details/bank-changes';
import { letterPrintStore, printLetters } from '../outbox/print-letters';

/** How often bank changes whose cooling-off has ended are applied (a member's read applies theirs at once). */
export const BANK_CHANGES_MINUTES = 15;

/** The print run turned off (LETTER_PRINT_MINUTES=0), as the console's Recurring jobs says it. */
export const LETTER_PRINT_OFF: RecurringJobOff = {
  setting: 'LETTER_PRINT_MINUTES=0',
  instead: 'Letters wait in the outbox until npm run outbox:letters prints them.',
};

/** How often a server with the print run off cancels a run left due (queued before it was turned off). */
export const OFF_RUNS_CHECK_MINUTES = 60;

/**
 * The purges, sweeps and print run the job queue runs, each once per period on one instance,
 * retried with back-off when it fails and listed in the console (Recurring jobs) with its last runs:
 * - `bereavement_purge`: unsent reports of a death past their time, with their files, and spent
 *   captcha challenges (every BEREAVEMENT_PURGE_MINUTES);
 * - `session_sweep`: sessions ended over a day ago with their refresh tokens, expired content access
 *   keys, and sign-in events past the 90 days kept (every REFRESH_TOKEN_SWEEP_MINUTES);
 * - `bank_changes`: bank account changes whose cooling-off has ended (every 15 minutes);
 * - `upload_sweep`: what interrupted uploads left in the members' document store, a `.part` file or a
 *   file no row names, once over an hour old (hourly). The store is the deployment's one (S3, or a
 *   directory every instance mounts), so one instance sweeping it is enough;
 * - `letter_print`: the letters waiting in the outbox, written to the letters' store for the
 *   print-and-post service with their sealed codes opened, then marked sent (every
 *   LETTER_PRINT_MINUTES, daily by default; `npm run outbox:letters` runs the same print at once). With
 *   LETTER_PRINT_MINUTES=0 it is off: no run is queued or claimed, a run left due from before the switch
 *   is cancelled (at start, then hourly), letters wait for the command, and the console lists the job as
 *   Off (LETTER_PRINT_MINUTES=0).
 */
export function recurringJobsOf({
  db,
  config,
  sessionPolicy,
  messaging,
  documentStore,
  letterSecret,
  log,
}: {
  db: Database;
  config: Config;
  sessionPolicy: SessionPolicy;
  messaging: Messaging;
  documentStore: DocumentStore;
  /** Opens the codes sealed in letters (the `outbox-letters` key). */
  letterSecret: Uint8Array;
  log: FastifyBaseLogger;
}): RecurringJob[] {
  const reportStore = reportDocumentStore(config);
  const letterStore = letterPrintStore(config);
  const jobs: RecurringJob[] = [
    {
      kind: 'bereavement_purge',
      everyMs: config.BEREAVEMENT_PURGE_MINUTES * 60_000,
      run: () => purgeExpiredReports(db, reportStore),
    },
    {
      kind: 'session_sweep',
      everyMs: config.REFRESH_TOKEN_SWEEP_MINUTES * 60_000,
      run: () => sweepEndedSessions(db, sessionPolicy),
    },
    {
      kind: 'bank_changes',
      everyMs: BANK_CHANGES_MINUTES * 60_000,
      run: async () => ({ applied: await applyDueBankChanges(db, messaging, log) }),
    },
    {
      kind: 'upload_sweep',
      everyMs: SWEEP_GRACE_MS,
      run: async () => {
        const { partial, orphaned } = await sweepDocumentStore(db, documentStore);
        return { partial, orphaned };
      },
    },
  ];
  const printRun = async () => ({ printed: await printLetters(db, letterSecret, letterStore) });
  jobs.push(
    // 0 is off: never queued nor run; its period is then how often a run left due is looked for.
    config.LETTER_PRINT_MINUTES > 0
      ? { kind: 'letter_print', everyMs: config.LETTER_PRINT_MINUTES * 60_000, run: printRun }
      : {
          kind: 'letter_print',
          everyMs: OFF_RUNS_CHECK_MINUTES * 60_000,
          run: printRun,
          off: LETTER_PRINT_OFF,
        },
  );
  return jobs;
}
