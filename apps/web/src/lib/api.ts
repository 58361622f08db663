import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  BATCHABLE_PREFIXES,
  RECORD_HEADERS,
  type Globals,
  type Page,
  type SecondFactorAnswer,
  type SecondFactorChallenge,
  type CodeChannel,
  type SentSignInCode,
  type TenantContent,
} from '@meridian/contracts';
import { runtimeConfig } from './config';
import { removeCookie } from './cookies';
import { createHttpClient, getContent, HttpError, type RequestInfo } from './http/client';
import { activeRecordHeaders, singleAuthData } from './session-storage';

/**
 * The app's one HTTP client. Every call carries ENV (the environment name from the runtime config);
 * a signed-in member's reads that start together travel as one batch.
 */
export const http = createHttpClient({
  defaultHeaders: { ENV: runtimeConfig.environment },
  batch: {
    path: '/mdp-api/api/batch',
    batchable: (path) => BATCHABLE_PREFIXES.some((prefix) => path.startsWith(prefix)),
    perRead: RECORD_HEADERS,
  },
});

let refreshing: Promise<unknown> | null = null;

const refreshPath = '/authentication-api/api/authentication/refresh-token';

/**
 * One refresh, tried a second time when no answer came back (a dropped connection, a server that
 * crashed or restarted: status 0 or 5xx). The server may have rotated the token before the answer
 * was lost; it re-issues the successor to the same token within its 30-second grace window, so the
 * retry keeps the member signed in instead of looking like a stolen token.
 */
async function refreshOnce(client: typeof http) {
  try {
    return await client.post(refreshPath);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status !== 0 && error.status < 500)) throw error;
    return client.post(refreshPath);
  }
}

/** The server's words for a session that has ended: signed out on another device, or its password changed. */
const SESSION_ENDED = new Set(['session_revoked', 'session_expired', 'session_not_found']);

/**
 * An expired access token is refreshed once for all the calls that met it, and each call is replayed;
 * any other error (or a failed refresh) goes back to the caller. When the session itself has ended the
 * access token is dropped too, so the page starts again at sign-in (AuthProvider notices it is gone).
 */
export async function refreshExpiredAccess(
  error: HttpError,
  request: RequestInfo,
  client = http,
): Promise<unknown> {
  if (error.status === 401 && error.codes.some((code) => SESSION_ENDED.has(code)))
    removeCookie('accessToken');
  if (error.status !== 401 || !error.codes.includes('ERROR_ACCESS_TOKEN_EXPIRED')) throw error;
  refreshing ??= refreshOnce(client).finally(() => {
    refreshing = null;
  });
  await refreshing;
  return request.retry();
}
http.setResponseErrorHandler(refreshExpiredAccess);

/**
 * Once the tenant is known every call also carries BGROUP, the tenant's business group (its first,
 * when it has several).
 */
export function applyTenantHeaders(tenant: Pick<TenantContent, 'businessGroups'>, client = http) {
  const businessGroup = tenant.businessGroups[0];
  if (businessGroup) client.mergeDefaultHeaders({ BGROUP: businessGroup });
}

const contentBase = '/content-api/api/v2/content';

/**
 * The tenant's address: the page's host name without its port (the content API stores tenants as
 * `localhost`, `bluewater.localhost`, ... and does not strip ports itself).
 */
export const tenantUrl = () => window.location.hostname;

export const contentApi = {
  /** The tenant for this address, or null when none is configured (404). */
  tenant: (signal?: AbortSignal) =>
    getContent<TenantContent>(http, `${contentBase}/tenant-content`, {
      query: { tenantUrl: tenantUrl() },
      signal,
    }),
  /** A public page by its path, or null when there is none (404). */
  /** A page personalised by the member's signed access key, plus the browser's own wording flags. */
  authorisedPage: (pageUrl: string, contentAccessKey: string, wordingFlags: string[], signal?: AbortSignal) =>
    getContent<Page>(http, `${contentBase}/authorized-page`, {
      query: { pageUrl, contentAccessKey, wordingFlags },
      signal,
    }),
  unauthorisedGlobals: (signal?: AbortSignal) =>
    getContent<Globals>(http, `${contentBase}/unauthorized-globals`, {
      query: { tenantUrl: tenantUrl() },
      signal,
    }),
  authorisedGlobals: (contentAccessKey: string, signal?: AbortSignal) =>
    getContent<Globals>(http, `${contentBase}/authorized-globals`, { query: { contentAccessKey }, signal }),
  unauthorisedPage: (pageUrl: string, signal?: AbortSignal) =>
    getContent<Page>(http, `${contentBase}/unauthorized-page`, {
      query: { pageUrl, tenantUrl: tenantUrl() },
      signal,
    }),
};

export interface TokenResponse {
  accessToken: string;
  businessGroup: string;
  referenceNumber: string;
  hasMultipleRecords: boolean;
  /** The scheme requires two-step verification and this member has not set it up yet. */
  twoStepSetupRequired?: boolean;
}

/** The answer to a right password: signed in, or a second factor still to give (two-step verification). */
export type PasswordAnswer = TokenResponse | SecondFactorChallenge;

export interface SessionStatus {
  idleExpiresAt: string;
  idleTimeoutMinutes: number;
}

const auth = '/authentication-api/api';
export const authApi = {
  login: (userName: string, password: string) =>
    http.post<PasswordAnswer>(`${auth}/authentication/login`, { body: { userName, password } }),
  secondFactor: (answer: SecondFactorAnswer) =>
    http.post<TokenResponse>(`${auth}/authentication/login/second-factor`, { body: answer }),
  passkeySignInOptions: () =>
    http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      `${auth}/authentication/login/passkey/options`,
    ),
  passkeySignIn: (credential: AuthenticationResponseJSON) =>
    http.post<TokenResponse>(`${auth}/authentication/login/passkey`, { body: { credential } }),
  sendSignInCode: (challenge: string, channel?: CodeChannel) =>
    http.post<SentSignInCode>(`${auth}/authentication/login/second-factor/send-code`, {
      body: { challenge, channel },
    }),
  logout: () => http.post<void>(`${auth}/authentication/logout`),
  switchUser: (businessGroup: string, referenceNumber: string) =>
    http.post<TokenResponse>(`${auth}/authentication/switch-user`, {
      body: { businessGroup, referenceNumber },
    }),
  keepAlive: () => http.post<SessionStatus>(`${auth}/sso/session/keep-alive`),
  createSsoSession: (tokenId: string) =>
    http.post<TokenResponse>(`${auth}/sso/session/create`, { body: { tokenId } }),
  session: () => http.get<SessionStatus>(`${auth}/sso/session`),
  startRegistration: (details: { referenceNumber: string; dateOfBirth: string; insuranceNumber: string }) =>
    http.post<{ registrationId: string }>(`${auth}/registration/start`, { body: details }),
  confirmRegistration: (confirmation: {
    registrationId: string;
    code: string;
    username: string;
    password: string;
  }) => http.post<{ username: string }>(`${auth}/registration/confirm`, { body: confirmation }),
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

/** Which record is shown, as a key for reads of it: a reference number is unique only within its business group. */
export const recordKeyOf = (details: Pick<PersonalDetails, 'businessGroup' | 'referenceNumber'>) =>
  `${details.businessGroup}/${details.referenceNumber}`;

export interface LinkedRecord {
  recordNumber: number;
  referenceNumber: string;
  businessGroup: string;
  schemeDescription: string;
  schemeType: 'DB' | 'DC';
  memberStatus: string;
  recordType: 'primary' | 'linked';
}

const PERSONAL_DETAILS_READ = '/mdp-api/api/members/personal-details';
const LINKED_RECORDS_READ = '/mdp-api/api/linked-records';
/** Request options naming the record the member has chosen. */
export const recordHeaders = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });
/** The single-auth login lookup: the member's primary record within the tenant. */
export interface LoginLookup {
  businessGroup: string;
  referenceNumber: string;
  hasMultipleRecords: boolean;
}

export const memberApi = {
  initialize: () => http.post<void>('/mdp-api/initialize', recordHeaders()),
  loginLookup: () => http.get<LoginLookup>('/mdp-api/api/login', recordHeaders()),
  personalDetails: () => http.get<PersonalDetails>(PERSONAL_DETAILS_READ, recordHeaders()),
  linkedRecords: () => http.get<{ members: LinkedRecord[] }>(LINKED_RECORDS_READ, recordHeaders()),
  /** The hub's first reads, when they have already been answered (undefined otherwise). */
  hubAnswered: () => {
    const details = http.answered<PersonalDetails>(PERSONAL_DETAILS_READ, recordHeaders());
    const linked = http.answered<{ members: LinkedRecord[] }>(LINKED_RECORDS_READ, recordHeaders());
    return details && linked ? { details, records: linked.members } : undefined;
  },
  /** Values for `[[token:…]]` placeholders in content, and whether the figures among them are unavailable. */
  tokens: (signal?: AbortSignal) =>
    http.get<{ tokens: Record<string, string>; figuresUnavailable: boolean }>(
      '/mdp-api/api/retirement/cms-token-information',
      { ...recordHeaders(), signal },
    ),
};
