import { z } from 'zod';
import {
  accepted,
  journeyPageKeySchema,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const radiosQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('radios'),
    ...shared,
    answers: z
      .array(
        object({
          key: shared.key,
          label: shared.label,
          hint: shared.hint,
          /** This answer leads to its own page instead of the page's `next`. */
          next: journeyPageKeySchema.optional(),
        }),
      )
      .min(2),
  });
export type RadiosQuestion = z.infer<ReturnType<typeof radiosQuestion>>;

/** One answer from a short list, each a radio button; an answer may lead to a page of its own. */
export const radiosKind: QuestionKind<RadiosQuestion> = {
  kind: 'radios',
  schema: radiosQuestion,
  read(question, { answerKey }) {
    const chosen = answerKey.trim();
    if (chosen === '') return refused('answer_required', 'Select an answer');
    if (!question.answers.some((option) => option.key === chosen))
      return refused('answer_not_an_option', 'Choose one of the answers given');
    return accepted(question, chosen);
  },
  display: (question, answer) =>
    question.answers.find((option) => option.key === answer.answerKey)?.label ?? answer.answerKey,
  conditionValue: (answer) => answer.answerKey,
  problems(question) {
    const keys = question.answers.map((option) => option.key);
    return keys
      .filter((key, index) => keys.indexOf(key) !== index)
      .map((key) => `answer ${key} is given twice`);
  },
  targets: (question) => question.answers.flatMap((option) => (option.next ? [option.next] : [])),
};
