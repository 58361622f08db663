import type { MemberAnalytics } from '@meridian/contracts';
import type { Consent } from './consent';
import { isExcludedPath } from './paths';
import type { AnalyticsProfile } from './profile';

export interface PageView {
  /** Path and query, e.g. /search?q=pension. */
  path: string;
  title: string;
  url: string;
  /** Set on site-search result pages. */
  searchKeyword: string | null;
  /** The previous page's URL in this tab, if any. */
  referrer: string | null;
}

export interface ButtonClick {
  /** The element's analytics key, else its text. */
  category: string;
  path: string;
  title: string;
}

export interface Member {
  dimensions: MemberAnalytics;
  profile: AnalyticsProfile;
}

/** One analytics provider. `start` loads it (once) and opts in; `stop` opts out: nothing more is sent. */
export interface Tracker {
  start(): void;
  stop(): void;
  pageView(view: PageView): void;
  buttonClick(click: ButtonClick): void;
  identify(member: Member): void;
  /** Forgets the member (sign-out). */
  reset(): void;
}

/**
 * The single consent gate in front of every provider: nothing is loaded, sent or stored until the
 * consent is `accepted`, and withdrawing it stops every provider at once.
 */
export function createAnalytics(trackers: Tracker[], excludedPaths: string[]) {
  let running = false;
  const whileRunning = (send: (tracker: Tracker) => void) => {
    if (running) trackers.forEach(send);
  };
  return {
    get running() {
      return running;
    },
    setConsent(consent: Consent | null) {
      const accepted = consent === 'accepted';
      if (accepted === running) return;
      running = accepted;
      trackers.forEach((tracker) => (accepted ? tracker.start() : tracker.stop()));
    },
    pageView(view: PageView) {
      if (!isExcludedPath(view.path, excludedPaths)) whileRunning((tracker) => tracker.pageView(view));
    },
    buttonClick(click: ButtonClick) {
      if (!isExcludedPath(click.path, excludedPaths)) whileRunning((tracker) => tracker.buttonClick(click));
    },
    identify(member: Member) {
      whileRunning((tracker) => tracker.identify(member));
    },
    reset() {
      whileRunning((tracker) => tracker.reset());
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
