import type { MemberCase } from '@meridian/contracts';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

const headers = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });

/** The member's cases (applications sent, quotes asked for) and where each stands. */
export const casesApi = {
  cases: () => http.get<{ cases: MemberCase[] }>('/mdp-api/api/cases', headers()),
  /** The cases already read for the hub (it asks for them with its first reads), when fresh. */
  casesAnswered: () => http.answered<{ cases: MemberCase[] }>('/mdp-api/api/cases', headers())?.cases,
};
