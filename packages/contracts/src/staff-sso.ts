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
