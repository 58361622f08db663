import { http } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { contentAccessKey, visibilityKeyFromAccessKey } from '../access-key';
import { DC_POT_READ } from '../dc-options';

/** What the hub's summary, alerts, requests and record picker read for every record. */
const HUB_READS = [
  '/mdp-api/api/members/personal-details',
  '/mdp-api/api/linked-records',
  '/mdp-api/api/members/current/alerts',
  '/mdp-api/api/cases',
];
/** Retirement figures: the summary shows them to members not yet drawing their pension. */
const FIGURES_READS = [
  '/mdp-api/api/members/current/time-to-retirement',
  '/mdp-api/api/v3/retirement/quotes',
];
/** The pension being paid: the summary shows it to pensioners. */
export const PAYMENTS_READ = '/mdp-api/api/members/current/pension-payments';
/** A guaranteed transfer value: the summary shows it to active and deferred members of a defined benefit scheme. */
export const TRANSFER_QUOTE_READ = '/mdp-api/api/retirement/transfer-quote';

/**
 * The reads the hub makes for a record with this status and scheme type (as the content access key
 * says them); a record the key does not describe (basic mode) gets the reads a member's hub makes
 * before it knows their status.
 */
export function hubReadsFor({ memberStatus, schemeType }: { memberStatus?: unknown; schemeType?: unknown }) {
  if (typeof memberStatus !== 'string') return [...HUB_READS, ...FIGURES_READS, TRANSFER_QUOTE_READ];
  return [
    ...HUB_READS,
    ...(memberStatus === 'Pensioner' ? [PAYMENTS_READ] : FIGURES_READS),
    ...(schemeType === 'DB' && memberStatus !== 'Pensioner' ? [TRANSFER_QUOTE_READ] : []),
    // The pot today, under the summary of every DC record.
    ...(schemeType === 'DC' ? [DC_POT_READ] : []),
  ];
}

/**
 * Starts the hub's own reads while its content loads, so they travel in one batch instead of one call
 * each after the page has rendered; the hub's components then take the answers. It waits for the
 * content access key the page needs anyway, so it asks only for what the hub shows this record.
 */
export async function prefetchHubReads() {
  if (!readCookie('accessToken')) return;
  const key = await contentAccessKey().catch(() => null);
  const { fields } = key ? visibilityKeyFromAccessKey(key, []) : { fields: {} };
  const headers = activeRecordHeaders(singleAuthData.read());
  for (const path of hubReadsFor(fields)) http.prefetch(path, { headers });
}
