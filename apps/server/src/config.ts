import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import { z } from 'zod';
import { STAFF_OIDC_SECRET_ENV_PATTERN } from '@meridian/contracts';
import { smsProviderUrlProblem } from './lib/sms-provider';

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
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /**
   * On SIGTERM, how long /ready answers 503 while requests are still served, before the instance stops
   * taking them: a load balancer's health checks take it out of rotation meanwhile.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  PGLITE_DIR: z.string().default('./data/pglite'),
  /** false: the server only checks that the migrations it needs were applied (by npm run db:migrate). */
  MIGRATE_ON_START: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  API_URL: z.string().url('must be an absolute URL such as https://portal.example.org').optional(),
  EPA_DOMAIN: z.string().min(3).optional(),
  API_ENVIRONMENT: z.string().min(1).default('local'),
  TENANT_URL_FALLBACK: z.string().default('localhost'),
  IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(12),
  REFRESH_TOKEN_SWEEP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
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
    .refine(
      (value) => new URL(value).pathname === '/oidc',
      'must end with /oidc, where the provider is mounted',
    )
    .optional(),
  /**
   * The passkeys' WebAuthn relying party id when the portal and the embedded OpenID provider (OIDC_ISSUER)
   * are on different hosts: a registrable domain both hosts are under (meridian.example.org for
   * portal.meridian.example.org and id.meridian.example.org), so a passkey made on one works on the
   * other. Unset: each host is its own relying party. Checked at start (passkeyRpIdProblem).
   */
  PASSKEY_RP_ID: z.string().trim().toLowerCase().optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587',
    )
    .optional(),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.localhost>'),
  /**
   * A text-message provider's HTTPS endpoint (lib/sms-provider.ts: one JSON POST per text, the key as a
   * bearer token); unset keeps texts in the embedded outbox.
   */
  SMS_PROVIDER_URL: z.string().url('must be the URL texts are POSTed to').optional(),
  SMS_PROVIDER_KEY: z.string().min(1).optional(),
  /** The sender name or number the provider shows (when it lets the caller choose). */
  SMS_SENDER: z.string().trim().min(1).max(15).optional(),
  /** How often each instance looks for due jobs (messages, webhooks); 0 runs no worker in this process. */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * A failed job's first retry waits between half and all of this; each later one twice as long, up to
   * JOB_RETRY_MAX_MS (docs/operations.md "The job queue").
   */
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  JOB_RETRY_MAX_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  /**
   * Staff single sign-on to the firm's OpenID provider (docs/operations.md): its issuer, and the console's
   * client there (a confidential client, client_secret_basic). Unset: password and code, or a passkey.
   */
  STAFF_OIDC_ISSUER: z.string().url("must be the issuer URL of the firm's OpenID provider").optional(),
  STAFF_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  STAFF_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The firm's name on the console's button: "Sign in with <name> single sign-on". */
  STAFF_OIDC_NAME: z.string().trim().min(1).max(60).default("your firm's"),
  /** The email domains a signed-in address may have (comma-separated); empty: any staff account's. */
  STAFF_OIDC_EMAIL_DOMAINS: csv,
  /** false: the provider's word that it took a second factor is not required (default true). */
  STAFF_OIDC_REQUIRE_MFA: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  /** The `amr` values that show a second factor (any one of them), and `acr` values that do too. */
  STAFF_OIDC_MFA_AMR: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? 'mfa,otp,hwk')
        .split(/[;,]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  STAFF_OIDC_MFA_ACR: csv,
  /** Hours an integration client's old secret still works after a new one is issued (docs/integration.md). */
  INTEGRATION_SECRET_GRACE_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  /** Hours a webhook receiver's old secret still signs deliveries beside the new one (docs/operations.md). */
  WEBHOOK_SECRET_GRACE_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  ADDRESS_LOOKUP_URL: z.string().url('must be the base URL of the address lookup service').optional(),
  ADDRESS_LOOKUP_KEY: z.string().min(1).optional(),
  IDENTITY_VERIFICATION_URL: z
    .string()
    .url('must be the base URL of the identity verification service')
    .optional(),
  IDENTITY_VERIFICATION_KEY: z.string().min(1).optional(),
  /**
   * The FCA firm reference numbers the embedded register lists as authorised (comma-separated); the
   * transfer application checks an adviser's against it. Empty: the demo's fictional firms.
   */
  FCA_REGISTER_FIRMS: csv,
  /**
   * The FCA Financial Services Register API the adviser's firm is checked against instead of the list
   * (https://register.fca.org.uk/services/V0.1), with the email and key the FCA issued for it; a call
   * taking longer than FCA_REGISTER_TIMEOUT_MS counts as the register being unavailable.
   */
  FCA_REGISTER_URL: z
    .string()
    .url('must be the base URL of the FCA register API, such as https://register.fca.org.uk/services/V0.1')
    .optional(),
  FCA_REGISTER_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be the email address the FCA register API key was issued to')
    .optional(),
  FCA_REGISTER_KEY: z.string().trim().min(1).optional(),
  FCA_REGISTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  /** The most form data (JSON bytes) a member's journey keeps on one page, and across the journey. */
  JOURNEY_STEP_DATA_PAGE_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(32_768),
  JOURNEY_STEP_DATA_JOURNEY_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(131_072),
  /** How long a visitor's journey lives without a step or a keep-alive, in minutes. */
  VISITOR_JOURNEY_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  /**
   * How long a report of a death lives without a step or a keep-alive, in minutes (0.25 in e2e); the
   * browser warns a minute before, or a third of its life before when that is shorter.
   */
  BEREAVEMENT_JOURNEY_MINUTES: z.coerce.number().min(0.1).max(240).default(15),
  /** How long it lives once the reporter has proven their email address with the code, in minutes. */
  BEREAVEMENT_PROVEN_MINUTES: z.coerce.number().min(0.5).max(240).default(60),
  /** The most numbers the reporter's browser may try to solve the start's captcha (proof of work). */
  BEREAVEMENT_CAPTCHA_WORK: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /**
   * The start's captcha: ALTCHA (self-hosted proof of work, the default), or reCAPTCHA or Turnstile,
   * whose token the server checks with the provider's siteverify and BEREAVEMENT_CAPTCHA_SECRET.
   */
  BEREAVEMENT_CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
  BEREAVEMENT_CAPTCHA_SECRET: z.string().min(1).optional(),
  /** The provider's siteverify URL; by default Google's or Cloudflare's. */
  BEREAVEMENT_CAPTCHA_VERIFY_URL: z.string().url('must be the provider’s siteverify URL').optional(),
  /** The provider's public site key, which the browser's widget is drawn with; required with a provider. */
  BEREAVEMENT_CAPTCHA_SITE_KEY: z.string().min(1).max(200).optional(),
  /**
   * The provider's widget script the start page loads; by default Google's or Cloudflare's. The
   * Content-Security-Policy allows its origin (and reCAPTCHA's gstatic) only with a provider.
   */
  BEREAVEMENT_CAPTCHA_SCRIPT_URL: z.string().url('must be the provider’s widget script URL').optional(),
  /** How often expired, unsent reports of a death and their files are purged, in minutes. */
  BEREAVEMENT_PURGE_MINUTES: z.coerce.number().min(0.1).max(1440).default(5),
  /**
   * How often the letters waiting in the outbox are printed into the letters' store, in minutes; 0 is
   * off: no print run is scheduled, and letters wait for `npm run outbox:letters`.
   */
  // Empty is unset, not 0: `LETTER_PRINT_MINUTES=` left blank in a deployment must not stop the post.
  LETTER_PRINT_MINUTES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number()
      .int('must be whole minutes, or 0 for off')
      .min(0, 'must be 0 (off) or from 1 to 1440 minutes')
      .max(24 * 60, 'must be 0 (off) or from 1 to 1440 minutes')
      .default(24 * 60),
  ),
  DOCUMENTS_DIR: z.string().default('./data/documents'),
  DOCUMENTS_S3_BUCKET: z.string().min(3).optional(),
  DOCUMENTS_S3_ENDPOINT: z.string().url('must be the S3-compatible service URL').optional(),
  DOCUMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
  DOCUMENTS_S3_FORCE_PATH_STYLE: booleanFlag,
  DOCUMENTS_S3_PREFIX: z.string().default('documents/'),
  /** Uploads one member record may make in any 24 hours (deleted ones count), and their bytes. */
  UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(60),
  UPLOAD_BYTES_PER_DAY: z.coerce.number().int().min(1_000_000).max(100_000_000_000).default(250_000_000),
  /** Contact-us notes one member record may leave in any 24 hours, and how many of them are kept. */
  TELEPHONE_NOTES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(50),
  TELEPHONE_NOTES_KEPT: z.coerce.number().int().min(1).max(1_000).default(20),
  MERIDIAN_DEMO: booleanFlag,
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) =>
        !value ||
        /^\d{1,2}$/.test(value) ||
        value.split(',').every((entry) => isAddressOrRange(entry.trim())),
      'a hop count such as 1, or addresses and CIDR ranges of your proxies such as 10.0.0.0/8,192.0.2.7',
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// connection string')
    .optional(),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  /**
   * The content folder (`tenants/<tenant>/…`, docs/content.md) loaded at start and by npm run
   * content:sync; unset, the repository's content/.
   */
  CONTENT_DIR: z.string().min(1).optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Which proxies' X-Forwarded-For a request's address is read through: none, a hop count, or named ones. */
export type TrustedProxies = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
}

/** Whether a listening address or a site's host name stays on this machine. */
export function isLoopbackAddress(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)
  );
}

/** Whether a host name is the relying party id itself or under it (a subdomain of it). */
export const isUnderDomain = (hostName: string, domain: string) =>
  hostName === domain || hostName.endsWith(`.${domain}`);

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Why a passkey relying party id cannot serve these hosts, or null. WebAuthn lets a page use an id that
 * is its own host or a registrable domain above it, never a public suffix (browsers read the Public
 * Suffix List with its private part, as tldts does here): so the id must be a host name, not an
 * address, not a public suffix (co.uk, github.io), and every host must be it or under it.
 */
export function passkeyRpIdProblem(
  rpId: string,
  hosts: Array<{ host: string; from: string }>,
): string | null {
  if (!HOST_NAME.test(rpId) || isIP(rpId) !== 0)
    return 'must be a domain name such as meridian.example.org, without scheme, port or path';
  const registrable = getDomain(rpId, { allowPrivateDomains: true });
  if (!registrable || !isUnderDomain(rpId, registrable))
    return `${rpId} is a public suffix, which no site may use as its relying party; name a domain under it`;
  const outside = hosts.filter(({ host }) => !isUnderDomain(host.toLowerCase(), rpId));
  if (outside.length > 0)
    return `must be a parent domain of (or equal to) every host that offers passkeys: ${outside.map(({ host, from }) => `${host} (${from})`).join(', ')} is not under ${rpId}`;
  return null;
}

function trustedProxies(value: string | undefined): TrustedProxies {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
}

export interface Config extends Environment {
  isProduction: boolean;
  /** PASSKEY_RP_ID checked, or null: each host its own passkeys' relying party. */
  passkeyRpId: string | null;
  /** Where API_URL, EPA_DOMAIN and OIDC_ISSUER came from: configured, or derived. */
  derived: { apiUrl: boolean; epaDomain: boolean; oidcIssuer: boolean };
  /** The embedded OpenID provider's issuer: OIDC_ISSUER, else `<API_URL>/oidc`, else `http://localhost:<PORT>/oidc`. */
  oidcIssuer: string;
  /** MERIDIAN_DEMO: the demo members, the development outbox and the other-site stand-in. */
  demo: boolean;
  /** The server listens on a loopback address only (HOST). */
  loopbackOnly: boolean;
  /** Staff single sign-on to the firm's OpenID provider, or null (STAFF_OIDC_ISSUER unset). */
  staffOidc: StaffOidcConfig | null;
  /**
   * The client secrets tenants' own staff providers name (content staff-sso.json `clientSecretEnv`):
   * every STAFF_OIDC_CLIENT_SECRET_<NAME> variable set, by name.
   */
  staffOidcSecrets: Readonly<Record<string, string>>;
  /** TRUST_PROXY read: off unless configured. */
  trustProxy: TrustedProxies;
}

/** The firm's OpenID provider for staff single sign-on (areas/operations/staff-sso.ts). */
export interface StaffOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  /** Lower case; empty: any domain. */
  emailDomains: string[];
  requireMfa: boolean;
  mfaAmr: string[];
  mfaAcr: string[];
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
  if (values.BEREAVEMENT_CAPTCHA_PROVIDER !== 'altcha' && !values.BEREAVEMENT_CAPTCHA_SECRET)
    problems.push(
      'BEREAVEMENT_CAPTCHA_SECRET: required with BEREAVEMENT_CAPTCHA_PROVIDER recaptcha or turnstile',
    );
  if (values.BEREAVEMENT_CAPTCHA_PROVIDER !== 'altcha' && !values.BEREAVEMENT_CAPTCHA_SITE_KEY)
    problems.push(
      'BEREAVEMENT_CAPTCHA_SITE_KEY: required with BEREAVEMENT_CAPTCHA_PROVIDER recaptcha or turnstile',
    );
  if (values.SMS_PROVIDER_URL) {
    const problem = smsProviderUrlProblem(values.SMS_PROVIDER_URL, isProduction);
    if (problem) problems.push(`SMS_PROVIDER_URL: ${problem}`);
    if (!values.SMS_PROVIDER_KEY) problems.push('SMS_PROVIDER_KEY: required with SMS_PROVIDER_URL');
  }
  if (values.FCA_REGISTER_URL) {
    if (!values.FCA_REGISTER_EMAIL) problems.push('FCA_REGISTER_EMAIL: required with FCA_REGISTER_URL');
    if (!values.FCA_REGISTER_KEY) problems.push('FCA_REGISTER_KEY: required with FCA_REGISTER_URL');
    if (isProduction && new URL(values.FCA_REGISTER_URL).protocol !== 'https:')
      problems.push('FCA_REGISTER_URL: must be an https:// URL in production');
  }
  if (values.STAFF_OIDC_ISSUER) {
    if (!values.STAFF_OIDC_CLIENT_ID) problems.push('STAFF_OIDC_CLIENT_ID: required with STAFF_OIDC_ISSUER');
    if (!values.STAFF_OIDC_CLIENT_SECRET)
      problems.push('STAFF_OIDC_CLIENT_SECRET: required with STAFF_OIDC_ISSUER');
    if (isProduction && new URL(values.STAFF_OIDC_ISSUER).protocol !== 'https:')
      problems.push('STAFF_OIDC_ISSUER: must be an https:// URL in production');
  }
  if (isProduction && values.MERIDIAN_DEMO)
    problems.push(
      'MERIDIAN_DEMO: must be unset in production: the demo seeds members with a published password and serves every code sent at /api/dev/outbox',
    );
  const oidcIssuer =
    values.OIDC_ISSUER ??
    (values.API_URL ? new URL('/oidc', values.API_URL).href : `http://localhost:${values.PORT}/oidc`);
  if (values.PASSKEY_RP_ID) {
    const hosts = [
      ...(values.API_URL ? [{ host: new URL(values.API_URL).hostname, from: 'API_URL' }] : []),
      { host: new URL(oidcIssuer).hostname, from: values.OIDC_ISSUER ? 'OIDC_ISSUER' : 'the derived issuer' },
    ];
    const problem = passkeyRpIdProblem(values.PASSKEY_RP_ID, hosts);
    if (problem) problems.push(`PASSKEY_RP_ID: ${problem}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    ...values,
    isProduction,
    derived: { apiUrl: !values.API_URL, epaDomain: !values.EPA_DOMAIN, oidcIssuer: !values.OIDC_ISSUER },
    oidcIssuer,
    passkeyRpId: values.PASSKEY_RP_ID || null,
    staffOidcSecrets: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] =>
          STAFF_OIDC_SECRET_ENV_PATTERN.test(entry[0]) && typeof entry[1] === 'string' && entry[1] !== '',
      ),
    ),
    staffOidc: values.STAFF_OIDC_ISSUER
      ? {
          issuer: values.STAFF_OIDC_ISSUER,
          clientId: values.STAFF_OIDC_CLIENT_ID!,
          clientSecret: values.STAFF_OIDC_CLIENT_SECRET!,
          name: values.STAFF_OIDC_NAME,
          emailDomains: values.STAFF_OIDC_EMAIL_DOMAINS.map((domain) => domain.toLowerCase()),
          requireMfa: values.STAFF_OIDC_REQUIRE_MFA,
          mfaAmr: values.STAFF_OIDC_MFA_AMR,
          mfaAcr: values.STAFF_OIDC_MFA_ACR,
        }
      : null,
    trustProxy: trustedProxies(values.TRUST_PROXY),
    demo: values.MERIDIAN_DEMO,
    loopbackOnly: isLoopbackAddress(values.HOST),
  };
}
