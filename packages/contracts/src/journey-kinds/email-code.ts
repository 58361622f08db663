import { z } from 'zod';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const emailCodeQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('email-code'), ...shared });
export type EmailCodeQuestion = z.infer<ReturnType<typeof emailCodeQuestion>>;

/**
 * The 6-digit code emailed to a reporter of a death, proving their address (docs/bereavement.md). The
 * server's check of the page compares it with the code it sent; the journey keeps only `confirmed`.
 */
export const emailCodeKind: QuestionKind<EmailCodeQuestion> = {
  kind: 'email-code',
  // On any other journey no code is ever sent, so every answer would be refused.
  audiences: { only: ['bereavement'], why: 'only a report of a death sends the code it asks for' },
  examples: () => ({ accepted: [{ answerKey: '123456' }], refused: { answerKey: 'not_an_answer<>' } }),
  schema: emailCodeQuestion,
  read(question, { answerKey }) {
    if (!/^\d{6}$/.test(answerKey.replace(/\s/g, '')))
      return refused('invalid_email_code', 'Enter the 6-digit code from the email');
    return accepted(question, 'confirmed');
  },
  display: () => 'Confirmed with a code',
  conditionValue: (answer) => answer.answerKey,
};
