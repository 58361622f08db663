import { z } from 'zod';

const runtimeConfigSchema = z.object({
  environment: z.string().default('local'),
  apiUrl: z.string().default(''),
  epaDomain: z.string().default(''),
  idleTimeoutMinutes: z.number().positive().default(30),
  loaderDelayMs: z.number().nonnegative().default(200),
  cookieBannerHiddenPaths: z.array(z.string()).default([]),
  whitelistedCookies: z.array(z.string()).default([]),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

declare global {
  interface Window {
    __MERIDIAN_CONFIG__?: unknown;
  }
}

/** Configuration the server injects into index.html; anything missing or malformed falls back to defaults. */
export function readRuntimeConfig(source: unknown = typeof window === 'undefined' ? undefined : window.__MERIDIAN_CONFIG__) {
  const parsed = runtimeConfigSchema.safeParse(source ?? {});
  return parsed.success ? parsed.data : runtimeConfigSchema.parse({});
}

export const runtimeConfig = readRuntimeConfig();
