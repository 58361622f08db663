import { z } from 'zod';
import { blockEnvelopeSchema, strictBlockSchema } from './blocks';
import { pageJourneyFileSchema, pageJourneySchema } from './journeys';
import { visibilityRuleSchema } from './visibility-schema';

export * from './tenant-settings';

export const authMethodSchema = z.enum(['SINGLE_AUTH', 'OPENAM']);
export type AuthMethod = z.infer<typeof authMethodSchema>;

export const hexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1d70b8');

/**
 * Single-auth (OpenID Connect) settings. In tenant files `authority` may be the literal "embedded" (the
 * portal's own provider); the tenant-content API always answers the issuer URL.
 */
export const singleAuthSettingsSchema = z.object({
  authority: z.union([z.literal('embedded'), z.string().url()]),
  clientId: z.string().min(1).max(200),
});
export type SingleAuthSettings = z.infer<typeof singleAuthSettingsSchema>;

/** Typefaces bundled with the web app and served from the portal itself, never from a font service. */
export const tenantFontSchema = z.enum(['system', 'source-sans-3', 'nunito']);
export type TenantFont = z.infer<typeof tenantFontSchema>;

/** A header logo from the tenant's content images, with its intrinsic size so the header never shifts. */
export const tenantLogoSchema = z.object({
  image: z.string().regex(/^images\/[\w.-]+\.(png|jpe?g|webp)$/, 'a content image such as images/logo.png'),
  width: z.number().int().min(1).max(600),
  height: z.number().int().min(1).max(200),
});

/**
 * The logo as the tenant answer gives it: with `version`, a digest of the image's bytes set by the
 * content sync, which its address carries so that the image can be cached for good.
 */
const deliveredLogoSchema = tenantLogoSchema.extend({
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});

/** Capabilities a tenant can switch off; each is on unless set to false. */
export const tenantFeaturesSchema = z.strictObject({
  /** Switching between a member's linked records (the hub's record picker and the switch-user call). */
  linkedRecords: z.boolean().optional(),
  /** Site search at /search and /recherche. */
  siteSearch: z.boolean().optional(),
});
export type TenantFeature = keyof z.infer<typeof tenantFeaturesSchema>;

/** A site path (for a stand-in on this server) or an https:// address. */
const outboundSsoUrlSchema = z.string().regex(/^(\/(?!\/)|https:\/\/)/, 'a site path or an https:// address');

/**
 * How a tenant guards against a session thief redirecting a pension: a contact route changed within
 * `stableRouteDays` cannot receive a bank or nomination code, and a bank change within `coolingOffDays`
 * of any contact change waits that long before it applies.
 */
export const changeDefencesSchema = z.strictObject({
  stableRouteDays: z.number().int().min(0).max(365).optional(),
  coolingOffDays: z.number().int().min(0).max(90).optional(),
});

/** What the web needs to brand and route a tenant before anyone signs in. */
export const tenantContentSchema = z.object({
  tenantUrl: z.string(),
  tenantName: z.string(),
  headerText: z.string(),
  businessGroups: z.array(z.string().length(3)).min(1),
  primaryColor: hexColourSchema,
  logoText: z.string(),
  authMethods: z.array(authMethodSchema).min(1),
  routes: z.record(z.string(), z.string()),
  singleAuth: singleAuthSettingsSchema.optional(),
  logo: deliveredLogoSchema.optional(),
  font: tenantFontSchema.optional(),
  features: tenantFeaturesSchema.optional(),
  /** Where members are sent, with a one-time lookup code, when they follow a link to the other member site. */
  outboundSsoUrl: outboundSsoUrlSchema.optional(),
  /** Years before the earliest retirement age in which a member is a pre-retiree (life stage). */
  preRetirementAgePeriod: z.number().int().min(0).max(30).optional(),
  /** Months after retiring in which a pensioner is newly retired (life stage). */
  newlyRetiredRange: z.number().int().min(0).max(120).optional(),
  /** Fraud defences on changes to contact and bank details (defaults in DEFAULT_CHANGE_DEFENCES). */
  changeDefences: changeDefencesSchema.optional(),
  /** Every member must use two-step verification: one without it sets it up straight after signing in. */
  requireTwoStep: z.boolean().optional(),
});
export type TenantContent = z.infer<typeof tenantContentSchema>;

export const tenantContentQuerySchema = z.object({ tenantUrl: z.string().min(1).max(255) });

export const pageSchema = z.object({
  slug: z.string(),
  key: z.string(),
  title: z.string(),
  authMethod: authMethodSchema.nullable(),
  tenant: z.object({ tenantUrl: z.string(), businessGroup: z.array(z.string()) }),
  bgroup: z.string(),
  journey: pageJourneySchema.optional(),
  /**
   * Each block was checked against its contract when the page was read (nested blocks too), so the
   * answer only needs the envelopes: a block that failed arrives as a skipped-block marker.
   */
  blocks: z.array(blockEnvelopeSchema),
});
export type Page = z.infer<typeof pageSchema>;

/** Headers a content call may carry: the environment it is made from. */
export const contentRequestHeadersSchema = z.object({ env: z.string().min(1).max(40).optional() });

export const unauthorizedPageQuerySchema = z.object({
  pageUrl: z.string().min(1).max(500),
  tenantUrl: z.string().min(1).max(255),
});

/** Browser and platform flags the client appends (spec section 3); only those are accepted. */
export const clientWordingFlagsQuery = z
  .union([z.string().max(40), z.array(z.string().max(40)).max(10)])
  .optional();

export const authorizedPageQuerySchema = z.object({
  pageUrl: z.string().min(1).max(500),
  contentAccessKey: z.string().min(20).max(8000),
  wordingFlags: clientWordingFlagsQuery,
});

/** A page as authored under content/tenants/<tenant>/pages/*.json. */
export const pageFileSchema = z.strictObject({
  slug: z.string().regex(/^\/[a-z0-9\-/]*$/, 'a path such as /my-pension'),
  key: z.string().regex(/^[a-z0-9_]{2,60}$/, 'lower-case letters, digits and underscores'),
  title: z.string().min(1),
  isPublic: z.boolean().default(false),
  /** A page for the demo only (such as the blocks demo): loaded only where MERIDIAN_DEMO is on. */
  demoOnly: z.boolean().default(false),
  // Authoring is strict: an unknown or malformed block fails the sync, naming the file and path.
  blocks: z.array(strictBlockSchema).default([]),
  visibility: visibilityRuleSchema.optional(),
  /** The journey the page is a step of: its stage, question and where each answer leads. */
  journey: pageJourneyFileSchema.optional(),
  widget: z
    .strictObject({ title: z.string(), html: z.string(), imagePath: z.string().optional() })
    .optional(),
});
export type PageFile = z.infer<typeof pageFileSchema>;
