/**
 * Runtime configuration the server injects into index.html as
 * `<script nonce>window.__MERIDIAN_CONFIG__={...}</script>`, so one build serves every environment.
 * It is optional: each missing or malformed key falls back to its default on its own.
 */
export interface RuntimeConfig {
  /** Sent as the ENV header on every API call. */
  environment: string;
  /** The public API address (calls stay same-origin for now). */
  apiUrl: string;
  /** The administrator's other member site. */
  epaDomain: string;
  idleTimeoutMinutes: number;
  /** How long a report of a death lives without a step (the server's BEREAVEMENT_JOURNEY_MINUTES). */
  bereavementJourneyMinutes: number;
  /** How long a navigation may take before the loading bar shows. */
  loaderDelayMs: number;
  cookieBannerHiddenPaths: string[];
  whitelistedCookies: string[];
  /** Web analytics; null (disabled) unless the tracker URL and site id are configured. */
  matomo: { url: string; scriptFile: string; serverSideFile: string; siteId: string } | null;
  /** Product analytics; null (disabled) unless its token is configured. */
  mixpanel: { token: string; apiHost: string } | null;
  sessionReplayPercent: number;
  /** Paths analytics never reports (`*` matches anything; otherwise a path prefix). */
  analyticsExcludedPaths: string[];
}

type Source = Record<string, unknown>;

const isObject = (value: unknown): value is Source =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isFilledText = (value: unknown): value is string => isText(value) && value.length > 0;
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);
const isNumberWhere = (holds: (value: number) => boolean) => (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && holds(value);

/** The value when it passes the check, otherwise the default. */
const read = <T>(value: unknown, check: (value: unknown) => value is T, fallback: T): T =>
  check(value) ? value : fallback;

/** An object of non-empty texts with exactly these keys, or null when any is missing or malformed. */
function textsOf<Key extends string>(value: unknown, keys: readonly Key[]): Record<Key, string> | null {
  if (!isObject(value) || !keys.every((key) => isFilledText(value[key]))) return null;
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Record<Key, string>;
}

declare global {
  interface Window {
    __MERIDIAN_CONFIG__?: unknown;
  }
}

export function readRuntimeConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__MERIDIAN_CONFIG__,
): RuntimeConfig {
  const config: Source = isObject(source) ? source : {};
  return {
    environment: read(config.environment, isFilledText, 'local'),
    apiUrl: read(config.apiUrl, isText, ''),
    epaDomain: read(config.epaDomain, isText, ''),
    idleTimeoutMinutes: read(config.idleTimeoutMinutes, isNumberWhere((minutes) => minutes > 0), 30),
    bereavementJourneyMinutes: read(
      config.bereavementJourneyMinutes,
      isNumberWhere((minutes) => minutes > 0),
      15,
    ),
    loaderDelayMs: read(config.loaderDelayMs, isNumberWhere((ms) => Number.isInteger(ms) && ms >= 0), 200),
    cookieBannerHiddenPaths: read(config.cookieBannerHiddenPaths, isTextList, []),
    whitelistedCookies: read(config.whitelistedCookies, isTextList, []),
    matomo: textsOf(config.matomo, ['url', 'scriptFile', 'serverSideFile', 'siteId']),
    mixpanel: textsOf(config.mixpanel, ['token', 'apiHost']),
    sessionReplayPercent: read(
      config.sessionReplayPercent,
      isNumberWhere((percent) => percent >= 0 && percent <= 100),
      0,
    ),
    analyticsExcludedPaths: read(config.analyticsExcludedPaths, isTextList, []),
  };
}

export const runtimeConfig = readRuntimeConfig();
