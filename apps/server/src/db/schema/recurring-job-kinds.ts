/**
 * The queue's recurring jobs: purges and sweeps run once per period on whichever instance claims them
 * (lib/recurring-jobs.ts; docs/operations.md "Recurring jobs").
 */
export const recurringJobKinds = [
  'bereavement_purge',
  'session_sweep',
  'bank_changes',
  'upload_sweep',
] as const;
