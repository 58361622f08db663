import { z } from 'zod';
import type { ObjectSchemaFactory } from '../authoring';

/** A page key as content files spell them (also the spec's 2–60 character limit). */
export const journeyPageKeySchema = z
  .string()
  .regex(/^[a-z0-9_]{2,60}$/, 'lower-case letters, digits and underscores');
/** Question and answer keys: short, stable names a summary or a PDF can show the answer by. */
export const answerKeySchema = z
  .string()
  .regex(/^[a-z0-9_]{2,60}$/, 'lower-case letters, digits and underscores');

/** What every question has, whatever its kind: its key, its label (the page heading) and a hint. */
export const sharedQuestionFields = {
  key: answerKeySchema,
  label: z.string().min(1).max(500),
  hint: z.string().max(1000).optional(),
};
export type SharedQuestionFields = typeof sharedQuestionFields;
export type { ObjectSchemaFactory };

/** An answer as the journey keeps it: the answer's key, and a value (JSON for composite kinds). */
export interface StoredAnswer {
  questionKey: string;
  answerKey: string;
  answerValue: string | null;
}
/** An answer as the browser sends it, before its kind has read it. */
export interface SubmittedAnswer {
  answerKey: string;
  answerValue?: string | null;
}
/** An answer a kind gives as an example, as the browser would send it. */
export interface ExampleAnswer {
  answerKey: string;
  answerValue?: string;
}
/**
 * What reading an answer may depend on besides the question: today, as a UTC day (YYYY-MM-DD), and the
 * figures the journey locked at start, by name (amounts in pence), for a limit a question takes from one.
 */
export interface KindContext {
  today: string;
  figures?: Readonly<Record<string, number>>;
}
export type AnswerCheck = { ok: true; answer: StoredAnswer } | { ok: false; code: string; message: string };

export interface QuestionKind<Q extends { kind: string; key: string; label: string }> {
  kind: Q['kind'];
  /**
   * The authored question for this kind: shared fields (key, label, hint) plus its own, built with the
   * strict (authoring) or tolerant (delivery) object factory from ../authoring.
   */
  schema(object: ObjectSchemaFactory, shared: SharedQuestionFields): z.ZodType<Q>;
  /**
   * Reads a submitted answer into its stored form, or says what is wrong, in words a member
   * understands. The same function validates in the browser and on the server.
   */
  read(question: Q, submitted: SubmittedAnswer, context: KindContext): AnswerCheck;
  /**
   * Answers the kind accepts for this question, one for each meaningful branch (every radio), and one
   * it refuses: the content-driven journey tests walk every journey with them, so a new kind brings its own.
   */
  examples(question: Q, context: { today: string }): { accepted: ExampleAnswer[]; refused: ExampleAnswer };
  /** The stored answer as check your answers and the PDF show it (one formatting for both). */
  display(question: Q, answer: StoredAnswer): string;
  /** What conditions compare: a number (pence, a percentage, a count) or the answer key. */
  conditionValue(answer: StoredAnswer): string | number;
  /**
   * Who the answer is, by name alone, for a kind whose answer is a person: how staff read who sent a
   * visitor's journey (its `sentBy` answer); '' when it gives no name. A kind without this is shown as
   * `display` shows it.
   */
  personName?(question: Q, answer: StoredAnswer): string;
  /** Problems with the authored question found at content sync (e.g. min above max). */
  problems?(question: Q): string[];
  /**
   * The locked figures the question reads (a money question's `maxFigure`): content sync refuses a
   * name the journey does not lock, and the journey's state carries these figures to the browser.
   */
  figures?(question: Q): string[];
  /**
   * The kept answer as the member would type it again (a money answer's pence as pounds and pence), for
   * `read` to take back: a journey moved onto new figures reads each kept answer whose question takes a
   * limit from one again, with the same check the step made. Without it the kept answer is read as it
   * is, so a kind that reads figures and keeps its answer in another form than it is typed needs it.
   */
  typedAgain?(question: Q, answer: StoredAnswer): SubmittedAnswer;
  /** The hint as the member sees it, when the kind words one of its own (a limit from a figure). */
  hint?(question: Q, context: KindContext): string | undefined;
  /** Page keys this question's answers lead to (radios' per-answer `next`), for graph checks. */
  targets?(question: Q): string[];
  /** The page this answer leads to of its own (radios' per-answer `next`), before routes and `next`. */
  leadsTo?(question: Q, answerKey: string): string | undefined;
  /** The answers a condition may name (radios' and select's keys); undefined for a free answer. */
  answerKeys?(question: Q): string[];
  /**
   * Why the answer needs a member's record, for a kind a visitor's journey cannot ask (content sync
   * refuses it there, naming this).
   */
  needsMember?: string;
  /**
   * The only journey audiences (a definition's `audience`, `member` when it has none) that can ask a
   * question of this kind, for a kind whose answer is checked against what only those journeys hold
   * (the email code a report of a death sends), and why: content sync refuses it on any other journey
   * with both. Without it, any audience may ask it (as `needsMember` allows).
   */
  audiences?: { only: readonly string[]; why: string };
  /**
   * For a kind that needs a member's record: whether this question may be asked on a visitor's
   * journey of this audience all the same (a report of a death's upload, into the report's own store).
   */
  visitorMay?(question: Q, audience: string): boolean;
}

/** The answer is acceptable, kept as given here. */
export const accepted = (
  question: { key: string },
  answerKey: string,
  answerValue: string | null = null,
): AnswerCheck => ({ ok: true, answer: { questionKey: question.key, answerKey, answerValue } });

/** The answer is refused: `code` for the API, `message` for the member. */
export const refused = (code: string, message: string): AnswerCheck => ({ ok: false, code, message });

export { parsedJson } from './displays';
