import { z } from 'zod';
import type { ObjectSchemaFactory } from './authoring';

/**
 * A journey's own words, where the engine's pages would otherwise say "application": each is
 * optional and falls back to today's wording (`journeyCopyOf`).
 */
export function journeyCopySchema(object: ObjectSchemaFactory) {
  const words = z.string().min(1).max(80);
  return object({
    /** What the member sends, in a sentence: "application", "request", "notification". */
    noun: words.optional(),
    /** The button on check your answers. */
    submitButton: words.optional(),
    /** The confirmation page's heading (else the page's title). */
    confirmationHeading: z.string().min(1).max(200).optional(),
    /** The PDF's title (else the journey's title). */
    pdfTitle: z.string().min(1).max(200).optional(),
    /**
     * How to send documents once the sent journey's token has lapsed (by post or email, with the
     * reference), where its confirmation page offers to send more while the token lasts.
     */
    documentsLater: z.string().min(1).max(500).optional(),
  });
}

/**
 * Who walks the journey: a signed-in member for their record, or a visitor with a short-lived token
 * (`bereavement`: a relative reporting a death, who starts it with a captcha and whose answers are
 * kept in the bereavement schema).
 */
export const journeyAudienceSchema = z.enum(['member', 'visitor', 'bereavement']);
export type JourneyAudience = z.infer<typeof journeyAudienceSchema>;

export interface JourneyCopy {
  noun: string;
  submitButton: string;
  confirmationHeading: string | null;
  pdfTitle: string | null;
  documentsLater: string | null;
}

/** The journey's wording with the defaults filled in. */
export const journeyCopyOf = (copy: Partial<JourneyCopy> | undefined | null): JourneyCopy => ({
  noun: copy?.noun ?? 'application',
  submitButton: copy?.submitButton ?? 'Accept and send',
  confirmationHeading: copy?.confirmationHeading ?? null,
  pdfTitle: copy?.pdfTitle ?? null,
  documentsLater: copy?.documentsLater ?? null,
});
