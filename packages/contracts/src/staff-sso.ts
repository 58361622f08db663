import { z } from 'zod';

/**
 * Staff single sign-on to the firm's OpenID provider (issue 43): whether the console offers it, and the
 * name its button shows. Not configured: `{enabled: false, name: null}` and no button.
 */
export const staffSsoSchema = z.object({
  enabled: z.boolean(),
  /** The firm's name as the button shows it: "Sign in with <name> single sign-on". */
  name: z.string().nullable(),
});
export type StaffSso = z.infer<typeof staffSsoSchema>;

/** What the firm's provider sends back to the callback (authorization code flow, RFC 6749 and RFC 9207). */
export const staffSsoCallbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

/** The codes a refused single sign-on answers with (and the console's sign-in page reads from `?sso=`). */
export const staffSsoRefusals = [
  'staff_sso_not_configured',
  'staff_sso_state_invalid',
  'staff_sso_provider_refused',
  'staff_sso_code_rejected',
  'staff_sso_token_invalid',
  'staff_sso_nonce_mismatch',
  'staff_sso_email_unverified',
  'staff_sso_email_domain',
  'staff_sso_unknown_account',
  'staff_sso_other_tenant',
  'staff_sso_mfa_required',
  'staff_sso_provider_unavailable',
] as const;
export type StaffSsoRefusal = (typeof staffSsoRefusals)[number];

/** The environment variables a tenant's staff provider may take its client secret from. */
export const STAFF_OIDC_SECRET_ENV_PATTERN = /^STAFF_OIDC_CLIENT_SECRET_[A-Z0-9_]+$/;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A tenant's own OpenID provider for staff single sign-on (content/tenants/<tenant>/staff-sso.json),
 * used on that tenant's host instead of the deployment's STAFF_OIDC_*. The client secret is never in
 * content: `clientSecretEnv` names the environment variable holding it, one of
 * STAFF_OIDC_CLIENT_SECRET_<NAME> only, so content cannot send any other secret to a provider it names.
 * The issuer is https (http only on this machine, for development and tests).
 */
export const tenantStaffSsoSchema = z.strictObject({
  issuer: z.url().refine(
    (value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
    },
    { message: 'an https:// issuer (http:// only on localhost or 127.0.0.1)' },
  ),
  clientId: z.string().trim().min(1).max(200),
  clientSecretEnv: z
    .string()
    .regex(
      STAFF_OIDC_SECRET_ENV_PATTERN,
      'the name of an environment variable STAFF_OIDC_CLIENT_SECRET_<NAME>',
    ),
  /** The firm's name on the button: "Sign in with <name> single sign-on". */
  name: z.string().trim().min(1).max(60).default("your firm's"),
  /** The email domains a signed-in address may have; empty: any staff account's. */
  emailDomains: z.array(z.string().trim().toLowerCase().min(1).max(253)).max(50).default([]),
  /** false: the provider's word that it took a second factor is not required. */
  requireMfa: z.boolean().default(true),
  /** The `amr` values that show a second factor (any one of them), and `acr` values that do too. */
  mfaAmr: z.array(z.string().min(1).max(100)).max(20).default(['mfa', 'otp', 'hwk']),
  mfaAcr: z.array(z.string().min(1).max(200)).max(20).default([]),
});
export type TenantStaffSso = z.infer<typeof tenantStaffSsoSchema>;
