import { http } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

/** What the hub's summary, alerts, requests and record picker read for the chosen record. */
const HUB_READS = [
  '/mdp-api/api/members/personal-details',
  '/mdp-api/api/linked-records',
  '/mdp-api/api/members/current/alerts',
  '/mdp-api/api/members/current/time-to-retirement',
  '/mdp-api/api/v3/retirement/quotes',
  '/mdp-api/api/retirement/transfer-quote',
  '/mdp-api/api/cases',
];

/**
 * Starts the hub's own reads while its content loads, so they travel in one batch instead of one call
 * each after the page has rendered; the hub's components then take the answers.
 */
export function prefetchHubReads() {
  if (!readCookie('accessToken')) return;
  const headers = activeRecordHeaders(singleAuthData.read());
  for (const path of HUB_READS) http.prefetch(path, { headers });
}
