import type { ComponentType } from 'react';
import type {
  JourneyQuestion,
  KindContext,
  QuestionKind,
  QuestionKindName,
  StoredAnswer,
  SubmittedAnswer,
} from '@meridian/contracts';
import { loadOnce } from '../load-once';
import { kindFieldLoaders } from './loaders';

export interface FieldProps<Q> {
  question: Q;
  /** The answer given before, to show again. */
  initial: StoredAnswer | null;
  error?: string;
  /** What the kind reads besides the question (the journey's locked figures, for a limit's hint). */
  context?: KindContext;
}

/** A question kind's web half, as its module gives it: its GOV.UK field and how to read what was typed into it. */
export interface KindFieldModule<Q extends JourneyQuestion = JourneyQuestion> {
  /**
   * Loads the contracts' half: `read` (the check the server makes too) and `display`. A field that
   * draws with it (a hint worked out from the figures) has it already; the others load it once the
   * member starts to answer, so their step draws before zod has arrived.
   */
  loadKind(): Promise<QuestionKind<Q>>;
  Field: ComponentType<FieldProps<Q>>;
  /** What was typed, for the contracts kind's `read` (the same rule the server reads it with). */
  fromForm(form: FormData, question: Q): SubmittedAnswer;
  /** The element the error summary links to: the question's key when not given. */
  errorTarget?(question: Q): string;
  /** Whether anything was typed or chosen: a box named after the question's key when not given. */
  entered?(form: FormData, question: Q): boolean;
  /**
   * This kind proves the answer given on the page before it (an email code, the address it was sent
   * to): when that answer changes after a Change link, the member comes to this page next rather than
   * back to check your answers, and the edit carries on from here.
   */
  provesAnswerBefore?: boolean;
}

/** A kind's field with its contracts' half loaded. */
export type KindField<Q extends JourneyQuestion = JourneyQuestion> = KindFieldModule<Q> & {
  kind: QuestionKind<Q>;
};

/** For a field that draws with its contracts' half: the half it already has. */
export const kindAtHand =
  <Q extends JourneyQuestion>(kind: QuestionKind<Q>) =>
  () =>
    Promise.resolve(kind);

const fields = loadOnce(
  async (kind: QuestionKindName) => (await kindFieldLoaders[kind]()).default as unknown as KindFieldModule,
);

const withKinds = loadOnce(async (kind: QuestionKindName): Promise<KindField> => {
  const field = await fields.load(kind);
  return { ...field, kind: await field.loadKind() };
});

/** Loads a kind's field, once per kind, without its contracts' half. */
export const loadKindField = fields.load;

/** Loads a kind's field with its contracts' half, once per kind. */
export const loadKind = withKinds.load;

/** The field of the question's kind, or undefined while its chunk loads (or when there is no question). */
export const useKindField = fields.useLoaded;

/**
 * The fields of these kinds with their contracts' halves, in their order, or undefined until every one
 * has loaded: check your answers shows each answer by its kind's display, and loads only the kinds its
 * answers are of.
 */
export const useKindFields = withKinds.useAllLoaded;

/** Whether any box named after the question's key holds something. */
export const enteredUnder = (form: FormData, key: string) =>
  [...form.entries()].some(
    ([name, value]) => (name === key || name.startsWith(`${key}-`)) && String(value).trim() !== '',
  );

/** A form value as typed. */
export const typed = (form: FormData, name: string) => String(form.get(name) ?? '');
