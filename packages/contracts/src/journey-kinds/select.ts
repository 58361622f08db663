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

const selectQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('select'),
    ...shared,
    answers: z
      .array(
        object({
          key: shared.key,
          label: shared.label,
          /** This answer leads to its own page instead of the page's `next`. */
          next: journeyPageKeySchema.optional(),
        }),
      )
      .min(2),
  });
export type SelectQuestion = z.infer<ReturnType<typeof selectQuestion>>;

/** One answer from a list too long for radios, shown as a drop-down; answers may lead on as radios' do. */
export const selectKind: QuestionKind<SelectQuestion> = {
  kind: 'select',
  examples: (question) => ({
    accepted: question.answers.map((answer) => ({ answerKey: answer.key })),
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: selectQuestion,
  read: (question, { answerKey }) => readChoice(question, answerKey),
  display: choiceLabel,
  conditionValue: (answer) => answer.answerKey,
  problems: repeatedChoices,
  targets: choiceTargets,
  leadsTo: choiceLeadsTo,
  answerKeys: choiceKeys,
};
