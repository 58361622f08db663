import { z } from 'zod';
import { visibilityRuleSchema } from './visibility';

/** Tenant-wide texts: everything a member reads that is not a page, so a tenant can reword anything. */
export const globalsSchema = z.object({
  labels: z.array(z.object({ labelKey: z.string().min(1), labelText: z.string() })).default([]),
  classifiers: z
    .array(
      z.object({
        classifierKey: z.string().min(1),
        items: z.array(z.object({ key: z.string(), value: z.string() })),
      }),
    )
    .default([]),
  messages: z
    .array(
      z.object({
        key: z.string().min(1),
        variant: z.enum(['info', 'warning', 'success', 'problem']).default('info'),
        title: z.string().optional(),
        html: z.string(),
      }),
    )
    .default([]),
  modals: z.array(z.object({ key: z.string().min(1), title: z.string(), html: z.string() })).default([]),
  tooltips: z.array(z.object({ key: z.string().min(1), text: z.string() })).default([]),
});
export type Globals = z.infer<typeof globalsSchema>;

const linkTarget = z.union([
  z.object({ href: z.string().regex(/^(\/|https:\/\/)/, 'a site path or an https:// address') }),
  z.object({ pageKey: z.string().min(1) }),
]);

export const menuItemSchema = z.intersection(
  z.object({
    label: z.string().min(1),
    position: z.enum(['Left', 'Right', 'Account']).default('Left'),
    orderNo: z.number().int().default(0),
    signedInOnly: z.boolean().default(false),
    visibility: visibilityRuleSchema.optional(),
  }),
  linkTarget,
);
export const menuSchema = z.object({ items: z.array(menuItemSchema) });
export type Menu = z.infer<typeof menuSchema>;

export const footerSchema = z.object({
  text: z.string().default(''),
  links: z.array(z.intersection(z.object({ label: z.string().min(1) }), linkTarget)).default([]),
});
export type Footer = z.infer<typeof footerSchema>;

export const optionListSchema = z.object({
  key: z.string().min(1),
  title: z.string(),
  options: z.array(
    z.object({
      key: z.string().min(1),
      title: z.string(),
      html: z.string().default(''),
      visibility: visibilityRuleSchema.optional(),
    }),
  ),
});
export const optionSummarySchema = z.object({ key: z.string().min(1), title: z.string(), html: z.string() });

export const questionNodeSchema = z.object({
  key: z.string().min(1),
  optionKey: z.string().min(1),
  question: z.string(),
  answers: z.array(z.object({ label: z.string(), nextKey: z.string().optional(), pageKey: z.string().optional() })),
});

export const fundSchema = z.object({
  fundCode: z.string().min(1),
  fundGroup: z.string(),
  fundName: z.string(),
  factsheetUrl: z.string().url().nullable().default(null),
  orderNo: z.number().int(),
});

/** Each kind of tenant-wide content file under content/tenants/<tenant>/, validated on sync. */
export const contentDocumentSchemas = {
  globals: globalsSchema,
  menu: menuSchema,
  footer: footerSchema,
  'option-lists': z.array(optionListSchema),
  'option-summaries': z.array(optionSummarySchema),
  'question-nodes': z.array(questionNodeSchema),
  funds: z.array(fundSchema),
} as const;
export type ContentDocumentKind = keyof typeof contentDocumentSchemas;
