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

/** A question kind's web half: its GOV.UK field and how to read what was typed into it. */
export interface KindField<Q extends JourneyQuestion = JourneyQuestion> {
  /** The contracts' half, loaded with the field: `read` (the check the server makes too) and `display`. */
  kind: QuestionKind<Q>;
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

const fields = loadOnce(
  async (kind: QuestionKindName) => (await kindFieldLoaders[kind]()).default as unknown as KindField,
);

/** Loads a kind's field, once per kind. */
export const loadKindField = fields.load;

/** The field of the question's kind, or undefined while its chunks load (or when there is no question). */
export const useKindField = fields.useLoaded;

/**
 * The fields of these kinds, in their order, or undefined until every one has loaded: check your
 * answers shows each answer by its kind's display, and loads only the kinds its answers are of.
 */
export const useKindFields = fields.useAllLoaded;

/** Whether any box named after the question's key holds something. */
export const enteredUnder = (form: FormData, key: string) =>
  [...form.entries()].some(
    ([name, value]) => (name === key || name.startsWith(`${key}-`)) && String(value).trim() !== '',
  );

/** A form value as typed. */
export const typed = (form: FormData, name: string) => String(form.get(name) ?? '');
