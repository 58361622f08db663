import { z } from 'zod';
import { answerDisplays } from './displays';
import { safeDate } from '../input-policy';
import { dayMonthYear } from './format';
import {
  accepted,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const dateQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('date'),
    ...shared,
    /** The date may be today or earlier (a guidance appointment that has happened). */
    notAfterToday: z.boolean().optional(),
    /** The date may be today or later. */
    notBeforeToday: z.boolean().optional(),
    /** The earliest date allowed (a guidance appointment cannot predate the service that gives it). */
    notBefore: safeDate().optional(),
    /** The date may be at most this many months before today (advice taken in the last 12 months). */
    withinMonths: z.number().int().min(1).max(1200).optional(),
  });
export type DateQuestion = z.infer<ReturnType<typeof dateQuestion>>;

/** YYYY-MM-DD naming a day that exists (not 30 February). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** The same day `months` months before `day` (YYYY-MM-DD), or the month's last day when it has none. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A day, given as YYYY-MM-DD (the web's day, month and year boxes), on the side of today allowed. */
export const dateKind: QuestionKind<DateQuestion> = {
  kind: 'date',
  examples: (question, { today }) => ({
    accepted: [
      {
        answerKey: question.notBeforeToday
          ? monthsBefore(today, -3)
          : question.withinMonths
            ? monthsBefore(today, question.withinMonths)
            : '2020-06-01',
      },
    ],
    refused: { answerKey: '2026-02-30' },
  }),
  schema: dateQuestion,
  read(question, { answerKey }, { today }) {
    const date = answerKey.trim();
    if (!isRealDate(date) || date < '1900-01-01')
      return refused('invalid_date', 'Enter a real date, for example 27 3 2026');
    if (question.notAfterToday && date > today)
      return refused('date_in_future', 'The date must be today or in the past');
    if (question.notBeforeToday && date < today)
      return refused('date_in_past', 'The date must be today or in the future');
    if (question.notBefore && date < question.notBefore)
      return refused('date_too_early', `The date must be on or after ${dayMonthYear(question.notBefore)}`);
    if (question.withinMonths && date < monthsBefore(today, question.withinMonths))
      return refused('date_too_long_ago', `The date must be in the last ${question.withinMonths} months`);
    return accepted(question, date);
  },
  display: answerDisplays.date,
  conditionValue: (answer) => answer.answerKey,
  problems: (question) =>
    question.notAfterToday && question.notBeforeToday
      ? ['notAfterToday and notBeforeToday together leave only today: ask no question']
      : [],
};
