import { z } from 'zod';
import { figureNameSchema } from '../journey-conditions';
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
    /** A figure the journey locks at start (in pence) the amount may not be below, beside `min`. */
    minFigure: figureNameSchema.optional(),
    /** A figure the journey locks at start (in pence) the amount may not be above, beside `max`. */
    maxFigure: figureNameSchema.optional(),
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

/** A bound from a figure, or null when the figure named was not locked (nothing to check against). */
type Bound = { pence: number; fromFigure: boolean } | null;

/** The tighter of a fixed bound and one from a locked figure (`pick` chooses between two). */
function boundOf(
  fixed: number | undefined,
  figure: string | undefined,
  figures: Readonly<Record<string, number>> | undefined,
  pick: (a: number, b: number) => number,
): Bound | undefined {
  const locked = figure === undefined ? undefined : figures?.[figure];
  if (figure !== undefined && locked === undefined) return null;
  if (locked === undefined) return fixed === undefined ? undefined : { pence: fixed, fromFigure: false };
  const pence = fixed === undefined ? locked : pick(fixed, locked);
  return { pence, fromFigure: pence === locked };
}

/** The least and most a money question accepts now: its own limits with those from locked figures. */
function moneyLimitsOf(question: MoneyQuestion, figures?: Readonly<Record<string, number>>) {
  return {
    least: boundOf(question.min, question.minFigure, figures, Math.max),
    most: boundOf(question.max, question.maxFigure, figures, Math.min),
  };
}

/** The limits a question takes from locked figures, in words for its hint ("Enter an amount of £50.00 or less"). */
function limitHint(question: MoneyQuestion, figures?: Readonly<Record<string, number>>) {
  if (question.minFigure === undefined && question.maxFigure === undefined) return undefined;
  const { least, most } = moneyLimitsOf(question, figures);
  if (least && most)
    return `Enter an amount between ${poundsAndPence(least.pence)} and ${poundsAndPence(most.pence)}`;
  if (most) return `Enter an amount of ${poundsAndPence(most.pence)} or less`;
  if (least) return `Enter an amount of ${poundsAndPence(least.pence)} or more`;
  return undefined;
}

const figureMissing = refused(
  'money_limit_unavailable',
  'We cannot check this amount against the figures your application was started with. Start it again.',
);

/**
 * An amount of money of £0 or more in pounds and pence, kept in pence; `min` and `max` in pence, and
 * `minFigure`/`maxFigure` naming a figure the journey locked at start (the tighter limit holds).
 */
export const moneyKind: QuestionKind<MoneyQuestion> = {
  kind: 'money',
  examples: () => ({
    accepted: [{ answerKey: '1500' }, { answerKey: '200000' }],
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: moneyQuestion,
  read(question, { answerKey }, { figures }) {
    const amount = penceFromPounds(answerKey);
    if ('problem' in amount) return refused('invalid_money_amount', amount.problem);
    const { least, most } = moneyLimitsOf(question, figures);
    if (least === null || most === null) return figureMissing;
    if (least && amount.pence < least.pence)
      return refused(
        'money_below_minimum',
        least.fromFigure
          ? `Enter an amount of ${poundsAndPence(least.pence)} or more`
          : `The amount must be ${poundsAndPence(least.pence)} or more`,
      );
    if (most && amount.pence > most.pence)
      return refused(
        'money_above_maximum',
        most.fromFigure ? `Enter an amount of ${poundsAndPence(most.pence)} or less` : tooMuch(most.pence),
      );
    return accepted(question, String(amount.pence));
  },
  display: answerDisplays.money,
  conditionValue: (answer) => Number(answer.answerKey),
  problems: (question) =>
    question.min !== undefined && question.max !== undefined && question.min > question.max
      ? [`min (${question.min} pence) is above max (${question.max} pence)`]
      : [],
  figures: (question) => [question.minFigure, question.maxFigure].filter((name) => name !== undefined),
  // Kept in pence, typed in pounds: 1234567 is typed again as 12345.67.
  typedAgain: (_question, answer) => ({ answerKey: (Number(answer.answerKey) / 100).toFixed(2) }),
  hint(question, { figures }) {
    const limits = limitHint(question, figures);
    return limits && question.hint ? `${question.hint} ${limits}` : (limits ?? question.hint);
  },
};
