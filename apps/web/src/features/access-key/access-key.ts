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
  /** What the key stands for, as the server answered with it. */
  attributes: unknown;
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

/**
 * What the last few keys fetched here stand for: a page that asked with a key reads its attributes
 * even after a recalculation has stored a newer one.
 */
const recentAttributes = new Map<string, unknown>();
const RECENT_KEYS = 4;

/** The request for a key in flight, shared by everyone who asks for the same record meanwhile. */
let pending: { record: string; recalculate: boolean; key: Promise<string> } | null = null;

async function fetchKey(recalculate: boolean): Promise<string> {
  const answer = await http.get<{ contentAccessKey: string; attributes: unknown; expiresAt: string }>(
    `/mdp-api/api/content/${recalculate ? 'recalculate-access-key' : 'access-key'}`,
    {
      query: {
        tenantUrl: tenantUrl(),
        newlyRetiredRangeInMonth: periods.newlyRetiredRange,
        preRetirementAgePeriodInYears: periods.preRetirementAgePeriod,
        timestamp: Date.now(),
      },
      headers: activeRecordHeaders(singleAuthData.read()),
    },
  );
  sessionStore.set<StoredKey>(STORE_KEY, { ...answer, record: recordId() });
  recentAttributes.set(answer.contentAccessKey, answer.attributes);
  for (const oldest of recentAttributes.keys()) {
    if (recentAttributes.size <= RECENT_KEYS) break;
    recentAttributes.delete(oldest);
  }
  return answer.contentAccessKey;
}

/**
 * The content access key for the chosen record, fetched once and kept until it nearly expires. It
 * always describes a record (never basic mode): every page shows one record, the primary one until
 * the member picks another, and its content is chosen for that record.
 */
export async function contentAccessKey({ recalculate = false } = {}): Promise<string> {
  const stored = sessionStore.get<StoredKey>(STORE_KEY);
  // A key kept by an earlier version of the app came without its attributes.
  const fresh =
    stored?.attributes &&
    stored.record === recordId() &&
    Date.parse(stored.expiresAt) - Date.now() > REFRESH_MARGIN_MS;
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
  recentAttributes.clear();
  sessionStore.remove(STORE_KEY);
};

const isNullableText = (value: unknown) => value === null || typeof value === 'string';

/** The payload's fields that visibility rules read are there, with the types the server gave. */
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
 * What the key stands for, as the server answered with it, so blocks can be shown the way the content
 * service already chose them; the content service looks the key up and filters before anything
 * reaches the browser.
 */
export function visibilityKeyFromAccessKey(token: string, clientFlags: string[]): VisibilityKey {
  const stored = sessionStore.get<StoredKey>(STORE_KEY);
  const attributes =
    recentAttributes.get(token) ?? (stored?.contentAccessKey === token ? stored.attributes : undefined);
  if (isReadablePayload(attributes)) return visibilityKeyOf(attributes, clientFlags);
  // The page still shows, as a visitor sees it; the log says why personalised blocks are missing.
  console.error('The content access key’s attributes could not be read; showing the visitor view');
  return publicVisibilityKey;
}
