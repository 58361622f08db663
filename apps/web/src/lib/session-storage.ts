/**
 * JSON values in sessionStorage by key. Storage can be unavailable (privacy modes, quotas) or hold
 * something unreadable; the helper then behaves as if nothing were stored instead of throwing.
 */
export const sessionStore = {
  /** Stores a value as JSON; false when the browser refused it. */
  set<T>(key: string, value: T): boolean {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  },
  /** The stored value, or null when there is none or it is not valid JSON. */
  get<T>(key: string): T | null {
    try {
      const raw = sessionStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    } catch {
      return null;
    }
  },
  remove(key: string) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
  /** Removes every key of this tab's session storage (used on sign-out). */
  clear() {
    try {
      sessionStorage.clear();
    } catch {
      // nothing stored, nothing to clear
    }
  },
};

/** Single-auth data kept client-side (spec): which record the member acts as. */
export interface SingleAuthData {
  hasMultipleRecords: boolean;
  primaryBgroup: string;
  primaryRefno: string;
  linkedBgroup?: string;
  linkedRefno?: string;
}

const isFilledText = (value: unknown) => typeof value === 'string' && value.length > 0;

function isSingleAuthData(value: unknown): value is SingleAuthData {
  if (value === null || typeof value !== 'object') return false;
  const data = value as Record<string, unknown>;
  return (
    typeof data.hasMultipleRecords === 'boolean' &&
    isFilledText(data.primaryBgroup) &&
    isFilledText(data.primaryRefno) &&
    (data.linkedBgroup === undefined || isFilledText(data.linkedBgroup)) &&
    (data.linkedRefno === undefined || isFilledText(data.linkedRefno))
  );
}

export const SINGLE_AUTH_KEY = 'singleAuthData';

const singleAuthListeners = new Set<() => void>();
const notifySingleAuthListeners = () => singleAuthListeners.forEach((listener) => listener());

/** Typed access to the single-auth data; anything stored in another shape reads as null. */
export const singleAuthData = {
  read(): SingleAuthData | null {
    const stored = sessionStore.get<unknown>(SINGLE_AUTH_KEY);
    return isSingleAuthData(stored) ? stored : null;
  },
  write(data: SingleAuthData) {
    sessionStore.set(SINGLE_AUTH_KEY, data);
    notifySingleAuthListeners();
  },
  remove() {
    sessionStore.remove(SINGLE_AUTH_KEY);
    notifySingleAuthListeners();
  },
  /** Calls back after every write or removal here (a sign-in, a switch of record, a sign-out). */
  subscribe(listener: () => void): () => void {
    singleAuthListeners.add(listener);
    return () => singleAuthListeners.delete(listener);
  },
};

/** The record the member acts as, as `BGROUP:REFNO`, or '' when none is stored. */
export function activeRecordKey(data: SingleAuthData | null): string {
  const headers = activeRecordHeaders(data);
  return headers['auth-reference-number']
    ? `${headers['auth-business-group']}:${headers['auth-reference-number']}`
    : '';
}

/** The record requests act as: the linked record first, otherwise the primary. */
export function activeRecordHeaders(data: SingleAuthData | null): Record<string, string> {
  if (!data) return {};
  const businessGroup = data.linkedBgroup ?? data.primaryBgroup;
  const referenceNumber = data.linkedRefno ?? data.primaryRefno;
  return { 'auth-business-group': businessGroup, 'auth-reference-number': referenceNumber };
}
