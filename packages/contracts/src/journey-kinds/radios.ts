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

const radiosQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('radios'),
    ...shared,
    /** The answers content gives; none with `answersFrom`, which the content sync fills them from. */
    answers: z
      .array(
        object({
          key: shared.key,
          label: shared.label,
          hint: shared.hint,
          /** This answer leads to its own page instead of the page's `next`. */
          next: journeyPageKeySchema.optional(),
        }),
      )
      .min(2)
      .default([]),
    /**
     * `"strategies"`: the answers are the lifestyle strategies of the tenant's DC scheme (key its code in
     * lower case, label its name), filled in by the content sync, so they cannot drift from the scheme.
     */
    answersFrom: z.literal('strategies').optional(),
    /** With `answersFrom`: a hint for each answer key that has one (the wording stays content's). */
    answerHints: z.record(shared.key, z.string().min(1).max(1000)).optional(),
  });
export type RadiosQuestion = z.infer<ReturnType<typeof radiosQuestion>>;

/** One answer from a short list, each a radio button; an answer may lead to a page of its own. */
export const radiosKind: QuestionKind<RadiosQuestion> = {
  kind: 'radios',
  examples: (question) => ({
    accepted: question.answers.map((answer) => ({ answerKey: answer.key })),
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: radiosQuestion,
  read: (question, { answerKey }) => readChoice(question, answerKey),
  display: choiceLabel,
  conditionValue: (answer) => answer.answerKey,
  problems: (question) => [
    ...(question.answers.length < 2
      ? ['give at least two answers, or answersFrom: "strategies" for the DC scheme’s lifestyle strategies']
      : []),
    ...(question.answerHints && !question.answersFrom
      ? ['answerHints go with answersFrom; give each answer its own hint']
      : []),
    ...repeatedChoices(question),
  ],
  targets: choiceTargets,
  leadsTo: choiceLeadsTo,
  answerKeys: choiceKeys,
};

/** A lifestyle strategy as the DC scheme configuration lists it: what `answersFrom: "strategies"` offers. */
export interface AnswerSourceStrategy {
  code: string;
  name: string;
}

/**
 * A radios question whose answers are the scheme's strategies (`answersFrom: "strategies"`), with those
 * strategies as its answers in the scheme's order (key the code in lower case, label the name, the hint
 * `answerHints` gives that key); any other question as it is. A problem instead when content gives answers
 * of its own too, or a hint for a key the strategies do not have, or the strategies cannot be answers.
 */
export function withStrategyAnswers<Q extends { kind: string }>(
  question: Q,
  strategies: readonly AnswerSourceStrategy[],
): { question: Q } | { problem: string } {
  if (question.kind !== 'radios') return { question };
  const radios = question as unknown as RadiosQuestion;
  if (radios.answersFrom !== 'strategies') return { question };
  if (radios.answers.length > 0)
    return {
      problem:
        'answers: none with answersFrom: "strategies" (the scheme\'s strategies are the answers); ' +
        'give a hint in answerHints',
    };
  const keys = strategies.map((strategy) => strategy.code.toLowerCase());
  const unfit = strategies.find((_, index) => !/^[a-z0-9_]{2,60}$/.test(keys[index]!));
  if (unfit)
    return {
      problem: `answersFrom: the strategy ${unfit.code} cannot be an answer key (letters, digits, _)`,
    };
  if (keys.length < 2)
    return { problem: `answersFrom: the scheme lists ${keys.length} strategies; radios need two or more` };
  const hints = radios.answerHints ?? {};
  const stray = Object.keys(hints).find((key) => !keys.includes(key));
  if (stray !== undefined)
    return {
      problem:
        `answerHints.${stray}: the scheme lists no strategy ${stray.toUpperCase()} ` +
        `(its strategies: ${keys.join(', ')}); hint only those`,
    };
  const answers = strategies.map((strategy, index) => ({
    key: keys[index]!,
    label: strategy.name,
    ...(hints[keys[index]!] !== undefined && { hint: hints[keys[index]!] }),
  }));
  const { answerHints: _hints, ...rest } = radios;
  return { question: { ...rest, answers } as unknown as Q };
}
