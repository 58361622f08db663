import { z } from 'zod';
import { answerDisplays } from './displays';
import { poundsAndPence } from './format';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

/** The most a money question accepts: £9,999,999.99, in pence. */
export const MONEY_ANSWER_MAX_PENCE = 999_999_999;

const pence = z.number().int().min(0).max(MONEY_ANSWER_MAX_PENCE);
const moneyQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('money'),
    ...shared,
    /** The least allowed, in pence. */
    min: pence.optional(),
    /** The most allowed, in pence. */
    max: pence.optional(),
  });
export type MoneyQuestion = z.infer<ReturnType<typeof moneyQuestion>>;

const amountExample = 'Enter an amount in pounds, like 1500 or 1500.50';

/**
 * An amount typed in pounds, as whole pence: at most two decimal places, optionally with a £ and commas
 * between thousands ("1,250.50"); never negative or an exponent ("1e9"). Says why when it is not one.
 */
export function penceFromPounds(typed: string): { pence: number } | { problem: string } {
  const value = typed.trim().replace(/^£\s*/, '');
  if (value === '') return { problem: amountExample };
  if (/^-\s*£?\d/.test(value)) return { problem: 'The amount must be £0 or more' };
  if (/^\d+\.\d{3,}$/.test(value)) return { problem: 'The amount must have no more than 2 decimal places' };
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(value)) return { problem: amountExample };
  const [pounds = '', pennies = ''] = value.replaceAll(',', '').split('.');
  // Compared as digits first, so 23 nines never become an imprecise float that slips under the limit.
  if (pounds.replace(/^0+/, '').length > 7) return { problem: tooMuch(MONEY_ANSWER_MAX_PENCE) };
  const total = Number(pounds) * 100 + Number(pennies.padEnd(2, '0'));
  return total > MONEY_ANSWER_MAX_PENCE ? { problem: tooMuch(MONEY_ANSWER_MAX_PENCE) } : { pence: total };
}

const tooMuch = (most: number) => `The amount must be ${poundsAndPence(most)} or less`;

/** An amount of money of £0 or more in pounds and pence, kept in pence; `min` and `max` in pence. */
export const moneyKind: QuestionKind<MoneyQuestion> = {
  kind: 'money',
  schema: moneyQuestion,
  read(question, { answerKey }) {
    const amount = penceFromPounds(answerKey);
    if ('problem' in amount) return refused('invalid_money_amount', amount.problem);
    if (question.min !== undefined && amount.pence < question.min)
      return refused('money_below_minimum', `The amount must be ${poundsAndPence(question.min)} or more`);
    if (question.max !== undefined && amount.pence > question.max)
      return refused('money_above_maximum', tooMuch(question.max));
    return accepted(question, String(amount.pence));
  },
  display: answerDisplays.money,
  conditionValue: (answer) => Number(answer.answerKey),
  problems: (question) =>
    question.min !== undefined && question.max !== undefined && question.min > question.max
      ? [`min (${question.min} pence) is above max (${question.max} pence)`]
      : [],
};
