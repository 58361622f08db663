import { z } from 'zod';
import { exactlyOne, strictObject, tolerantObject, type ObjectSchemaFactory } from './authoring';
import { caseDeadlinesSchema } from './case-deadlines';
import { retirementLivingStandardsSchema } from './dc-options';
import { journeyDefinitionFileSchema } from './journeys';
import { tenantStaffSsoSchema } from './staff-sso';
import { visibilityRuleSchema } from './visibility-schema';

const siteHref = z
  .string()
  .regex(/^(\/(?!\/)|https:\/\/[^/?#\s@]+(?:[/?#]|$))/, 'a site path or an https:// address with a host');

/**
 * The tenant-wide documents, built with a strict object factory for authoring (content files) or a
 * tolerant one for delivery (answers of the content API).
 */
function documentSchemas(object: ObjectSchemaFactory) {
  /** Tenant-wide texts: everything a member reads that is not a page, so a tenant can reword anything. */
  const globals = object({
    labels: z.array(object({ labelKey: z.string().min(1), labelText: z.string() })).default([]),
    classifiers: z
      .array(
        object({
          classifierKey: z.string().min(1),
          items: z.array(object({ key: z.string(), value: z.string() })),
        }),
      )
      .default([]),
    messages: z
      .array(
        object({
          key: z.string().min(1),
          variant: z.enum(['info', 'warning', 'success', 'problem']).default('info'),
          title: z.string().optional(),
          html: z.string(),
        }),
      )
      .default([]),
    /** Dialogs opened from rich text by `[[modal:key]]`. */
    modals: z.array(object({ key: z.string().min(1), title: z.string(), html: z.string() })).default([]),
    /** Toggletips shown from rich text by `[[tooltip:key]]`. */
    tooltips: z.array(object({ key: z.string().min(1), text: z.string() })).default([]),
  });
  const optionList = object({
    key: z.string().min(1),
    title: z.string(),
    options: z.array(
      object({
        key: z.string().min(1),
        title: z.string(),
        html: z.string().default(''),
        visibility: visibilityRuleSchema.optional(),
      }),
    ),
  });
  const optionSummary = object({ key: z.string().min(1), title: z.string(), html: z.string() });
  const questionNode = object({
    key: z.string().min(1),
    optionKey: z.string().min(1),
    question: z.string(),
    answers: z.array(
      object({ label: z.string(), nextKey: z.string().optional(), pageKey: z.string().optional() }),
    ),
  });
  const fund = object({
    fundCode: z.string().min(1),
    fundGroup: z.string(),
    fundName: z.string(),
    factsheetUrl: z.string().url().nullable().default(null),
    orderNo: z.number().int(),
  });
  return { globals, optionList, optionSummary, questionNode, fund };
}

const delivered = documentSchemas(tolerantObject);
const authored = documentSchemas(strictObject);

export const globalsSchema = delivered.globals;
export type Globals = z.infer<typeof globalsSchema>;

const linkTarget = z.union([z.object({ href: siteHref }), z.object({ pageKey: z.string().min(1) })]);

const menuItemShape = {
  label: z.string().min(1),
  position: z.enum(['Left', 'Right', 'Account']).default('Left'),
  orderNo: z.number().int().default(0),
  signedInOnly: z.boolean().default(false),
  visibility: visibilityRuleSchema.optional(),
};
export const menuItemSchema = z.intersection(z.object(menuItemShape), linkTarget);
export const menuSchema = z.object({ items: z.array(menuItemSchema) });
export type Menu = z.infer<typeof menuSchema>;

export const footerSchema = z.object({
  text: z.string().default(''),
  links: z.array(z.intersection(z.object({ label: z.string().min(1) }), linkTarget)).default([]),
});
export type Footer = z.infer<typeof footerSchema>;

/** An authored link has an address or a page key; one object, so that unknown keys can be refused. */
const authoredLink = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .strictObject({ ...shape, href: siteHref.optional(), pageKey: z.string().min(1).optional() })
    .superRefine(exactlyOne('href', 'pageKey'));

const authoredMenu = z.strictObject({ items: z.array(authoredLink(menuItemShape)) });
const authoredFooter = z.strictObject({
  text: z.string().default(''),
  links: z.array(authoredLink({ label: z.string().min(1) })).default([]),
});

export const optionListSchema = delivered.optionList;
export const optionSummarySchema = delivered.optionSummary;
export const questionNodeSchema = delivered.questionNode;
export const fundSchema = delivered.fund;

/**
 * The scheme's inbox for new cases a visitor sends: told of each by its reference and type only, as the
 * address is outside the portal. Not served to browsers.
 */
export const caseInboxSchema = z.strictObject({ address: z.string().trim().max(254).pipe(z.email()) });
export type CaseInbox = z.infer<typeof caseInboxSchema>;

/**
 * Each kind of tenant-wide content file under content/tenants/<tenant>/, as the sync reads it:
 * strictly, so a misspelt key fails the load naming the file, the path and the key.
 */
export const contentDocumentSchemas = {
  globals: authored.globals,
  menu: authoredMenu,
  footer: authoredFooter,
  'option-lists': z.array(authored.optionList),
  'option-summaries': z.array(authored.optionSummary),
  'question-nodes': z.array(authored.questionNode),
  funds: z.array(authored.fund),
  /** PLSA Retirement Living Standards the DC compare sets incomes against. */
  'retirement-living-standards': retirementLivingStandardsSchema,
  /** Journey definitions: first, summary and confirmation pages, stages, expiry, case and email. */
  journeys: z.array(journeyDefinitionFileSchema),
  /** When each type of case must be done by (the defaults in the operations area when absent). */
  'case-deadlines': caseDeadlinesSchema,
  /** The tenant's own OpenID provider for staff single sign-on (the deployment's STAFF_OIDC_* when absent). */
  'staff-sso': tenantStaffSsoSchema,
  /** Where the scheme's staff hear of each new case a visitor sends (a report of a death, a callback). */
  'case-inbox': caseInboxSchema,
} as const;
export type ContentDocumentKind = keyof typeof contentDocumentSchemas;
