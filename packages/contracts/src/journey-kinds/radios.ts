import { z } from 'zod';
import {
  choiceKeys,
  choiceLabel,
  choiceLeadsTo,
  choiceTargets,
  readChoice,
  repeatedChoices,
} from './choices';
import {
  journeyPageKeySchema,
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
  examples: (question) => ({
    accepted: question.answers.map((answer) => ({ answerKey: answer.key })),
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: radiosQuestion,
  read: (question, { answerKey }) => readChoice(question, answerKey),
  display: choiceLabel,
  conditionValue: (answer) => answer.answerKey,
  problems: repeatedChoices,
  targets: choiceTargets,
  leadsTo: choiceLeadsTo,
  answerKeys: choiceKeys,
};
