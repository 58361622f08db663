import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { runtimeConfig } from '../../lib/config';
import { readCookie } from '../../lib/cookies';

export const CONSENT_COOKIE = 'cookie_consent';
export type Consent = 'accepted' | 'rejected';

export const readConsent = (): Consent | null => {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'rejected' ? value : null;
};

function storeConsent(consent: Consent) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
}

export const bannerHiddenOn = (pathname: string, hiddenPrefixes: string[]) =>
  hiddenPrefixes.some((prefix) => prefix && pathname.startsWith(prefix));

/** GOV.UK-style cookie banner: a choice for analytics cookies, then a confirmation the member can hide. */
export function CookieBanner({
  hiddenPrefixes = runtimeConfig.cookieBannerHiddenPaths,
}: {
  hiddenPrefixes?: string[];
}) {
  const { pathname } = useLocation();
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  const [confirmationHidden, setConfirmationHidden] = useState(consent !== null);
  if (bannerHiddenOn(pathname, hiddenPrefixes) || confirmationHidden) return null;

  const choose = (choice: Consent) => {
    storeConsent(choice);
    setConsent(choice);
  };
  return (
    <section className="cookie-banner" aria-label="Cookies on this site">
      <div className="container">
        {consent === null ? (
          <>
            <h2>Cookies on this site</h2>
            <p>We use some essential cookies to make this service work.</p>
            <p>
              We would also like to use analytics cookies so we can understand how you use the service and
              make improvements.
            </p>
            <div className="button-group">
              <button type="button" className="button" onClick={() => choose('accepted')}>
                Accept analytics cookies
              </button>
              <button type="button" className="button" onClick={() => choose('rejected')}>
                Reject analytics cookies
              </button>
              <Link to="/cookies">View cookies</Link>
            </div>
          </>
        ) : (
          <>
            <p role="status">
              You’ve {consent} analytics cookies. You can{' '}
              <Link to="/cookies">change your cookie settings</Link> at any time.
            </p>
            <button type="button" className="button" onClick={() => setConfirmationHidden(true)}>
              Hide cookie message
            </button>
          </>
        )}
      </div>
    </section>
  );
}
