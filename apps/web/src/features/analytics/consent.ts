import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies';

export const CONSENT_COOKIE = 'cookie_consent';
export type Consent = 'accepted' | 'rejected';

const listeners = new Set<() => void>();

/** The member's analytics-cookie choice, or null before they made one. */
export const readConsent = (): Consent | null => {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'rejected' ? value : null;
};

/** Stores the choice for a year and tells every listener (the analytics gate, the banner) at once. */
export function chooseConsent(consent: Consent) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  writeCookie(`${CONSENT_COOKIE}=${consent}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`);
  listeners.forEach((listener) => listener());
}

export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useConsent = () => useSyncExternalStore(onConsentChange, readConsent, () => null);
