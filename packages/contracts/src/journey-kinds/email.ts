import { z } from 'zod';
import { answerDisplays } from './displays';
import { emailChangeSchema } from '../my-details';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const emailQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('email'), ...shared });
export type EmailQuestion = z.infer<ReturnType<typeof emailQuestion>>;

/** An email address, read by the rule My details changes one with, and kept in lower case. */
export const emailKind: QuestionKind<EmailQuestion> = {
  kind: 'email',
  examples: () => ({
    accepted: [{ answerKey: 'member@example.com' }],
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: emailQuestion,
  read(question, { answerKey }) {
    if (answerKey.trim() === '') return refused('invalid_email', 'Enter an email address');
    const email = emailChangeSchema.shape.email.safeParse(answerKey);
    if (!email.success) return refused('invalid_email', email.error.issues[0]!.message);
    return accepted(question, email.data);
  },
  display: answerDisplays.email,
  conditionValue: (answer) => answer.answerKey,
};
