import type { Config } from '../config';

/** Mixpanel's own defaults, used when MIXPANEL_API_HOST is unset. */
export const MIXPANEL_DEFAULT_API_HOST = 'https://api-js.mixpanel.com';
const MIXPANEL_RECORDER_ORIGIN = 'https://cdn.mxpnl.com';

export const matomoEnabled = (config: Config) => Boolean(config.MATOMO_URL && config.MATOMO_SITE_ID);

/**
 * The Content-Security-Policy sources the configured analytics needs, and none when it is not
 * configured: Matomo's script and hits (image or XHR), Mixpanel's API (and its session-replay
 * recorder when replay is on). The script itself is loaded by the app's own code.
 */
export function analyticsSources(config: Config) {
  const scriptSrc: string[] = [];
  const imgSrc: string[] = [];
  const connectSrc: string[] = [];
  if (matomoEnabled(config)) {
    const origin = new URL(config.MATOMO_URL!).origin;
    scriptSrc.push(origin);
    imgSrc.push(origin);
    connectSrc.push(origin);
  }
  if (config.MIXPANEL_TOKEN) {
    connectSrc.push(new URL(config.MIXPANEL_API_HOST ?? MIXPANEL_DEFAULT_API_HOST).origin);
    if (config.SESSION_REPLAY_PERCENT > 0) scriptSrc.push(MIXPANEL_RECORDER_ORIGIN);
  }
  return { scriptSrc: [...new Set(scriptSrc)], imgSrc, connectSrc: [...new Set(connectSrc)] };
}
