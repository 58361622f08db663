import { z } from 'zod';
import { answerDisplays } from './displays';
import { textProblem } from '../input-policy';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

/** The most a text answer holds when the question sets no `maxLength`. */
const TEXT_ANSWER_MAX = 1000;

const textQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('text'),
    ...shared,
    maxLength: z.number().int().min(1).max(TEXT_ANSWER_MAX).optional(),
  });
export type TextQuestion = z.infer<ReturnType<typeof textQuestion>>;

/** Why words typed on one line cannot be kept (none, too many, markup, control characters), or null. */
export function plainTextProblem(text: string, most: number): { code: string; message: string } | null {
  if (text === '') return { code: 'answer_required', message: 'Enter an answer' };
  if (text.length > most)
    return { code: 'answer_too_long', message: `The answer must be ${most} characters or fewer` };
  if (/[<>]/.test(text)) return { code: 'answer_has_html', message: 'The answer must not contain < or >' };
  if (textProblem(text, { singleLine: true }))
    return { code: 'answer_has_control_characters', message: 'The answer must be plain text on one line' };
  return null;
}

/** A short answer in the member's own words, on one line, with no markup. */
export const textKind: QuestionKind<TextQuestion> = {
  kind: 'text',
  examples: () => ({ accepted: [{ answerKey: 'Some words' }], refused: { answerKey: '<b>bold</b>' } }),
  schema: textQuestion,
  read(question, { answerKey }) {
    const text = answerKey.trim();
    const problem = plainTextProblem(text, question.maxLength ?? TEXT_ANSWER_MAX);
    return problem ? refused(problem.code, problem.message) : accepted(question, text);
  },
  display: answerDisplays.text,
  conditionValue: (answer) => answer.answerKey,
};
