import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { runtimeConfig } from '../../lib/config';
import { chooseConsent, readConsent, useConsent } from '../analytics';

export const bannerHiddenOn = (pathname: string, hiddenPrefixes: string[]) =>
  hiddenPrefixes.some((prefix) => prefix && pathname.startsWith(prefix));

/** GOV.UK-style cookie banner: a choice for analytics cookies, then a confirmation the member can hide. */
export function CookieBanner({
  hiddenPrefixes = runtimeConfig.cookieBannerHiddenPaths,
}: {
  hiddenPrefixes?: string[];
}) {
  const { pathname } = useLocation();
  const consent = useConsent();
  const [confirmationHidden, setConfirmationHidden] = useState(() => readConsent() !== null);
  if (bannerHiddenOn(pathname, hiddenPrefixes) || confirmationHidden) return null;

  return (
    // The consent choice itself is not reported as a button click.
    <section className="cookie-banner" aria-label="Cookies on this site" data-analytics-ignore="">
      <div className="container">
        {consent === null ? (
          <>
            <h2>Cookies on this site</h2>
            <p>
              We use some essential cookies to make this service work. We would also like to use analytics
              cookies so we can understand how you use the service and make improvements.
            </p>
            <div className="button-group">
              <button type="button" className="button" onClick={() => chooseConsent('accepted')}>
                Accept analytics cookies
              </button>
              <button type="button" className="button" onClick={() => chooseConsent('rejected')}>
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
