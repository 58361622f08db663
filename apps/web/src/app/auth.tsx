import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SecondFactorAnswer } from '@meridian/contracts';
import { authApi, memberApi, type TokenResponse } from '../lib/api';
import { AuthContext, twoStepSetupDue } from '../lib/auth';
import { runtimeConfig } from '../lib/config';
import { clearCookies, readCookie } from '../lib/cookies';
import { CONSENT_COOKIE } from '../features/analytics/consent';
import { sessionStore, singleAuthData } from '../lib/session-storage';
import { prepareSingleAuthSignOut } from '../features/single-auth/lazy-client';
import { useTenant } from '../lib/tenant';
import { forgetContentAccessKey } from '../features/access-key/access-key';

/** Cookies that outlive a sign-out: configured ones, the CSRF token and the visitor's cookie choice. */
const keptOnSignOut = () => runtimeConfig.whitelistedCookies.concat('XSRF-TOKEN', CONSENT_COOKIE);

/** Seconds of warning before an idle sign-out: two minutes, or a third of very short timeouts. */
export const warningLeadSeconds = (idleMinutes: number) => Math.min(120, Math.round((idleMinutes * 60) / 3));

export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut: (reason?: 'timeout') => void;
}) {
  const [signedIn, setSignedIn] = useState(() => Boolean(readCookie('accessToken')));
  const [timeoutWarning, setTimeoutWarning] = useState<{ secondsLeft: number } | null>(null);
  const lastActivity = useRef(Date.now());
  const signingOut = useRef(false);
  const { tenant, routes } = useTenant();

  const signOut = useCallback(
    async (reason?: 'timeout') => {
      signingOut.current = true;
      // A member who chose to sign out leaves the provider too; an idle one is only signed out here.
      const signOutOfProvider = reason === 'timeout' ? null : await prepareSingleAuthSignOut(tenant, routes);
      await authApi.logout().catch(() => undefined);
      clearCookies(keptOnSignOut());
      sessionStore.clear();
      if (signOutOfProvider) {
        const left = await signOutOfProvider().then(
          () => true,
          () => false,
        );
        if (left) return;
      }
      // The router navigates in a transition; signing out in the same transition lets the
      // destination render directly instead of the guarded page redirecting first.
      // Still signing out until the next sign-in: the transition may not have rendered by the idle
      // check's next tick, which would otherwise take the missing token for another tab's sign-out.
      startTransition(() => {
        onSignedOut(reason);
        setSignedIn(false);
        setTimeoutWarning(null);
      });
    },
    [onSignedOut, tenant, routes],
  );

  const signOutAndLeave = useCallback(async (address: string) => {
    signingOut.current = true;
    await authApi.logout().catch(() => undefined);
    clearCookies(keptOnSignOut());
    sessionStore.clear();
    window.location.assign(address);
  }, []);

  /** A sign-in is proven: the session's tokens are in, the member starts on their primary record. */
  const signedInWith = useCallback(async (tokens: TokenResponse) => {
    // A key kept from an earlier session is refused by the server: the new session asks for its own.
    forgetContentAccessKey();
    singleAuthData.write({
      hasMultipleRecords: tokens.hasMultipleRecords,
      primaryBgroup: tokens.businessGroup,
      primaryRefno: tokens.referenceNumber,
    });
    twoStepSetupDue.write(tokens.twoStepSetupRequired);
    await memberApi.initialize();
    lastActivity.current = Date.now();
    signingOut.current = false;
    setSignedIn(true);
    return tokens;
  }, []);

  const signIn = useCallback(
    async (userName: string, password: string) => {
      const answer = await authApi.login(userName, password);
      return 'secondFactor' in answer ? answer : signedInWith(answer);
    },
    [signedInWith],
  );

  const signInSecondFactor = useCallback(
    async (answer: SecondFactorAnswer) => signedInWith(await authApi.secondFactor(answer)),
    [signedInWith],
  );

  const signInWithPasskey = useCallback(
    async (credential: AuthenticationResponseJSON) => signedInWith(await authApi.passkeySignIn(credential)),
    [signedInWith],
  );

  const signInWithToken = useCallback(async (tokenId: string) => {
    const tokens = await authApi.createSsoSession(tokenId);
    // Stale record headers from an earlier sign-in in this tab must not reach the lookup.
    singleAuthData.remove();
    const lookup = await memberApi.loginLookup();
    singleAuthData.write({
      hasMultipleRecords: lookup.hasMultipleRecords,
      primaryBgroup: lookup.businessGroup,
      primaryRefno: lookup.referenceNumber,
    });
    twoStepSetupDue.write(tokens.twoStepSetupRequired);
    await memberApi.initialize();
    lastActivity.current = Date.now();
    signingOut.current = false;
    setSignedIn(true);
    return tokens;
  }, []);

  const staySignedIn = useCallback(async () => {
    await authApi.keepAlive();
    lastActivity.current = Date.now();
    setTimeoutWarning(null);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const idleMs = runtimeConfig.idleTimeoutMinutes * 60_000;
    const leadMs = warningLeadSeconds(runtimeConfig.idleTimeoutMinutes) * 1000;
    let lastKeepAlive = Date.now();
    const onActivity = () => {
      if (timeoutWarningRef.current) return;
      lastActivity.current = Date.now();
      if (Date.now() - lastKeepAlive > 60_000) {
        lastKeepAlive = Date.now();
        void authApi.keepAlive().catch(() => undefined);
      }
    };
    const events = ['keydown', 'pointerdown', 'scroll'] as const;
    events.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    const tick = setInterval(() => {
      const idleFor = Date.now() - lastActivity.current;
      if (idleFor >= idleMs) void signOut('timeout');
      else if (idleFor >= idleMs - leadMs)
        setTimeoutWarning({ secondsLeft: Math.ceil((idleMs - idleFor) / 1000) });
      // The access token vanished under us (signed out in another tab, say): start again cleanly.
      if (!signingOut.current && !readCookie('accessToken')) window.location.reload();
    }, 1000);
    return () => {
      events.forEach((name) => window.removeEventListener(name, onActivity));
      clearInterval(tick);
    };
  }, [signedIn, signOut]);

  const timeoutWarningRef = useRef(timeoutWarning);
  timeoutWarningRef.current = timeoutWarning;

  return (
    <AuthContext.Provider
      value={{
        signedIn,
        signIn,
        signInSecondFactor,
        signInWithPasskey,
        signInWithToken,
        signOut,
        signOutAndLeave,
        timeoutWarning,
        staySignedIn,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}
