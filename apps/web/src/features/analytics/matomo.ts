import { analyticsDimensionKeys } from '@meridian/contracts';
import type { RuntimeConfig } from '../../lib/config';
import type { Tracker } from './analytics';

type MatomoCommand = [string, ...unknown[]];

declare global {
  interface Window {
    _paq?: MatomoCommand[];
  }
}

export const joinUrl = (base: string, file: string) =>
  `${base.replace(/\/+$/, '')}/${file.replace(/^\/+/, '')}`;

/**
 * Matomo web analytics through its command queue (`window._paq`) and its own tracker script.
 * Cookies stay disabled (spec section 9), and consent is given in memory only: `requireConsent`
 * alone withdraws it without Matomo writing a cookie.
 */
export function createMatomoTracker(
  config: NonNullable<RuntimeConfig['matomo']>,
  page: Window = window,
): Tracker {
  let loaded = false;
  const push = (...command: MatomoCommand) => {
    page._paq ??= [];
    page._paq.push(command);
  };

  const load = () => {
    push('requireConsent');
    push('setTrackerUrl', joinUrl(config.url, config.serverSideFile));
    push('setSiteId', config.siteId);
    push('setSecureCookie', true);
    push('disableCookies');
    push('enableLinkTracking');
    const script = page.document.createElement('script');
    script.async = true;
    script.src = joinUrl(config.url, config.scriptFile);
    page.document.head.appendChild(script);
    loaded = true;
  };

  return {
    start() {
      if (!loaded) load();
      push('setConsentGiven', false);
    },
    stop() {
      push('requireConsent');
    },
    pageView(view) {
      if (view.referrer) push('setReferrerUrl', view.referrer);
      push('setCustomUrl', view.url);
      push('setDocumentTitle', view.title);
      if (view.searchKeyword !== null) push('trackSiteSearch', view.searchKeyword, false, false);
      else push('trackPageView');
    },
    buttonClick(click) {
      push('trackEvent', click.category, 'click button');
    },
    identify({ dimensions }) {
      analyticsDimensionKeys.forEach((key, index) => push('setCustomDimension', index + 1, dimensions[key]));
    },
    reset() {
      push('resetUserId');
      analyticsDimensionKeys.forEach((_, index) => push('deleteCustomDimension', index + 1));
    },
  };
}
