import { useEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { runtimeConfig } from '../../lib/config';
import { chooseConsent, readConsent, useConsent } from '../analytics';

export const bannerHiddenOn = (pathname: string, hiddenPrefixes: string[]) =>
  hiddenPrefixes.some((prefix) => prefix && pathname.startsWith(prefix));

/**
 * Where the app is, for the banner: it is drawn above the router (from the first screen, before the
 * tenant and so the routes are known), so the router tells it the path and lends it navigation.
 */
let place: { pathname: string; navigate?: (to: string) => void } = { pathname: window.location.pathname };
const listeners = new Set<() => void>();
const onPlaceChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentPath = () => place.pathname;

/** Rendered inside the router: keeps the banner's path and navigation up to date. */
export function CookieBannerPlace() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    place = { pathname, navigate: (to) => void navigate(to) };
    listeners.forEach((listener) => listener());
  }, [pathname, navigate]);
  return null;
}

/** The cookies page: a page of the app once the router is there, an ordinary link before. */
function CookiesLink({ children }: { children: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick || !place.navigate) return;
    event.preventDefault();
    place.navigate('/cookies');
  };
  return (
    <a href="/cookies" onClick={follow}>
      {children}
    </a>
  );
}

/**
 * GOV.UK-style cookie banner: a choice for analytics cookies, then a confirmation the member can hide.
 * It is the first screen's largest text for a new visitor, so it is drawn once, with the loading
 * message, and stays (the page frame appears below it when the tenant is known).
 */
export function CookieBanner({
  hiddenPrefixes = runtimeConfig.cookieBannerHiddenPaths,
}: {
  hiddenPrefixes?: string[];
}) {
  const pathname = useSyncExternalStore(onPlaceChange, currentPath);
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
              <CookiesLink>View cookies</CookiesLink>
            </div>
          </>
        ) : (
          <>
            <p role="status">
              You’ve {consent} analytics cookies. You can{' '}
              <CookiesLink>change your cookie settings</CookiesLink> at any time.
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
