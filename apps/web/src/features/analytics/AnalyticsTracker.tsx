import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { runtimeConfig } from '../../lib/config';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import type { Analytics } from './analytics';
import { listenForButtonClicks } from './button-clicks';
import { useConsent } from './consent';
import { afterPageSettles } from './page-settled';
import { siteSearchKeyword } from './paths';
import { analyticsFor } from './setup';

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Reports page views, button clicks and the signed-in member to the configured analytics, behind
 * the consent gate. Renders nothing; lives inside the router and the auth provider.
 */
export function AnalyticsTracker({ createAnalytics = () => analyticsFor(runtimeConfig) }) {
  const [analytics] = useState<Analytics>(createAnalytics);
  const consent = useConsent();
  const { key: locationKey } = useLocation();
  const { signedIn } = useAuth();
  // Switching to a linked record identifies the member as that record from then on.
  const activeRecord = useSyncExternalStore(singleAuthData.subscribe, () =>
    activeRecordKey(singleAuthData.read()),
  );
  const lastPageUrl = useRef<string | null>(null);

  useEffect(() => analytics.setConsent(consent), [analytics, consent]);

  useEffect(() => {
    if (consent !== 'accepted') return;
    const shown = window.location.href;
    return afterPageSettles(() => {
      const { href, pathname, search } = window.location;
      // A navigation begun before this page settled (the address already changed, its page not yet
      // drawn) reports its own view: this one would pair the new address with this page's title.
      if (href !== shown) return;
      analytics.pageView({
        path: currentPath(),
        title: document.title,
        url: href,
        searchKeyword: siteSearchKeyword(pathname, search),
        referrer: lastPageUrl.current,
      });
      lastPageUrl.current = href;
    });
  }, [analytics, consent, locationKey]);

  useEffect(
    () =>
      listenForButtonClicks((category) =>
        analytics.buttonClick({ category, path: currentPath(), title: document.title }),
      ),
    [analytics],
  );

  useEffect(() => {
    if (!signedIn || consent !== 'accepted') return;
    let current = true;
    // Only members who accepted analytics need the code that reads their profile.
    import('./member')
      .then(({ loadMemberAnalytics }) => loadMemberAnalytics())
      .then((member) => {
        if (current && member.profile.userId) analytics.identify(member);
      })
      .catch((error: unknown) => console.error('Error during analytics user initialization', error));
    return () => {
      current = false;
    };
  }, [analytics, consent, signedIn, activeRecord]);

  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) analytics.reset();
    wasSignedIn.current = signedIn;
  }, [analytics, signedIn]);

  return null;
}
