import { z } from 'zod';
import { journeyAudienceSchema, journeyCopyOf, pageJourneySchema } from '@meridian/contracts';
import type { JourneyGraph } from './graph';
import { startsAtFirstPage } from './plugins';

/** A journey's definition as the browser reads it: its pages, stages and wording. */
export const journeyDefinitionViewSchema = z.object({
  type: z.string(),
  title: z.string(),
  audience: journeyAudienceSchema,
  firstPage: z.string(),
  summaryPage: z.string(),
  confirmationPage: z.string(),
  entryPage: z.string().nullable(),
  /** Set when the journey starts elsewhere (a retirement quote); else its first page starts it. */
  startsFrom: z.string().nullable(),
  /** Its first page starts it (Start now): no `startsFrom`, or a plugin that needs nothing to start. */
  startsAtFirstPage: z.boolean(),
  stages: z.array(z.object({ key: z.string(), label: z.string() })),
  quoteRequest: z.object({ title: z.string() }).nullable(),
  copy: z.object({
    noun: z.string(),
    submitButton: z.string(),
    confirmationHeading: z.string().nullable(),
    pdfTitle: z.string().nullable(),
    documentsLater: z.string().nullable(),
  }),
  pages: z.array(pageJourneySchema.extend({ key: z.string(), slug: z.string(), title: z.string() })),
});

export function journeyDefinitionViewOf({ definition, pages }: JourneyGraph) {
  return {
    type: definition.type,
    title: definition.title,
    audience: definition.audience ?? 'member',
    firstPage: definition.firstPage,
    summaryPage: definition.summaryPage,
    confirmationPage: definition.confirmationPage,
    entryPage: definition.entryPage ?? null,
    startsFrom: definition.startsFrom ?? null,
    startsAtFirstPage: startsAtFirstPage(definition),
    stages: definition.stages,
    quoteRequest: definition.quoteRequest ? { title: definition.quoteRequest.title } : null,
    copy: journeyCopyOf(definition.copy),
    pages: [...pages].map(([key, page]) => ({ ...page, key })),
  };
}
