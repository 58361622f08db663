import { z } from 'zod';

/**
 * Passkeys (WebAuthn): a member adds one on Sign-in and security and then signs in with it alone; with
 * user verification it counts as both factors. The browser's ceremony JSON is passed through as
 * WebAuthn defines it (checked in depth by the server's verifier). Docs: docs/security.md "Passkeys".
 */
/** Seconds a ceremony's challenge lives: the browser's own timeout, and a little more on the server. */
export const PASSKEY_CEREMONY_SECONDS = 300;
export const PASSKEY_NAME_MAX = 60;
/** The most passkeys one account keeps. */
export const PASSKEYS_MAX = 20;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the passkey')
  .max(PASSKEY_NAME_MAX, `Name the passkey in ${PASSKEY_NAME_MAX} characters or fewer`);

const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(7)
  .optional();

const extensionResults = z.record(z.string(), z.unknown()).optional();

/** A new passkey as the browser answers `navigator.credentials.create` (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults.default({}),
});

/** A passkey's signature as the browser answers `navigator.credentials.get` (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults.default({}),
});

/** Options for the browser's ceremony (PublicKeyCredential*OptionsJSON), passed on as they are. */
export const passkeyCeremonyOptionsSchema = z.record(z.string(), z.unknown());

export const passkeyRegistrationStartSchema = z.object({ options: passkeyCeremonyOptionsSchema });

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  credential: passkeyRegistrationResponseSchema,
});
export type PasskeyRegistration = z.input<typeof passkeyRegistrationSchema>;

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRename = z.input<typeof passkeyRenameSchema>;

/** Removing a passkey: the password, unless this session confirmed it is the member in the last few minutes. */
export const passkeyRemovalSchema = z.object({
  password: z.string().max(200, 'Enter your password').optional(),
});
export type PasskeyRemoval = z.input<typeof passkeyRemovalSchema>;

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** Whether this session confirmed it is the member lately: removing then needs no password. */
  stepUpFresh: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeySignInStartSchema = z.object({ options: passkeyCeremonyOptionsSchema });

export const passkeySignInSchema = z.object({ credential: passkeyAuthenticationResponseSchema });
export type PasskeySignIn = z.input<typeof passkeySignInSchema>;

/** A member of staff's passkeys for the operations console (their own only). */
export const staffPasskeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type StaffPasskeyList = z.infer<typeof staffPasskeyListSchema>;
