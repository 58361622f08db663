import type { DcCompareRequest, DcCompareResponse, DcOptionsResponse, DcPot } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';

export const DC_POT_READ = '/mdp-api/api/members/current/dc-pot';
const DC_OPTIONS_READ = '/mdp-api/api/retirement/dc/options';

export const readDcPot = () => http.get<DcPot>(DC_POT_READ, recordHeaders());

/** The options at a date or age with the member's choices (a flat query); what is left out takes the server's default. */
export function readDcOptions(query: URLSearchParams) {
  const suffix = query.size > 0 ? `?${query}` : '';
  return http.get<DcOptionsResponse>(`${DC_OPTIONS_READ}${suffix}`, recordHeaders());
}

export const compareDcOptions = (request: DcCompareRequest) =>
  http.post<DcCompareResponse>(`${DC_OPTIONS_READ}/compare`, { body: request, ...recordHeaders() });
