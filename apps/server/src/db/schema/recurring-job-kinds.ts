/**
 * The queue's recurring jobs: purges, sweeps and the letters' print run, each run once per period on
 * whichever instance claims it (lib/recurring-jobs.ts; docs/operations.md "Recurring jobs").
 */
export const recurringJobKinds = [
  'bereavement_purge',
  'session_sweep',
  'bank_changes',
  'upload_sweep',
  'letter_print',
] as const;
