import { z } from 'zod';
import { answerDisplays, numberText } from './displays';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

/** Numbers a question may bound itself by: well inside what a double holds exactly at 6 decimal places. */
const bound = z.number().min(-1e9).max(1e9);

const numberQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('number'),
    ...shared,
    /** Decimal places allowed; none (a whole number) when not given. */
    decimals: z.number().int().min(1).max(6).optional(),
    min: bound.optional(),
    max: bound.optional(),
  });
export type NumberQuestion = z.infer<ReturnType<typeof numberQuestion>>;

/**
 * A count or a measure typed as digits: whole unless the question allows `decimals`, with commas
 * between thousands allowed, kept as the plain number ("1250.5"). `min` and `max` bound it.
 */
export const numberKind: QuestionKind<NumberQuestion> = {
  kind: 'number',
  examples: () => ({ accepted: [{ answerKey: '50' }], refused: { answerKey: 'not_an_answer<>' } }),
  schema: numberQuestion,
  read(question, { answerKey }) {
    const typed = answerKey.trim();
    const example = question.decimals ? 'like 12 or 12.5' : 'like 12';
    if (typed === '') return refused('invalid_number', `Enter a number, ${example}`);
    if (!/^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(typed))
      return refused('invalid_number', `Enter a number using digits only, ${example}`);
    const plain = typed.replaceAll(',', '').replace(/^(-?)0+(?=\d)/, '$1');
    const places = plain.split('.')[1]?.length ?? 0;
    if (places > 0 && !question.decimals) return refused('number_not_whole', 'Enter a whole number, like 12');
    if (places > (question.decimals ?? 0))
      return refused(
        'number_too_many_decimals',
        `The number must have no more than ${question.decimals} decimal places`,
      );
    const value = Number(plain);
    if (Math.abs(value) > 1e9) return refused('number_above_maximum', 'The number is too large');
    if (question.min !== undefined && value < question.min)
      return refused(
        'number_below_minimum',
        `The number must be ${numberText(String(question.min))} or more`,
      );
    if (question.max !== undefined && value > question.max)
      return refused(
        'number_above_maximum',
        `The number must be ${numberText(String(question.max))} or less`,
      );
    return accepted(question, String(value));
  },
  display: answerDisplays.number,
  conditionValue: (answer) => Number(answer.answerKey),
  problems(question) {
    const found: string[] = [];
    if (question.min !== undefined && question.max !== undefined && question.min > question.max)
      found.push(`min (${question.min}) is above max (${question.max})`);
    for (const [name, value] of [
      ['min', question.min],
      ['max', question.max],
    ] as const)
      if (value !== undefined && !Number.isInteger(value * 10 ** (question.decimals ?? 0)))
        found.push(`${name} (${value}) has more decimal places than the question allows`);
    return found;
  },
};
