import { z } from 'zod';
import { visibilityFields, visibilityTruth, type VisibilityField, type VisibilityKey } from './visibility';

/** Compares a number: every bound given must hold (`{ gte: 0, lt: 100 }` is a range). */
export interface NumberComparison {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
  eq?: number;
}

/**
 * One language for routes, case documents and cross-field checks: tests on the journey's answers (an
 * answer one `in` a list, a number compared), on the figures it locked at start, on the member's
 * access-key fields and flags (as page visibility tests them), and references to named conditions,
 * combined with `all`, `any` and `not`.
 */
export type JourneyCondition =
  | { all: JourneyCondition[] }
  | { any: JourneyCondition[] }
  | { not: JourneyCondition }
  | ({ question: string; in?: string[] } & NumberComparison)
  | ({ figure: string } & NumberComparison)
  | { field: VisibilityField; in: string[] }
  | { flag: string }
  | { condition: string };

const comparisonKeys = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
const snakeCase = /^[a-z0-9_]{2,60}$/;
const snakeCaseMessage = 'lower-case letters, digits and underscores';

/** A named condition's name, as `{ "condition": "<name>" }` refers to it. */
export const conditionNameSchema = z.string().regex(snakeCase, snakeCaseMessage);
/** A figure a journey locks at start (a quote's tax-free cash), named as its plugin names it. */
export const figureNameSchema = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{1,60}$/, 'letters, digits and underscores');

const comparisonShape = {
  gt: z.number().optional(),
  gte: z.number().optional(),
  lt: z.number().optional(),
  lte: z.number().optional(),
  eq: z.number().optional(),
};
const hasComparison = (value: NumberComparison) => comparisonKeys.some((key) => value[key] !== undefined);

/** A journey condition as content writes it; anything else is refused with the shape it should have. */
export const journeyConditionSchema: z.ZodType<JourneyCondition> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(journeyConditionSchema).min(1) }),
    z.strictObject({ any: z.array(journeyConditionSchema).min(1) }),
    z.strictObject({ not: journeyConditionSchema }),
    z
      .strictObject({
        question: z.string().regex(snakeCase, snakeCaseMessage),
        in: z.array(z.string().regex(snakeCase, snakeCaseMessage)).min(1).optional(),
        ...comparisonShape,
      })
      .refine((value) => value.in !== undefined || hasComparison(value), {
        message: 'a question condition needs "in" or one of gt, gte, lt, lte, eq',
      }),
    z.strictObject({ figure: figureNameSchema, ...comparisonShape }).refine(hasComparison, {
      message: 'a figure condition needs one of gt, gte, lt, lte, eq',
    }),
    z.strictObject({ field: z.enum(visibilityFields), in: z.array(z.string()).min(1) }),
    z.strictObject({ flag: z.string().min(1) }),
    z.strictObject({ condition: conditionNameSchema }),
  ]),
);

/** What a condition is evaluated over. */
export interface ConditionFacts {
  /** The answers so far by question key: the answer's key (a money answer's pence, a number's value). */
  answers: ReadonlyMap<string, string>;
  /** The figures the journey locked at start; a figure not here is unknown. */
  figures?: Readonly<Record<string, number>>;
  /** The member's access key; left out (a visitor), its fields and flags are unknown. */
  accessKey?: VisibilityKey;
  /** The journey's named conditions. */
  named?: Readonly<Record<string, JourneyCondition>>;
}

const numberPattern = /^-?\d+(\.\d+)?$/;

function compares(value: number, bounds: NumberComparison): boolean {
  return (
    (bounds.gt === undefined || value > bounds.gt) &&
    (bounds.gte === undefined || value >= bounds.gte) &&
    (bounds.lt === undefined || value < bounds.lt) &&
    (bounds.lte === undefined || value <= bounds.lte) &&
    (bounds.eq === undefined || value === bounds.eq)
  );
}

// Three-valued, like visibility: undefined is "unknown" (a figure not locked, a field a visitor has
// not got, a named condition that refers to itself), and `not` of unknown stays unknown.
function truth(
  condition: JourneyCondition,
  facts: ConditionFacts,
  naming: readonly string[],
): boolean | undefined {
  if ('all' in condition) return combine(condition.all, facts, naming, false);
  if ('any' in condition) return combine(condition.any, facts, naming, true);
  if ('not' in condition) {
    const inner = truth(condition.not, facts, naming);
    return inner === undefined ? undefined : !inner;
  }
  if ('condition' in condition) {
    const named = facts.named?.[condition.condition];
    if (!named || naming.includes(condition.condition)) return undefined;
    return truth(named, facts, [...naming, condition.condition]);
  }
  if ('question' in condition) {
    const answer = facts.answers.get(condition.question);
    if (answer === undefined) return false;
    if (condition.in && !condition.in.includes(answer)) return false;
    if (!hasComparison(condition)) return true;
    return numberPattern.test(answer) && compares(Number(answer), condition);
  }
  if ('figure' in condition) {
    const figure = facts.figures?.[condition.figure];
    return figure === undefined ? undefined : compares(figure, condition);
  }
  if (!facts.accessKey) return undefined;
  return visibilityTruth(condition, facts.accessKey);
}

function combine(
  conditions: readonly JourneyCondition[],
  facts: ConditionFacts,
  naming: readonly string[],
  decisive: boolean,
): boolean | undefined {
  let result: boolean | undefined = !decisive;
  for (const condition of conditions) {
    const value = truth(condition, facts, naming);
    if (value === decisive) return decisive;
    if (value === undefined) result = undefined;
  }
  return result;
}

/** True when the condition certainly holds over the facts (an unknown part never makes it hold). */
export const conditionHolds = (condition: JourneyCondition, facts: ConditionFacts): boolean =>
  truth(condition, facts, []) === true;

/** What a condition refers to, for the checks content sync makes (each name once, in order met). */
export interface ConditionReferences {
  questions: string[];
  figures: string[];
  conditions: string[];
  /** The member's access-key fields and flags it tests (a visitor has none). */
  fields: string[];
  flags: string[];
  /** Answer keys an `in` list names, by question. */
  answerKeys: Array<{ question: string; answer: string }>;
}

/** Everything a condition names, without following named conditions. */
export function conditionReferences(condition: JourneyCondition): ConditionReferences {
  const found: ConditionReferences = {
    questions: [],
    figures: [],
    conditions: [],
    fields: [],
    flags: [],
    answerKeys: [],
  };
  const add = (list: string[], name: string) => {
    if (!list.includes(name)) list.push(name);
  };
  const visit = (part: JourneyCondition) => {
    if ('all' in part) part.all.forEach(visit);
    else if ('any' in part) part.any.forEach(visit);
    else if ('not' in part) visit(part.not);
    else if ('condition' in part) add(found.conditions, part.condition);
    else if ('question' in part) {
      add(found.questions, part.question);
      for (const answer of part.in ?? []) found.answerKeys.push({ question: part.question, answer });
    } else if ('figure' in part) add(found.figures, part.figure);
    else if ('field' in part) add(found.fields, part.field);
    else add(found.flags, part.flag);
  };
  visit(condition);
  return found;
}
