import type { Page, TenantContent } from '@meridian/contracts';
import { runtimeConfig } from './config';
import { createHttpClient, orEmptyOn404 } from './http/client';
import { activeRecordHeaders, singleAuthData } from './session-storage';

export const http = createHttpClient({ defaultHeaders: { ENV: runtimeConfig.environment } });

const contentBase = '/content-api/api/v2/content';
export const tenantUrl = () => window.location.host.split(':')[0]!;

export const contentApi = {
  tenant: () => http.get<TenantContent>(`${contentBase}/tenant-content`, { query: { tenantUrl: tenantUrl() } }),
  unauthorisedPage: (pageUrl: string) =>
    orEmptyOn404(http.get<Page>(`${contentBase}/unauthorized-page`, { query: { pageUrl, tenantUrl: tenantUrl() } })),
};

export interface TokenResponse {
  accessToken: string;
  businessGroup: string;
  referenceNumber: string;
  hasMultipleRecords: boolean;
}

export interface SessionStatus {
  idleExpiresAt: string;
  idleTimeoutMinutes: number;
}

const auth = '/authentication-api/api';
export const authApi = {
  login: (userName: string, password: string) =>
    http.post<TokenResponse>(`${auth}/authentication/login`, { body: { userName, password } }),
  logout: () => http.post<void>(`${auth}/authentication/logout`),
  switchUser: (businessGroup: string, referenceNumber: string) =>
    http.post<TokenResponse>(`${auth}/authentication/switch-user`, { body: { businessGroup, referenceNumber } }),
  keepAlive: () => http.post<SessionStatus>(`${auth}/sso/session/keep-alive`),
  session: () => http.get<SessionStatus>(`${auth}/sso/session`),
};

export interface PersonalDetails {
  name: string;
  referenceNumber: string;
  businessGroup: string;
  schemeName: string;
  schemeType: 'DB' | 'DC';
  status: string;
  dateOfBirth: string;
}

export interface LinkedRecord {
  referenceNumber: string;
  businessGroup: string;
  schemeDescription: string;
  schemeType: 'DB' | 'DC';
  memberStatus: string;
  recordType: 'primary' | 'linked';
}

const recordHeaders = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });
export const memberApi = {
  initialize: () => http.post<void>('/mdp-api/initialize', recordHeaders()),
  personalDetails: () => http.get<PersonalDetails>('/mdp-api/api/members/personal-details', recordHeaders()),
  linkedRecords: () =>
    http.get<{ members: LinkedRecord[] }>('/mdp-api/api/linked-records', recordHeaders()),
};
