import { z } from 'zod';
import type { FieldProblem } from './address';
import {
  accepted,
  parsedJson,
  refused,
  type KindContext,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';
import { poundsAndPence } from './format';
import { penceFromPounds, MONEY_ANSWER_MAX_PENCE } from './money';
import {
  examplePerson,
  personFieldNames,
  personFromStored,
  personLine,
  readSubmittedPerson,
  type Person,
} from './person';
import { plainTextProblem } from './text';

/** Most items any list holds (a nomination's beneficiaries too). */
export const LIST_MOST_ITEMS = 20;

/** A share as a percentage, in hundredths of a per cent, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const shareHundredths = (percentage: number) => Math.round(percentage * 100);

export const formatShare = (percentage: number) =>
  `${Number.isInteger(percentage) ? percentage : percentage.toFixed(2).replace(/0$/, '')}%`;

/** A share of 0 to 100 per cent, to 2 decimal places, as an API carries it. */
export const shareSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimal places');

/** A share as typed ("33.33", "40%"): 0 to 100 with at most 2 decimal places. */
export function readShare(typed: string): { ok: true; percentage: number } | { ok: false; message: string } {
  const entered = typed.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(entered) || Number(entered) > 100)
    return {
      ok: false,
      message: 'Enter a share between 0 and 100, with up to 2 decimal places, such as 33.33',
    };
  return { ok: true, percentage: Number(entered) };
}

/**
 * Why shares do not make the total a list requires (100 for a lump sum split between people), or null
 * when they do. `what` names the shares in the message ("Lump-sum shares").
 */
export function sharesTotalProblem(shares: number[], equals: number, what = 'The shares'): string | null {
  const total = shares.reduce((sum, share) => sum + shareHundredths(share), 0);
  if (total === shareHundredths(equals)) return null;
  return `${what} must add up to exactly ${formatShare(equals)}. They add up to ${(total / 100).toFixed(2)}%.`;
}

/**
 * One item of a list: its own name when the list asks for one (a pension scheme's), one of a set of
 * answers (a fund, kept as its key), a person's fields, an amount in pence and a share, each when the
 * list asks for it.
 */
export type ListItem = Person & { title?: string; option?: string; amountPence?: number; share?: number };

const pence = z.number().int().min(0).max(MONEY_ANSWER_MAX_PENCE);

const listQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('list'),
    ...shared,
    item: object({
      /** The person's fields each item asks (none for a list of things, such as pension schemes). */
      fields: z
        .array(z.enum(personFieldNames))
        .refine((fields) => new Set(fields).size === fields.length, 'name each field once')
        .default([]),
      /** The relationship box's label ("How are they related to you?" when not given). */
      relationshipLabel: z.string().min(1).max(200).optional(),
      /** Each item's own name, typed on one line (a scheme's name): its box's label and longest length. */
      title: object({
        label: z.string().min(1).max(200),
        maxLength: z.number().int().min(1).max(200).default(100),
      }).optional(),
      /**
       * Each item is one of these answers, chosen from a drop-down (a fund to invest in): kept as its key,
       * shown as its label; no two items may choose the same one. `from: "funds"` takes the answers from
       * the tenant's funds.json (its codes and names), filled in by the content sync.
       */
      option: object({
        label: z.string().min(1).max(200),
        answers: z
          .array(
            object({ key: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/), label: z.string().min(1).max(200) }),
          )
          .min(1)
          .max(50)
          .optional(),
        from: z.literal('funds').optional(),
      }).optional(),
      /** Each item's amount of money, typed in pounds and kept in pence: its box's label and bounds. */
      amount: object({
        label: z.string().min(1).max(200),
        min: pence.optional(),
        max: pence.optional(),
      }).optional(),
      /** Each item also takes a percentage share. */
      share: z.boolean().optional(),
      /** The share's label ("Their share" when not given; "Percentage of the pot" for a fund). */
      shareLabel: z.string().min(1).max(200).optional(),
      /** What one item is called on the page ("person", "child"), and more than one. */
      name: z.string().min(1).max(40).default('person'),
      plural: z.string().min(1).max(40).default('people'),
    }),
    min: z.number().int().min(0).max(LIST_MOST_ITEMS).default(1),
    max: z.number().int().min(1).max(LIST_MOST_ITEMS).default(LIST_MOST_ITEMS),
    /** The items' shares must add up to exactly this many per cent. */
    total: object({ of: z.literal('share'), equals: z.number().min(1).max(100) }).optional(),
  });
export type ListQuestion = z.infer<ReturnType<typeof listQuestion>>;

/** An item's amount as typed, in pence within the list's bounds, or why not. */
function readAmount(
  amount: NonNullable<ListQuestion['item']['amount']>,
  typed: string,
): { pence: number } | FieldProblem {
  const read = penceFromPounds(typed);
  const problem = (code: string, message: string) => ({ field: 'amount', code, message });
  if ('problem' in read) return problem('invalid_money_amount', read.problem);
  if (amount.min !== undefined && read.pence < amount.min)
    return problem('money_below_minimum', `The amount must be ${poundsAndPence(amount.min)} or more`);
  if (amount.max !== undefined && read.pence > amount.max)
    return problem('money_above_maximum', `The amount must be ${poundsAndPence(amount.max)} or less`);
  return read;
}

/** An item as typed (its name, person, amount and share): every problem against the box at fault. */
export function readListItem(
  question: ListQuestion,
  input: { person: unknown; title?: string; option?: string; amount?: string; share?: string },
  context: KindContext,
): { ok: true; item: ListItem } | { ok: false; problems: FieldProblem[] } {
  const { title: asksTitle, option: asksOption, amount: asksAmount } = question.item;
  const item: ListItem = {};
  const problems: FieldProblem[] = [];
  if (asksTitle) {
    const title = (input.title ?? '').trim();
    const problem = plainTextProblem(title, asksTitle.maxLength);
    if (problem) problems.push({ field: 'title', ...problem });
    else item.title = title;
  }
  if (asksOption) {
    const chosen = (asksOption.answers ?? []).find((answer) => answer.key === (input.option ?? '').trim());
    if (chosen) item.option = chosen.key;
    else
      problems.push({
        field: 'option',
        code: 'answer_not_an_option',
        message: `Choose the ${asksOption.label.toLowerCase()}`,
      });
  }
  const person = readSubmittedPerson(question.item.fields, input.person, context);
  if (person.ok) Object.assign(item, person.person);
  else problems.push(...person.problems);
  if (asksAmount) {
    const amount = readAmount(asksAmount, input.amount ?? '');
    if ('pence' in amount) item.amountPence = amount.pence;
    else problems.push(amount);
  }
  const share = question.item.share ? readShare(input.share ?? '') : null;
  if (share && !share.ok) problems.push({ field: 'share', code: 'invalid_share', message: share.message });
  if (share?.ok) item.share = share.percentage;
  return problems.length > 0 ? { ok: false, problems } : { ok: true, item };
}

/** An item as its boxes show it again: the amount in pounds, as a member would type it. */
export const listItemInputOf = (item: ListItem) => ({
  title: item.title,
  option: item.option,
  amount: item.amountPence === undefined ? undefined : (item.amountPence / 100).toFixed(2),
  share: item.share === undefined ? undefined : String(item.share),
});

/** Why a whole list cannot be kept (too few, too many, shares not making the total), or null. */
export function listProblem(
  question: ListQuestion,
  items: ListItem[],
): { code: string; message: string } | null {
  if (items.length < question.min)
    return {
      code: 'list_too_short',
      message: `Add at least ${question.min} ${question.min === 1 ? question.item.name : question.item.plural}`,
    };
  if (items.length > question.max)
    return {
      code: 'list_too_long',
      message: `You can add up to ${question.max} ${question.max === 1 ? question.item.name : question.item.plural}`,
    };
  const options = items.flatMap((item) => (item.option === undefined ? [] : [item.option]));
  if (new Set(options).size !== options.length)
    return {
      code: 'list_option_repeated',
      message: `Choose each ${question.item.option!.label.toLowerCase()} once`,
    };
  const problem =
    question.total &&
    sharesTotalProblem(
      items.map((item) => item.share ?? 0),
      question.total.equals,
    );
  return problem ? { code: 'list_total_mismatch', message: problem } : null;
}

export const listItemsOf = (value: string | null): ListItem[] => {
  const items = parsedJson(value);
  return Array.isArray(items) ? items.map((item) => personFromStored(item) as ListItem) : [];
};

const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** One item on one line: its name (or its option's label), the person, its amount, then its share. */
export function listItemLine(item: ListItem, question?: ListQuestion) {
  const option =
    item.option === undefined
      ? undefined
      : (question?.item.option?.answers?.find((answer) => answer.key === item.option)?.label ?? item.option);
  const line = [
    item.title,
    option,
    personLine(item),
    item.amountPence !== undefined && poundsAndPence(item.amountPence),
  ]
    .filter(Boolean)
    .join(', ');
  return item.share === undefined ? line : `${line}: ${formatShare(item.share)}`;
}

/**
 * Repeating items on one page ("add another"): each a person's fields, with a share when asked; at
 * least `min` and at most `max` of them, and their shares adding up to `total` when it is set. The
 * answer's value is the items as JSON and its key how many there are.
 */
export const listKind: QuestionKind<ListQuestion> = {
  kind: 'list',
  examples(question) {
    const least = Math.max(question.min, 1);
    // The fewest items, and two where the list allows more (a page may be asked only for several).
    const options = question.item.option?.answers;
    const counts = least < 2 && question.max >= 2 && (!options || options.length >= 2) ? [least, 2] : [least];
    const itemsOf = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        ...examplePerson,
        title: `Item ${index + 1}`,
        ...(options && { option: options[index]!.key }),
        amount: String((question.item.amount?.min ?? 0) / 100 + 1),
        share: question.total ? String(index === 0 ? question.total.equals - (count - 1) : 1) : '50',
      }));
    return {
      accepted: counts.map((count) => ({
        answerKey: String(count),
        answerValue: JSON.stringify(itemsOf(count)),
      })),
      refused: { answerKey: 'not_an_answer<>' },
    };
  },
  schema: listQuestion,
  read(question, submitted, context) {
    const given = parsedJson(submitted.answerValue);
    if (!Array.isArray(given)) return refused('invalid_list', `Add the ${question.item.plural}`);
    if (given.length > question.max) return refused('list_too_long', listProblem(question, given)!.message);
    const items: ListItem[] = [];
    for (const [index, entry] of given.entries()) {
      const record = z.record(z.string(), z.unknown()).safeParse(entry);
      const typed = (name: string) => {
        const value = record.success ? record.data[name] : undefined;
        return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
      };
      const read = readListItem(
        question,
        {
          person: entry,
          title: typed('title'),
          option: typed('option'),
          amount: typed('amount'),
          share: typed('share'),
        },
        context,
      );
      if (!read.ok)
        return refused(
          read.problems[0]!.code,
          `${capitalised(question.item.name)} ${index + 1}: ${read.problems[0]!.message}`,
        );
      items.push(read.item);
    }
    const problem = listProblem(question, items);
    if (problem) return refused(problem.code, problem.message);
    return accepted(question, String(items.length), JSON.stringify(items));
  },
  display: (question, answer) =>
    listItemsOf(answer.answerValue)
      .map((item) => listItemLine(item, question))
      .join('; '),
  conditionValue: (answer) => Number(answer.answerKey),
  problems(question) {
    const found: string[] = [];
    if (question.min > question.max) found.push(`min (${question.min}) is above max (${question.max})`);
    if (question.total && !question.item.share) found.push('a total of shares needs item.share: true');
    const { fields, title, option, amount, share } = question.item;
    if (fields.length === 0 && !title && !option && !amount && !share)
      found.push('an item asks nothing: give it fields, a title, an option, an amount or a share');
    const answers = option?.answers ?? [];
    if (option && answers.length === 0)
      found.push('item.option: give its answers, or from: "funds" for the tenant’s funds');
    if (new Set(answers.map((answer) => answer.key)).size !== answers.length)
      found.push('item.option: two answers share a key');
    if (option && answers.length > 0 && question.max > answers.length)
      found.push(`max (${question.max}) is more than item.option has answers (${answers.length})`);
    if (amount?.min !== undefined && amount.max !== undefined && amount.min > amount.max)
      found.push(`item.amount min (${amount.min} pence) is above max (${amount.max} pence)`);
    return found;
  },
};

/** A fund as the tenant's funds.json lists it: what a list's `item.option.from: "funds"` offers. */
export interface OptionSourceFund {
  fundCode: string;
  fundName: string;
  orderNo: number;
}

/**
 * A list question whose items choose from the tenant's funds (`item.option.from: "funds"`), with those
 * funds as its answers (code and name, in the file's order); any other question as it is. Null when
 * the question asks for funds and the tenant has none.
 */
export function withOptionAnswers<Q extends { kind: string }>(
  question: Q,
  funds: readonly OptionSourceFund[] | undefined,
): Q | null {
  if (question.kind !== 'list') return question;
  const list = question as unknown as ListQuestion;
  if (list.item.option?.from !== 'funds') return question;
  if (!funds || funds.length === 0) return null;
  const answers = [...funds]
    .sort((a, b) => a.orderNo - b.orderNo)
    .map((fund) => ({ key: fund.fundCode, label: fund.fundName }));
  return { ...question, item: { ...list.item, option: { ...list.item.option, answers } } };
}
