import type {
  CaseDeadlineList,
  CaseQueue,
  CaseQueueOptions,
  CaseQueueStatusFilter,
  CaseDeadlines,
  CaseDetail,
  Dashboard,
  DeathReportList,
  PendingBankChangeList,
  IdentityCheckList,
  MemberSearchResult,
  MemberView,
  StaffMember,
  StaffRole,
  TenantCaseDeadlines,
} from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

/** The console's own client: the staff API only, no member batching or token refresh. */
const http = createHttpClient();
const base = '/admin-api';

export interface QueueFilter {
  type?: string;
  status?: CaseQueueStatusFilter;
  tenant?: string;
  assignee?: string;
  minAgeDays?: string;
  page?: string;
}

export const consoleApi = {
  me: () => http.get<StaffMember>(`${base}/me`),
  signIn: (email: string, password: string) =>
    http.post<{ next: 'code'; enrolment: { secret: string; otpauthUri: string } | null }>(`${base}/sign-in`, {
      body: { email, password },
    }),
  code: (code: string) => http.post<StaffMember>(`${base}/sign-in/code`, { body: { code } }),
  signOut: () => http.post(`${base}/sign-out`),
  staff: () =>
    http.get<{ staff: Array<{ id: string; name: string; role: StaffRole; tenantUrl: string | null }> }>(
      `${base}/staff`,
    ),
  cases: (filter: QueueFilter) => {
    const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value));
    return http.get<CaseQueue>(`${base}/cases`, { query });
  },
  caseFilters: () => http.get<CaseQueueOptions>(`${base}/cases/filters`),
  identityChecks: (page: string | null) =>
    http.get<IdentityCheckList>(`${base}/identity-checks`, { query: page ? { page } : {} }),
  decideIdentity: (
    businessGroup: string,
    referenceNumber: string,
    body: { outcome: 'verified' } | { outcome: 'failed'; reason: string },
  ) =>
    http.post(
      `${base}/identity-checks/${encodeURIComponent(businessGroup)}/${encodeURIComponent(referenceNumber)}/decision`,
      { body },
    ),
  members: (query: Record<string, string>) =>
    http.get<MemberSearchResult>(`${base}/members`, {
      query: Object.fromEntries(Object.entries(query).filter(([, value]) => value)),
    }),
  memberView: (businessGroup: string, referenceNumber: string, signal?: AbortSignal) =>
    http.get<MemberView>(
      `${base}/members/${encodeURIComponent(businessGroup)}/${encodeURIComponent(referenceNumber)}`,
      { signal },
    ),
  dashboard: () => http.get<Dashboard>(`${base}/dashboard`),
  bankChanges: (page: string | null) =>
    http.get<PendingBankChangeList>(`${base}/bank-changes`, { query: page ? { page } : {} }),
  decideBankChange: (changeId: string, decision: 'release' | 'cancel', note: string) =>
    http.post(`${base}/bank-changes/${encodeURIComponent(changeId)}/${decision}`, { body: { note } }),
  deathReports: (page: string | null) =>
    http.get<DeathReportList>(`${base}/death-reports`, { query: page ? { page } : {} }),
  matchDeathReport: (caseNumber: string, memberReference: string) =>
    http.post<{ businessGroup: string; referenceNumber: string; suspendedUsers: number }>(
      `${base}/death-reports/${encodeURIComponent(caseNumber)}/match`,
      { body: { memberReference } },
    ),
  unmatchDeathReport: (caseNumber: string) =>
    http.post<{ liftedUsers: number }>(`${base}/death-reports/${encodeURIComponent(caseNumber)}/unmatch`),
  case: (caseNumber: string) => http.get<CaseDetail>(`${base}/cases/${encodeURIComponent(caseNumber)}`),
  act: (
    caseNumber: string,
    action:
      'assign' | 'status' | 'notes' | 'complete' | 'reject' | 'documents/received' | 'documents/request',
    body: unknown,
  ) => http.post(`${base}/cases/${encodeURIComponent(caseNumber)}/${action}`, { body }),
  /** Each tenant's case deadlines (administrators only). */
  caseDeadlines: () => http.get<CaseDeadlineList>(`${base}/case-deadlines`),
  /**
   * Sets a tenant's whole rule set, in place of its content file and the defaults. Through this client,
   * so the write forgets the queue's and cases' shared reads, whose deadlines it changes.
   */
  changeCaseDeadlines: (tenantUrl: string, deadlines: CaseDeadlines) =>
    http.put<TenantCaseDeadlines>(`${base}/case-deadlines/${encodeURIComponent(tenantUrl)}`, {
      body: deadlines,
    }),
};

export const summaryPdfUrl = (caseNumber: string) =>
  `${base}/cases/${encodeURIComponent(caseNumber)}/summary.pdf`;
export const fileUrl = (caseNumber: string, fileId: string) =>
  `${base}/cases/${encodeURIComponent(caseNumber)}/files/${fileId}`;
export const identityDocumentUrl = (businessGroup: string, referenceNumber: string) =>
  `${base}/identity-checks/${encodeURIComponent(businessGroup)}/${encodeURIComponent(referenceNumber)}/document`;
