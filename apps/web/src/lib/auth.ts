import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { createContext, useContext } from 'react';
import type { SecondFactorAnswer } from '@meridian/contracts';
import type { PasswordAnswer, TokenResponse } from './api';
import { sessionStore } from './session-storage';

export interface AuthState {
  signedIn: boolean;
  /** Signs in, or answers the challenge when the account has two-step verification on. */
  signIn: (userName: string, password: string) => Promise<PasswordAnswer>;
  /** Finishes a sign-in that asked for a second factor. */
  signInSecondFactor: (answer: SecondFactorAnswer) => Promise<TokenResponse>;
  /** Signs in with a passkey alone: the browser's answer to the server's options. */
  signInWithPasskey: (credential: AuthenticationResponseJSON) => Promise<TokenResponse>;
  /** Single auth: opens the portal session for an OpenID token and runs the login lookup. */
  signInWithToken: (tokenId: string) => Promise<TokenResponse>;
  signOut: (reason?: 'timeout') => Promise<void>;
  /** Signs out of the portal only, then leaves for another site. */
  signOutAndLeave: (address: string) => Promise<void>;
  timeoutWarning: { secondsLeft: number } | null;
  staySignedIn: () => Promise<void>;
}

/** Provided by the app's AuthProvider. */
export const AuthContext = createContext<AuthState | null>(null);
const NEXT_URL_KEY = 'nextUrl';

export const rememberNextUrl = (url: string) => sessionStore.set(NEXT_URL_KEY, url);
export const peekNextUrl = () => {
  const next = sessionStore.get<string>(NEXT_URL_KEY);
  return next?.startsWith('/') && !next.startsWith('//') ? next : null;
};
export const takeNextUrl = () => {
  const next = peekNextUrl();
  sessionStore.remove(NEXT_URL_KEY);
  return next;
};

const TWO_STEP_SETUP_KEY = 'twoStepSetupRequired';

/** The scheme requires two-step verification and this member has yet to set it up: nothing else until then. */
export const twoStepSetupDue = {
  read: () => sessionStore.get<boolean>(TWO_STEP_SETUP_KEY) === true,
  write: (due: boolean | undefined) =>
    due ? sessionStore.set(TWO_STEP_SETUP_KEY, true) : sessionStore.remove(TWO_STEP_SETUP_KEY),
};

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
