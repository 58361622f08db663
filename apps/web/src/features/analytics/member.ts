import { memberAnalyticsSchema } from '@meridian/contracts';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { contentAccessKey } from '../access-key';
import type { Member } from './analytics';
import { buildAnalyticsProfile } from './profile';

const memberApi = '/mdp-api/api/members/current';

/**
 * The signed-in member's analytics parameters (custom dimensions) and profile, for the chosen
 * record. The profile is read with the content access key, so both exist before it is asked for.
 */
export async function loadMemberAnalytics(): Promise<Member> {
  const headers = activeRecordHeaders(singleAuthData.read());
  const key = await contentAccessKey();
  const [parameters, details] = await Promise.all([
    http.get<unknown>(`${memberApi}/analytics`, { headers }),
    http.get<{ data?: unknown }>(`${memberApi}/analytics-profile`, {
      query: { contentAccessKey: key },
      headers,
    }),
  ]);
  return {
    dimensions: memberAnalyticsSchema.parse(parameters),
    profile: buildAnalyticsProfile(details.data),
  };
}
