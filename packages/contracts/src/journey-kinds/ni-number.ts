import { z } from 'zod';
import { answerDisplays } from './displays';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const niNumberQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('ni-number'), ...shared });
export type NiNumberQuestion = z.infer<ReturnType<typeof niNumberQuestion>>;

/**
 * HMRC's rules for a National Insurance number: two prefix letters (the first never D, F, I, Q, U or V;
 * the second never D, F, I, O, Q, U or V; never BG, GB, KN, NK, NT, TN or ZZ), six digits, and a
 * suffix of A, B, C or D.
 */
const niNumberPattern = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/** A number as typed, upper-case without spaces: `qq 12 34 56 c` is `QQ123456C`. */
export const normalisedNiNumber = (typed: string) => typed.replace(/\s/g, '').toUpperCase();

/** A UK National Insurance number, kept upper-case without spaces and shown in pairs (`AB 12 34 56 C`). */
export const niNumberKind: QuestionKind<NiNumberQuestion> = {
  kind: 'ni-number',
  examples: () => ({ accepted: [{ answerKey: 'AB123456C' }], refused: { answerKey: 'not_an_answer<>' } }),
  schema: niNumberQuestion,
  read(question, { answerKey }) {
    const number = normalisedNiNumber(answerKey);
    if (number === '') return refused('invalid_ni_number', 'Enter a National Insurance number');
    if (!niNumberPattern.test(number))
      return refused(
        'invalid_ni_number',
        'Enter a National Insurance number in the correct format, like QQ 12 34 56 C',
      );
    return accepted(question, number);
  },
  display: answerDisplays['ni-number'],
  conditionValue: (answer) => answer.answerKey,
};
