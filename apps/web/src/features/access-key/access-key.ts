import {
  publicVisibilityKey,
  retirementPeriodsOf,
  visibilityKeyOf,
  type ContentAccessKeyPayload,
  type TenantContent,
  type VisibilityKey,
} from '@meridian/contracts';
import { http, tenantUrl } from '../../lib/api';
import { sessionStore, activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

interface StoredKey {
  contentAccessKey: string;
  expiresAt: string;
  record: string;
}

const STORE_KEY = 'contentAccessKey';
/** Refresh a little before the server's expiry so a page never asks with a stale key. */
const REFRESH_MARGIN_MS = 60_000;

const recordId = () => JSON.stringify(activeRecordHeaders(singleAuthData.read()));

let periods = retirementPeriodsOf({});

/** The tenant's life-stage periods, sent with every access-key request (set once the tenant is loaded). */
export function applyTenantRetirementPeriods(
  tenant: Pick<TenantContent, 'preRetirementAgePeriod' | 'newlyRetiredRange'>,
) {
  periods = retirementPeriodsOf(tenant);
}

/** The request for a key in flight, shared by everyone who asks for the same record meanwhile. */
let pending: { record: string; recalculate: boolean; key: Promise<string> } | null = null;

async function fetchKey(recalculate: boolean): Promise<string> {
  const answer = await http.get<{ contentAccessKey: string; expiresAt: string }>(
    `/mdp-api/api/content/${recalculate ? 'recalculate-access-key' : 'access-key'}`,
    {
      query: {
        tenantUrl: tenantUrl(),
        newlyRetiredRangeInMonth: periods.newlyRetiredRange,
        preRetirementAgePeriodInYears: periods.preRetirementAgePeriod,
        timestamp: Date.now(),
        basicMode:
          singleAuthData.read()?.hasMultipleRecords && !singleAuthData.read()?.linkedRefno
            ? 'true'
            : undefined,
      },
      headers: activeRecordHeaders(singleAuthData.read()),
    },
  );
  sessionStore.set<StoredKey>(STORE_KEY, { ...answer, record: recordId() });
  return answer.contentAccessKey;
}

/** The signed content access key for the chosen record, fetched once and kept until it nearly expires. */
export async function contentAccessKey({ recalculate = false } = {}): Promise<string> {
  const stored = sessionStore.get<StoredKey>(STORE_KEY);
  const fresh =
    stored && stored.record === recordId() && Date.parse(stored.expiresAt) - Date.now() > REFRESH_MARGIN_MS;
  if (fresh && !recalculate) return stored.contentAccessKey;
  if (pending && pending.record === recordId() && pending.recalculate === recalculate) return pending.key;
  const key = fetchKey(recalculate).finally(() => {
    if (pending?.key === key) pending = null;
  });
  pending = { record: recordId(), recalculate, key };
  return key;
}

export const forgetContentAccessKey = () => {
  pending = null;
  sessionStore.remove(STORE_KEY);
};

const isNullableText = (value: unknown) => value === null || typeof value === 'string';

/** The payload's fields that visibility rules read are there, with the types the server signed. */
function isReadablePayload(value: unknown): value is ContentAccessKeyPayload {
  if (value === null || typeof value !== 'object') return false;
  const payload = value as Record<string, unknown>;
  const { fields } = visibilityKeyOf({ ...(payload as ContentAccessKeyPayload), wordingFlags: [] });
  return (
    Array.isArray(payload.wordingFlags) &&
    payload.wordingFlags.every((flag) => typeof flag === 'string') &&
    Object.values(fields).every(isNullableText)
  );
}

/**
 * The key's attributes, read (not verified) so blocks can be shown the way the server already chose
 * them; the content service verifies the signature and filters before anything reaches the browser.
 */
export function visibilityKeyFromAccessKey(token: string, clientFlags: string[]): VisibilityKey {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = (JSON.parse(json) as { key?: unknown }).key;
    if (!isReadablePayload(payload)) throw new Error('The key has no readable payload');
    return visibilityKeyOf(payload, clientFlags);
  } catch (error) {
    // The page still shows, as a visitor sees it; the log says why personalised blocks are missing.
    console.error('The content access key could not be read; showing the visitor view', error);
    return publicVisibilityKey;
  }
}
