import type { RuntimeConfig } from '../../lib/config';
import { createAnalytics, type Tracker } from './analytics';
import { createMatomoTracker } from './matomo';
import { createMixpanelTracker } from './mixpanel';

/** The providers the runtime configuration enables: Matomo with its URL and site id, Mixpanel with its token. */
export function trackersFor(config: RuntimeConfig): Tracker[] {
  const trackers: Tracker[] = [];
  if (config.matomo) trackers.push(createMatomoTracker(config.matomo));
  if (config.mixpanel) {
    trackers.push(createMixpanelTracker(config.mixpanel, config.sessionReplayPercent));
  } else {
    console.warn('Product analytics is disabled: no Mixpanel token is configured.');
  }
  return trackers;
}

export const analyticsFor = (config: RuntimeConfig) =>
  createAnalytics(trackersFor(config), config.analyticsExcludedPaths);
