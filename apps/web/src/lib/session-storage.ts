export const sessionStore = {
  set<T>(key: string, value: T) {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  get<T>(key: string): T | null {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  remove(key: string) {
    sessionStorage.removeItem(key);
  },
  clear() {
    sessionStorage.clear();
  },
};

export interface SingleAuthData {
  hasMultipleRecords: boolean;
  primaryBgroup: string;
  primaryRefno: string;
  linkedBgroup?: string;
  linkedRefno?: string;
}

const SINGLE_AUTH_KEY = 'singleAuthData';
export const singleAuthData = {
  read: () => sessionStore.get<SingleAuthData>(SINGLE_AUTH_KEY),
  write: (data: SingleAuthData) => sessionStore.set(SINGLE_AUTH_KEY, data),
  remove: () => sessionStore.remove(SINGLE_AUTH_KEY),
};

/** The record requests act as: the linked record first, otherwise the primary. */
export function activeRecordHeaders(data: SingleAuthData | null): Record<string, string> {
  if (!data) return {};
  const businessGroup = data.linkedBgroup ?? data.primaryBgroup;
  const referenceNumber = data.linkedRefno ?? data.primaryRefno;
  return { 'auth-business-group': businessGroup, 'auth-reference-number': referenceNumber };
}
