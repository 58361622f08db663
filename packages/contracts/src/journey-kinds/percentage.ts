import { z } from 'zod';
import { answerDisplays } from './displays';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const percent = z.number().min(0).max(100);
const percentageQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('percentage'), ...shared, min: percent.optional(), max: percent.optional() });
export type PercentageQuestion = z.infer<ReturnType<typeof percentageQuestion>>;

const example = 'Enter a percentage, like 25 or 12.5';

/** A percentage from 0 to 100 with up to 2 decimal places, typed with or without `%`, kept as `12.5`. */
export const percentageKind: QuestionKind<PercentageQuestion> = {
  kind: 'percentage',
  examples: () => ({ accepted: [{ answerKey: '50' }], refused: { answerKey: 'not_an_answer<>' } }),
  schema: percentageQuestion,
  read(question, { answerKey }) {
    const typed = answerKey.trim().replace(/\s*%$/, '');
    if (typed === '') return refused('invalid_percentage', example);
    if (/^\d+\.\d{3,}$/.test(typed))
      return refused('invalid_percentage', 'The percentage must have no more than 2 decimal places');
    if (!/^-?\d+(\.\d{1,2})?$/.test(typed)) return refused('invalid_percentage', example);
    const value = Number(typed);
    if (value < 0 || value > 100)
      return refused('invalid_percentage', 'The percentage must be between 0 and 100');
    if (question.min !== undefined && value < question.min)
      return refused('percentage_below_minimum', `The percentage must be ${question.min}% or more`);
    if (question.max !== undefined && value > question.max)
      return refused('percentage_above_maximum', `The percentage must be ${question.max}% or less`);
    return accepted(question, String(value));
  },
  display: answerDisplays.percentage,
  conditionValue: (answer) => Number(answer.answerKey),
  problems(question) {
    const found: string[] = [];
    if (question.min !== undefined && question.max !== undefined && question.min > question.max)
      found.push(`min (${question.min}%) is above max (${question.max}%)`);
    for (const [name, value] of [
      ['min', question.min],
      ['max', question.max],
    ] as const)
      if (value !== undefined && !Number.isInteger(Math.round(value * 100 * 1e6) / 1e6))
        found.push(`${name} (${value}%) has more than 2 decimal places`);
    return found;
  },
};
