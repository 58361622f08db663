import { useEffect, useState } from 'react';
import type { StaffSso } from '@meridian/contracts';
import { createHttpClient } from '../../lib/http/client';

export const STAFF_SSO_LINK_ID = 'staff-sso-sign-in';

const http = createHttpClient();

/** Whether the console offers the firm's single sign-on (STAFF_OIDC_ISSUER configured), and its name. */
export const staffSsoApi = {
  offered: () => http.get<StaffSso>('/admin-api/sign-in/sso'),
  /** Forgets the shared read (a test's fresh start). */
  forgetReads: () => http.forgetReads(),
};

const refusals: Record<string, string> = {
  staff_sso_state_invalid: 'Your single sign-on had expired or was not started here. Start it again.',
  staff_sso_provider_refused: 'Your firm’s single sign-on did not sign you in. Try again.',
  staff_sso_code_rejected:
    'Your firm’s single sign-on did not accept this sign-in (it may have been used already). Start it again.',
  staff_sso_token_invalid:
    'The sign-in from your firm’s single sign-on could not be verified. Start it again.',
  staff_sso_nonce_mismatch:
    'The sign-in from your firm’s single sign-on could not be verified. Start it again.',
  staff_sso_email_unverified:
    'Your firm’s single sign-on has not verified your email address, so it cannot sign you in here.',
  staff_sso_email_domain: 'Your email address’s domain cannot sign in to the console.',
  staff_sso_unknown_account:
    'There is no console account for your email address. Ask an administrator to add you.',
  staff_sso_other_tenant: 'Your account works another scheme’s console. Sign in there.',
  staff_sso_mfa_required:
    'Your firm’s sign-in did not use a second factor. Sign in there with one, such as an authenticator app or security key, and try again.',
  staff_sso_provider_unavailable:
    'Your firm’s single sign-on did not answer. Try again, or sign in with your password and code.',
  staff_sso_not_configured: 'Single sign-on is not set up for the console.',
};

/** What the sign-in page says when the callback sent the browser back with a refusal's code (`?sso=`). */
export const ssoRefusalText = (code: string) =>
  refusals[code] ??
  'Your single sign-on did not sign you in. Try again, or sign in with your password and code.';

/**
 * Signing in through the firm's OpenID provider, when the deployment configures one: a link (a full page
 * navigation) to the staff API, which sends the browser to the provider and back. Nothing when it does not.
 */
export function StaffSsoSignIn() {
  const [sso, setSso] = useState<StaffSso | null>(null);
  useEffect(() => {
    let live = true;
    staffSsoApi
      .offered()
      .then((answer) => {
        if (live) setSso(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!sso?.enabled) return null;
  return (
    <>
      <h2>Sign in with single sign-on</h2>
      <p>Use your firm’s account instead of your password and code. It asks for your second factor there.</p>
      <a id={STAFF_SSO_LINK_ID} className="button button--secondary" href="/admin-api/sign-in/sso/start">
        Sign in with {sso.name} single sign-on
      </a>
    </>
  );
}
