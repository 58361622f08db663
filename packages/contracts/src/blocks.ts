import { z } from 'zod';
import { exactlyOne, strictObject, tolerantObject, type ObjectSchemaFactory } from './authoring';
import { dataSourceUrlPattern } from './block-delivery';
import { visibilityRuleSchema } from './visibility-schema';

export * from './visibility';
export * from './visibility-schema';
export * from './block-delivery';

/*
 * Content blocks: a discriminated union on `type`, each with typed parameters. Text fields are plain
 * text (the web strips any tags); `html` fields are sanitised rich text. Both may hold `[[label:key]]`,
 * `[[token:name]]` and, with a `dataSourceUrl`, `[[data-…:path]]` placeholders; `html` fields also
 * `[[modal:key]]` and `[[tooltip:key]]` (docs/content.md).
 */

const text = z.string().min(1);
const pageKey = z
  .string()
  .regex(/^[a-z0-9_]{2,60}$/, 'a page key: lower-case letters, digits and underscores');
/** A site path, an https address with its host, or a mailto: or tel: link. */
const hrefPattern = /^(\/(?!\/)|https:\/\/[^/?#\s@]+(?:[/?#]|$)|mailto:.|tel:.)/;
const href = z.string().regex(hrefPattern, 'a site path, an https:// address with a host, mailto: or tel:');
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

/** A member-data API path whose JSON answer fills a block's `[[data-…:path]]` placeholders. */
export const dataSourceUrlSchema = z
  .string()
  .regex(
    dataSourceUrlPattern,
    'a member-data path under /mdp-api/api/, such as /mdp-api/api/members/current/time-to-retirement',
  );

const buttonAction = z.string().regex(/^[a-z][a-z0-9-]*(:[\w-]+)?$/, 'an action key such as logout-action');

const linkShape = { href: href.optional(), pageKey: pageKey.optional() };

/**
 * The parameter schemas, built with a strict object factory for authoring (content files) or a
 * tolerant one for delivery (pages as the content API sends them).
 */
function contentParts(object: ObjectSchemaFactory) {
  const file = object({ name: text, href, size: z.number().int().min(0).optional() });
  const value = z.union([z.string(), z.number(), z.null(), z.array(file)]);
  const link = object({ label: text, ...linkShape }).superRefine(exactlyOne('href', 'pageKey'));
  const buttonShape = {
    label: text,
    variant: z.enum(['primary', 'secondary', 'warning', 'link']).optional(),
    ...linkShape,
    action: buttonAction.optional(),
    /** What analytics records for a click (`data-analytics-key`); the label when left out. */
    analyticsKey: text.optional(),
    visibility: visibilityRuleSchema.optional(),
  };
  const button = object(buttonShape).superRefine(exactlyOne('href', 'pageKey', 'action'));
  return { object, file, value, link, buttonShape, button };
}

const tolerant = contentParts(tolerantObject);

export const fileSchema = tolerant.file;
export type FileLink = z.infer<typeof fileSchema>;

/** A shown value: currency in pence, dates as ISO strings, a label key for `label`; strings may hold tokens. */
export const valueSchema = tolerant.value;
export type Value = z.infer<typeof valueSchema>;

export const linkSchema = tolerant.link;
export type Link = z.infer<typeof linkSchema>;

export const buttonSchema = tolerant.button;
export type Button = z.infer<typeof buttonSchema>;

/** Where a member stands with a task, shown as a tag on its card (never by colour alone: the tag has words). */
export const taskStates = ['notStarted', 'inProgress', 'actionNeeded', 'done', 'unavailable'] as const;
export type TaskState = (typeof taskStates)[number];

export const panelLayouts = { '100': 1, '50/50': 2, '66/33': 2, '33/66': 2, '33/33/33': 3 } as const;
export type PanelLayout = keyof typeof panelLayouts;

/**
 * Every block type; `nested` checks the blocks inside layout blocks (panel, grid, tabs, accordion,
 * modal), and `parts` says whether unknown keys are refused (authoring) or dropped (delivery).
 */
function blockTypes<Nested extends z.ZodType>(nested: Nested, parts: ReturnType<typeof contentParts>) {
  const { object, value, link, buttonShape, button } = parts;
  const blocks = z.array(nested);
  const block = <Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
    object({
      type: z.literal(type),
      visibility: visibilityRuleSchema.optional(),
      /** Makes the block a target for page-menu links (`#anchor`). */
      anchor: anchor.optional(),
      ...shape,
    });
  return [
    block('panel', {
      layout: z.enum(Object.keys(panelLayouts) as [PanelLayout, ...PanelLayout[]]),
      columns: z.array(object({ blocks })),
    }).superRefine((panel, context) => {
      if (panel.columns.length !== panelLayouts[panel.layout])
        context.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `layout ${panel.layout} needs ${panelLayouts[panel.layout]} columns`,
        });
    }),
    block('grid', { columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(), blocks }),
    block('tabs', { label: text.optional(), tabs: z.array(object({ label: text, blocks })).min(1) }),
    block('accordion', {
      headingLevel: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
      items: z
        .array(
          object({
            heading: text,
            html: z.string().optional(),
            blocks: blocks.optional(),
            open: z.boolean().optional(),
          }).superRefine(exactlyOne('html', 'blocks')),
        )
        .min(1),
    }),
    block('richText', {
      html: z.string(),
      dataSourceUrl: dataSourceUrlSchema.optional(),
      /** Shown instead of `html` while the member's figures are unavailable; an empty string hides the block. */
      figuresUnavailableHtml: z.string().optional(),
    }),
    block('message', {
      variant: z.enum(['info', 'warning', 'success', 'problem']),
      title: text.optional(),
      html: z.string(),
    }),
    block('header', { title: text, intro: text.optional() }),
    block('button', buttonShape).superRefine(exactlyOne('href', 'pageKey', 'action')),
    block('buttonGroup', { buttons: z.array(button).min(1) }),
    block('linkPanel', {
      title: text,
      links: z.array(link.safeExtend({ description: text.optional() })).min(1),
    }),
    block('card', {
      title: text,
      html: z.string().optional(),
      /** Shown instead of `html` while the member's figures are unavailable; an empty string hides the card. */
      figuresUnavailableHtml: z.string().optional(),
      link: link.optional(),
      dataSourceUrl: dataSourceUrlSchema.optional(),
    }),
    block('taskCard', {
      title: text,
      headingLevel: z.union([z.literal(2), z.literal(3)]).optional(),
      html: z.string().optional(),
      /** Shown instead of `html` while the member's figures are unavailable; an empty string hides the card. */
      figuresUnavailableHtml: z.string().optional(),
      link,
      /** Fills `[[data-…:path]]` placeholders in the card and its status, and feeds `whenData`. */
      dataSourceUrl: dataSourceUrlSchema.optional(),
      /** The first status whose rules hold is shown; none holding shows no status. */
      statuses: z
        .array(
          object({
            state: z.enum(taskStates),
            text,
            visibility: visibilityRuleSchema.optional(),
            /** Holds when the data source's value at `path` is present (and, with `in`, one of those). */
            whenData: object({
              path: z.string().min(1),
              in: z
                .array(z.union([z.string(), z.number(), z.boolean()]))
                .min(1)
                .optional(),
            }).optional(),
          }),
        )
        .min(1)
        .optional(),
    }),
    block('infoTile', {
      label: text,
      value,
      format: valueFormatSchema.optional(),
      /**
       * Shown instead of the value while the member's figures are unavailable; without it (or with an empty
       * string) a tile whose value is a placeholder is hidden then, never showing a dash.
       */
      figuresUnavailableHtml: z.string().optional(),
      dataSourceUrl: dataSourceUrlSchema.optional(),
    }),
    block('pageFeed', {
      title: text.optional(),
      layout: z.enum(['cards', 'carousel']),
      items: z.array(object({ title: text, html: z.string().optional(), link })).min(1),
    }),
    block('dataSummary', {
      title: text.optional(),
      rows: z.array(object({ label: text, value, format: valueFormatSchema.optional() })).min(1),
    }),
    block('dataTable', {
      caption: text,
      columns: z
        .array(
          object({
            key: z.string().min(1),
            label: text,
            format: valueFormatSchema.exclude(['fileList']).optional(),
          }),
        )
        .min(1),
      rows: z.array(z.record(z.string(), value)),
      sortable: z.boolean().optional(),
      /** The order the rows start in: the first column ascending unless this names another, or `none` (as authored). */
      sort: z
        .union([
          z.literal('none'),
          object({ column: z.string().min(1), direction: z.enum(['ascending', 'descending']) }),
        ])
        .optional(),
      /** Rows a page (10 unless given). */
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
    block('timeline', {
      items: z
        .array(
          object({
            date: z.string(),
            label: text,
            status: z.enum(['completed', 'current', 'upcoming']).optional(),
          }),
        )
        .min(1),
    }),
    block('modal', {
      triggerLabel: text,
      title: text,
      html: z.string().optional(),
      /** Blocks instead of `html`, for instance a button with `close-dialog-action`. */
      blocks: blocks.optional(),
    }).superRefine(exactlyOne('html', 'blocks')),
    block('pageMenu', { title: text.optional(), items: z.array(object({ anchor, label: text })).min(1) }),
    block('backLink', { label: text.optional(), ...linkShape }).superRefine(exactlyOne('href', 'pageKey')),
    block('journeyStageIndicator', {
      stages: z.array(object({ key: z.string().min(1), label: text })).min(2),
      current: z.string().min(1),
    }).superRefine((indicator, context) => {
      if (!indicator.stages.some((stage) => stage.key === indicator.current))
        context.addIssue({ code: 'custom', path: ['current'], message: 'not one of the stage keys' });
    }),
    block('resourceList', {
      title: text.optional(),
      items: z
        .array(
          object({
            title: text,
            href,
            description: text.optional(),
            fileSize: z.number().int().min(0).optional(),
          }),
        )
        .min(1),
    }),
    /** The retirement date picker, quotes and options list that start a journey from a chosen quote. */
    block('retirementQuotePicker', { journeyType: z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/) }),
    /** A DB pension modelled at any age or date from the earliest the rules allow to the latest, to plan with. */
    block('retirementPlanner', {}),
    /** A DB record's service and salary: joined, pensionable service, salary history, accrual rate, how it adds up. */
    block('dbService', {}),
    /** The member's cases (applications and requests) with their status and documents. */
    block('memberRequests', { title: text.optional() }),
    /** A DC record's pot today: its funds (units, price, value, price date) and the last year's contributions. */
    block('dcPot', {}),
    /**
     * What a DC fund switch would change, from the scheme's lifestyle strategies and the member's target
     * date: each strategy's start of moving and end funds (`strategies`), or the switch chosen so far
     * against the pot's investment now (`change`).
     */
    block('fundSwitchPreview', { show: z.enum(['strategies', 'change']) }),
    block('chart', {
      kind: z.enum(['bar', 'area', 'doughnut']),
      title: text,
      format: z.enum(['number', 'currency']).optional(),
      labels: z.array(text).min(1),
      series: z
        .array(
          object({
            name: text,
            values: z.array(z.number().min(0)),
            /** Figures of another scale (a lump sum beside yearly amounts): in the table, not drawn. */
            tableOnly: z.boolean().optional(),
          }),
        )
        .min(1),
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
export const blockSchema = z.discriminatedUnion('type', blockTypes(blockEnvelopeSchema, tolerant));
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export type BlockOf<Type extends BlockType> = Extract<Block, { type: Type }>;

export const blockTypeNames = blockSchema.options.map((option) => option.shape.type.value);

const strict = contentParts(strictObject);

/**
 * A block checked all the way down, as content files are: unknown types, unknown keys (a misspelt
 * parameter) and bad parameters anywhere are refused, so the sync names the file, path and reason.
 */
export const strictBlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion('type', blockTypes(strictBlockSchema, strict)),
);
