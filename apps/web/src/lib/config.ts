import { z } from 'zod';

/**
 * Runtime configuration the server injects into index.html as
 * `<script nonce>window.__MERIDIAN_CONFIG__={...}</script>`, so one build serves every environment.
 * It is optional: each missing or malformed key falls back to its default on its own.
 */
const runtimeConfigSchema = z.object({
  /** Sent as the ENV header on every API call. */
  environment: z.string().min(1).catch('local'),
  /** The public API address (calls stay same-origin for now). */
  apiUrl: z.string().catch(''),
  /** The administrator's other member site. */
  epaDomain: z.string().catch(''),
  idleTimeoutMinutes: z.number().positive().catch(30),
  /** How long a navigation may take before the loading bar shows. */
  loaderDelayMs: z.number().int().nonnegative().catch(200),
  cookieBannerHiddenPaths: z.array(z.string()).catch([]),
  whitelistedCookies: z.array(z.string()).catch([]),
  /** Web analytics; null (disabled) unless the tracker URL and site id are configured. */
  matomo: z
    .object({
      url: z.string().min(1),
      scriptFile: z.string().min(1),
      serverSideFile: z.string().min(1),
      siteId: z.string().min(1),
    })
    .nullable()
    .catch(null),
  /** Product analytics; null (disabled) unless its token is configured. */
  mixpanel: z
    .object({ token: z.string().min(1), apiHost: z.string().min(1) })
    .nullable()
    .catch(null),
  sessionReplayPercent: z.number().min(0).max(100).catch(0),
  /** Paths analytics never reports (`*` matches anything; otherwise a path prefix). */
  analyticsExcludedPaths: z.array(z.string()).catch([]),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

declare global {
  interface Window {
    __MERIDIAN_CONFIG__?: unknown;
  }
}

export function readRuntimeConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__MERIDIAN_CONFIG__,
): RuntimeConfig {
  const object = source !== null && typeof source === 'object' && !Array.isArray(source) ? source : {};
  return runtimeConfigSchema.parse(object);
}

export const runtimeConfig = readRuntimeConfig();
