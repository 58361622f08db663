import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(/[;,]/)
      .map((item) => item.trim())
      .filter(Boolean),
  );

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  API_URL: z.string().url('must be an absolute URL such as https://portal.example.org').optional(),
  EPA_DOMAIN: z.string().min(3).optional(),
  API_ENVIRONMENT: z.string().min(1).default('local'),
  TENANT_URL_FALLBACK: z.string().default('localhost'),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().max(24 * 7).default(12),
  IDENTITY_VERIFICATION_CACHE_EXPIRY_MS: z.coerce.number().int().nonnegative().default(3_600_000),
  SESSION_REPLAY_PERCENT: z.coerce.number().min(0).max(100).default(0),
  WHITELISTED_COOKIES: csv,
  HIDE_COOKIE_BANNER_PATHS: csv,
  MATOMO_URL: z.string().url().optional(),
  MATOMO_JS_TRACKER_FILE: z.string().default('matomo.js'),
  MATOMO_PHP_TRACKER_FILE: z.string().default('matomo.php'),
  MATOMO_SITE_ID: z.string().optional(),
  MIXPANEL_TOKEN: z.string().optional(),
  MIXPANEL_API_HOST: z.string().url('must be an absolute URL such as https://api-eu.mixpanel.com').optional(),
  ANALYTICS_EXCLUDED_PATHS: csv,
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CALCULATION_API_URL: z.string().url('must be the base URL of the calculation API').optional(),
  OIDC_ISSUER: z
    .string()
    .url('must be an absolute URL such as https://portal.example.org/oidc')
    .refine((value) => new URL(value).pathname === '/oidc', 'must end with /oidc, where the provider is mounted')
    .optional(),
  SEED_DEMO_DATA: booleanFlag,
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Environment {
  isProduction: boolean;
  /** Where API_URL, EPA_DOMAIN and OIDC_ISSUER came from: configured, or derived. */
  derived: { apiUrl: boolean; epaDomain: boolean; oidcIssuer: boolean };
  /** The embedded OpenID provider's issuer: OIDC_ISSUER, else `<API_URL>/oidc`, else `http://localhost:<PORT>/oidc`. */
  oidcIssuer: string;
  seedDemoData: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and checks the environment once at start-up; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !values.API_URL) problems.push('API_URL: required in production');
  if (isProduction && !values.EPA_DOMAIN) problems.push('EPA_DOMAIN: required in production');
  if (isProduction && !values.SECRETS_KEY) problems.push('SECRETS_KEY: required in production');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    ...values,
    isProduction,
    derived: { apiUrl: !values.API_URL, epaDomain: !values.EPA_DOMAIN, oidcIssuer: !values.OIDC_ISSUER },
    oidcIssuer:
      values.OIDC_ISSUER ??
      (values.API_URL ? new URL('/oidc', values.API_URL).href : `http://localhost:${values.PORT}/oidc`),
    seedDemoData: env.SEED_DEMO_DATA === undefined ? !isProduction : values.SEED_DEMO_DATA,
  };
}
