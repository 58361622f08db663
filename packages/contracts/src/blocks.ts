import { z } from 'zod';
import { visibilityRuleSchema } from './visibility';

export * from './visibility';

/*
 * Content blocks: a discriminated union on `type`, each with typed parameters. Text fields are plain
 * text (the web strips any tags); `html` fields are sanitised rich text. Both may hold `[[label:key]]`
 * and `[[token:name]]` placeholders.
 */

const text = z.string().min(1);
const pageKey = z
  .string()
  .regex(/^[a-z0-9_]{2,60}$/, 'a page key: lower-case letters, digits and underscores');
const href = z
  .string()
  .regex(/^(\/(?!\/)|https:\/\/|mailto:|tel:)/, 'a site path, an https:// address, mailto: or tel:');
const anchor = z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, 'lower-case letters, digits and hyphens');

export const valueFormatSchema = z.enum([
  'text',
  'label',
  'number',
  'currency',
  'currencyPerYear',
  'date',
  'time',
  'period',
  'sortCode',
  'fileSize',
  'fileList',
]);
export type ValueFormat = z.infer<typeof valueFormatSchema>;

export const fileSchema = z.object({ name: text, href, size: z.number().int().min(0).optional() });
export type FileLink = z.infer<typeof fileSchema>;

/** A shown value: currency in pence, dates as ISO strings, a label key for `label`; strings may hold tokens. */
export const valueSchema = z.union([z.string(), z.number(), z.null(), z.array(fileSchema)]);
export type Value = z.infer<typeof valueSchema>;

/** Requires exactly one of the named fields: a link goes to an address or a page, never both. */
const exactlyOne =
  (...keys: string[]) =>
  (value: Record<string, unknown>, context: z.RefinementCtx) => {
    if (keys.filter((key) => value[key] !== undefined).length !== 1)
      context.addIssue({ code: 'custom', message: `needs exactly one of ${keys.join(', ')}` });
  };

const linkShape = { href: href.optional(), pageKey: pageKey.optional() };
export const linkSchema = z.object({ label: text, ...linkShape }).superRefine(exactlyOne('href', 'pageKey'));
export type Link = z.infer<typeof linkSchema>;

export const buttonSchema = z
  .object({
    label: text,
    variant: z.enum(['primary', 'secondary', 'warning', 'link']).optional(),
    ...linkShape,
    action: z
      .string()
      .regex(/^[a-z][a-z0-9-]*(:[\w-]+)?$/, 'an action key such as logout-action')
      .optional(),
    visibility: visibilityRuleSchema.optional(),
  })
  .superRefine(exactlyOne('href', 'pageKey', 'action'));
export type Button = z.infer<typeof buttonSchema>;

export const panelLayouts = { '100': 1, '50/50': 2, '66/33': 2, '33/66': 2, '33/33/33': 3 } as const;
export type PanelLayout = keyof typeof panelLayouts;

const block = <Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
  z.object({
    type: z.literal(type),
    visibility: visibilityRuleSchema.optional(),
    /** Makes the block a target for page-menu links (`#anchor`). */
    anchor: anchor.optional(),
    ...shape,
  });

/** Every block type; `nested` checks the blocks inside layout blocks (panel, grid, tabs, accordion). */
function blockTypes<Nested extends z.ZodType>(nested: Nested) {
  const blocks = z.array(nested);
  return [
    block('panel', {
      layout: z.enum(Object.keys(panelLayouts) as [PanelLayout, ...PanelLayout[]]),
      columns: z.array(z.object({ blocks })),
    }).superRefine((panel, context) => {
      if (panel.columns.length !== panelLayouts[panel.layout])
        context.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `layout ${panel.layout} needs ${panelLayouts[panel.layout]} columns`,
        });
    }),
    block('grid', { columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(), blocks }),
    block('tabs', { label: text.optional(), tabs: z.array(z.object({ label: text, blocks })).min(1) }),
    block('accordion', {
      headingLevel: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
      items: z
        .array(
          z
            .object({
              heading: text,
              html: z.string().optional(),
              blocks: blocks.optional(),
              open: z.boolean().optional(),
            })
            .superRefine(exactlyOne('html', 'blocks')),
        )
        .min(1),
    }),
    block('richText', { html: z.string() }),
    block('message', {
      variant: z.enum(['info', 'warning', 'success', 'problem']),
      title: text.optional(),
      html: z.string(),
    }),
    block('header', { title: text, intro: text.optional() }),
    block('button', buttonSchema.shape).superRefine(exactlyOne('href', 'pageKey', 'action')),
    block('buttonGroup', { buttons: z.array(buttonSchema).min(1) }),
    block('linkPanel', {
      title: text,
      links: z.array(linkSchema.safeExtend({ description: text.optional() })).min(1),
    }),
    block('card', { title: text, html: z.string().optional(), link: linkSchema.optional() }),
    block('infoTile', { label: text, value: valueSchema, format: valueFormatSchema.optional() }),
    block('pageFeed', {
      title: text.optional(),
      layout: z.enum(['cards', 'carousel']),
      items: z.array(z.object({ title: text, html: z.string().optional(), link: linkSchema })).min(1),
    }),
    block('dataSummary', {
      title: text.optional(),
      rows: z
        .array(z.object({ label: text, value: valueSchema, format: valueFormatSchema.optional() }))
        .min(1),
    }),
    block('dataTable', {
      caption: text,
      columns: z
        .array(
          z.object({
            key: z.string().min(1),
            label: text,
            format: valueFormatSchema.exclude(['fileList']).optional(),
          }),
        )
        .min(1),
      rows: z.array(z.record(z.string(), valueSchema)),
      sortable: z.boolean().optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
    block('timeline', {
      items: z
        .array(
          z.object({
            date: z.string(),
            label: text,
            status: z.enum(['completed', 'current', 'upcoming']).optional(),
          }),
        )
        .min(1),
    }),
    block('modal', { triggerLabel: text, title: text, html: z.string() }),
    block('pageMenu', { title: text.optional(), items: z.array(z.object({ anchor, label: text })).min(1) }),
    block('backLink', { label: text.optional(), ...linkShape }).superRefine(exactlyOne('href', 'pageKey')),
    block('journeyStageIndicator', {
      stages: z.array(z.object({ key: z.string().min(1), label: text })).min(2),
      current: z.string().min(1),
    }).superRefine((indicator, context) => {
      if (!indicator.stages.some((stage) => stage.key === indicator.current))
        context.addIssue({ code: 'custom', path: ['current'], message: 'not one of the stage keys' });
    }),
    block('resourceList', {
      title: text.optional(),
      items: z
        .array(
          z.object({
            title: text,
            href,
            description: text.optional(),
            fileSize: z.number().int().min(0).optional(),
          }),
        )
        .min(1),
    }),
    block('chart', {
      kind: z.enum(['bar', 'area', 'doughnut']),
      title: text,
      format: z.enum(['number', 'currency']).optional(),
      labels: z.array(text).min(1),
      series: z.array(z.object({ name: text, values: z.array(z.number().min(0)) })).min(1),
    }).superRefine((chart, context) => {
      if (chart.series.some((series) => series.values.length !== chart.labels.length))
        context.addIssue({
          code: 'custom',
          path: ['series'],
          message: 'each series needs one value per label',
        });
      if (chart.kind === 'doughnut' && chart.series.length !== 1)
        context.addIssue({ code: 'custom', path: ['series'], message: 'a doughnut chart has one series' });
    }),
  ] as const;
}

/** Any block by its `type` alone: its parameters are checked where it is used. */
export const blockEnvelopeSchema = z.looseObject({ type: z.string().min(1) });
export type BlockEnvelope = z.infer<typeof blockEnvelopeSchema>;

/**
 * One block with its own parameters checked; blocks nested inside it are envelopes, each checked on
 * its own, so one bad nested block is skipped rather than its whole container.
 */
export const blockSchema = z.discriminatedUnion('type', blockTypes(blockEnvelopeSchema));
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export type BlockOf<Type extends BlockType> = Extract<Block, { type: Type }>;

export const blockTypeNames = blockSchema.options.map((option) => option.shape.type.value);

/** A block checked all the way down: unknown types and bad parameters anywhere are refused (content sync). */
export const strictBlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion('type', blockTypes(strictBlockSchema)),
);

/**
 * A block as a page delivers it: a typed block, or any other `{ type }` object, so that a block the
 * reader does not know (or a bad one) is logged and skipped instead of failing the whole page.
 */
export const pageBlockSchema = z.union([blockSchema, blockEnvelopeSchema]);
