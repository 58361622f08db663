import {
  kindOf,
  conditionHolds,
  conditionReferences,
  type ConditionFacts,
  type JourneyCondition,
  type JourneyDefinition,
  type JourneyStep,
  type PageJourney,
  type VisibilityKey,
} from '@meridian/contracts';
import { figureNamesOf, pluginOf } from './plugins';

/** What conditions read besides the answers: the figures locked at start and the member's access key. */
export interface OwnerFacts {
  figures?: Readonly<Record<string, number>>;
  accessKey?: VisibilityKey;
}

/** A journey as the engine walks it: its definition, its pages by key, and its owner's facts. */
export interface JourneyGraph {
  definition: JourneyDefinition;
  pages: ReadonlyMap<string, PageJourney & { title: string; slug: string }>;
  owner?: OwnerFacts;
}

export type JourneyPage = NonNullable<ReturnType<JourneyGraph['pages']['get']>>;

interface PageWithJourney {
  key: string;
  slug: string;
  title: string;
  journey?: PageJourney | null;
}

/** A journey's graph from its definition and the tenant's pages that are steps of it. */
export const graphOf = (definition: JourneyDefinition, pages: readonly PageWithJourney[]): JourneyGraph => ({
  definition,
  pages: new Map(
    pages.flatMap((page) =>
      page.journey?.type === definition.type
        ? [[page.key, { ...page.journey, title: page.title, slug: page.slug }] as const]
        : [],
    ),
  ),
});

/** The graph walked for one owner: conditions on figures and access-key fields read these. */
export const withOwnerFacts = (graph: JourneyGraph, owner: OwnerFacts): JourneyGraph => ({ ...graph, owner });

/** The answers given so far on a path, by question key. */
export const answersOf = (steps: readonly JourneyStep[]): Map<string, string> =>
  new Map(steps.flatMap((step) => (step.answer ? [[step.answer.questionKey, step.answer.answerKey]] : [])));

/** What the journey's conditions are evaluated over, after these steps. */
export const factsOf = (graph: JourneyGraph, steps: readonly JourneyStep[]): ConditionFacts => ({
  answers: answersOf(steps),
  figures: graph.owner?.figures,
  accessKey: graph.owner?.accessKey,
  named: graph.definition.conditions,
});

/**
 * Where a page leads, given the facts so far (its own answer included): the chosen answer's own page,
 * else the first route whose condition holds, else the page's `next`; null at the end of the graph (a
 * terminal page, check your answers).
 */
export function nextPageOf(page: PageJourney, facts: ConditionFacts): string | null {
  const question = page.question;
  const answer = question ? facts.answers.get(question.key) : undefined;
  const own =
    question && answer !== undefined ? kindOf(question.kind).leadsTo?.(question, answer) : undefined;
  if (own) return own;
  const route = page.routes?.find((candidate) => conditionHolds(candidate.when, facts));
  return route?.next ?? page.next ?? null;
}

/** Every page key a page may lead to. */
const targetsOf = (page: PageJourney): string[] =>
  [
    page.next,
    ...(page.routes ?? []).map((route) => route.next),
    ...(page.question ? (kindOf(page.question.kind).targets?.(page.question) ?? []) : []),
  ].filter((target): target is string => Boolean(target));

/** Every condition of a journey, with where it is written. */
function conditionsOf({
  definition,
  pages,
}: JourneyGraph): Array<{ where: string; condition: JourneyCondition }> {
  return [
    ...Object.entries(definition.conditions ?? {}).map(([name, condition]) => ({
      where: `conditions.${name}`,
      condition,
    })),
    ...definition.caseDocuments.flatMap((document, index) =>
      typeof document === 'string'
        ? []
        : [{ where: `caseDocuments[${index}].when`, condition: document.when }],
    ),
    ...[...pages].flatMap(([key, page]) => [
      ...(page.routes ?? []).map((route, index) => ({
        where: `${key}.routes[${index}].when`,
        condition: route.when,
      })),
      ...(page.checks ?? []).map((check, index) => ({
        where: `${key}.checks[${index}].when`,
        condition: check.when,
      })),
    ]),
  ];
}

/** Whether the journey's conditions test the owner's access key (its fields or flags). */
export const readsAccessKey = (graph: JourneyGraph): boolean =>
  conditionsOf(graph).some(({ condition }) => {
    const found = conditionReferences(condition);
    return found.fields.length > 0 || found.flags.length > 0;
  });

/** What the sync checks a journey's conditions against: its questions, named conditions and figures. */
interface ConditionScope {
  type: string;
  /** A visitor's journey: there is no access key for a field or flag to test. */
  visitor: boolean;
  /** Question keys asked on the journey's pages, with a radios question's answer keys. */
  questions: ReadonlyMap<string, readonly string[] | null>;
  named: ReadonlySet<string>;
  figures: ReadonlySet<string>;
}

function conditionProblems(where: string, condition: JourneyCondition, scope: ConditionScope): string[] {
  const found = conditionReferences(condition);
  return [
    ...found.questions
      .filter((question) => !scope.questions.has(question))
      .map(
        (question) => `${where}: question "${question}" is not asked on any page of journey ${scope.type}`,
      ),
    ...found.answerKeys
      .filter(({ question, answer }) => {
        const answers = scope.questions.get(question);
        return answers && !answers.includes(answer);
      })
      .map(({ question, answer }) => `${where}: "${answer}" is not an answer of question "${question}"`),
    ...found.conditions
      .filter((name) => !scope.named.has(name))
      .map((name) => `${where}: there is no condition "${name}" in the journey's conditions`),
    ...found.figures
      .filter((figure) => !scope.figures.has(figure))
      .map(
        (figure) =>
          `${where}: there is no figure "${figure}" (${
            scope.figures.size
              ? `this journey locks ${[...scope.figures].join(', ')}`
              : 'this journey locks none'
          })`,
      ),
    ...(scope.visitor
      ? [...found.fields.map((field) => `field ${field}`), ...found.flags.map((flag) => `flag ${flag}`)].map(
          (tested) =>
            `${where}: a visitor has no access key, so ${tested} can never hold on a visitor journey`,
        )
      : []),
  ];
}

/**
 * What a visitor's journey cannot have, since a visitor has no member record or access key: an
 * eligibility rule, a formal quote, a start that locks a member's figures, pages that show a member's
 * data and questions whose kind needs their record.
 */
function visitorProblems({ definition, pages }: JourneyGraph): string[] {
  const plugin = pluginOf(definition);
  return [
    ...(definition.eligibility ? ['eligibility: a visitor has no access key to test: leave it out'] : []),
    ...(definition.quoteRequest ? ['quoteRequest: a formal quote is for a member’s record'] : []),
    ...(definition.startsFrom && plugin?.needsMember !== false
      ? [
          `startsFrom: "${definition.startsFrom}" locks what a member's record holds; a visitor starts at the first page`,
        ]
      : []),
    ...[...pages].flatMap(([key, page]) => [
      ...(page.shows
        ? [`${key}.shows: "${page.shows}" shows a member's record, which a visitor has not got`]
        : []),
      ...(page.question &&
      kindOf(page.question.kind).needsMember &&
      !kindOf(page.question.kind).visitorMay?.(page.question, definition.audience ?? 'member')
        ? [
            `${key}.question: a visitor's journey cannot ask a ${page.question.kind} question (${
              kindOf(page.question.kind).needsMember
            })`,
          ]
        : []),
    ]),
  ];
}

/** Named conditions that refer back to themselves, directly or through others. */
function circularConditions(named: Readonly<Record<string, JourneyCondition>>): string[] {
  const refersTo = (name: string) => conditionReferences(named[name]!).conditions;
  const leadsBack = (start: string) => {
    const seen = new Set<string>();
    const queue = refersTo(start);
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (name === start) return true;
      if (seen.has(name) || !(name in named)) continue;
      seen.add(name);
      queue.push(...refersTo(name));
    }
    return false;
  };
  return Object.keys(named).filter(leadsBack);
}

/**
 * Problems with a journey's pages as authored: every page key named must be a page of that journey,
 * every page must be reachable from the first page, a page that leads nowhere must be the summary,
 * confirmation or a terminal page, and every condition must name questions the journey asks, answers
 * those questions offer, conditions it defines and figures it locks (`figures`, from its plugin).
 */
export function journeyGraphProblems(
  graph: JourneyGraph,
  figures: readonly string[] = figureNamesOf(graph.definition),
): string[] {
  const { definition, pages } = graph;
  const problems: string[] = [];
  const named = (where: string, key: string | undefined) => {
    if (key && !pages.has(key))
      problems.push(`${where}: "${key}" is not a page of journey ${definition.type}`);
  };
  named('firstPage', definition.firstPage);
  named('summaryPage', definition.summaryPage);
  named('confirmationPage', definition.confirmationPage);
  const questions = new Map<string, readonly string[] | null>();
  for (const [key, page] of pages) {
    named(`${key}.next`, page.next);
    for (const route of page.routes ?? []) named(`${key}.routes`, route.next);
    const question = page.question;
    const kind = question ? kindOf(question.kind) : undefined;
    const answerKeys = question ? kind?.answerKeys?.(question) : undefined;
    if (question) {
      for (const target of kind?.targets?.(question) ?? []) named(`${key}.question.answers`, target);
      for (const problem of kind?.problems?.(question) ?? []) problems.push(`${key}.question: ${problem}`);
      for (const figure of kind?.figures?.(question) ?? [])
        if (!figures.includes(figure))
          problems.push(
            `${key}.question: there is no figure "${figure}" (${
              figures.length ? `this journey locks ${figures.join(', ')}` : 'this journey locks none'
            })`,
          );
      const audience = definition.audience ?? 'member';
      if (kind?.audiences && !kind.audiences.only.includes(audience))
        problems.push(
          `${key}.question: a ${audience} journey cannot ask ${question.kind} questions (${kind.audiences.why}): only ${kind.audiences.only.join(', ')} journeys can`,
        );
      if (questions.has(question.key))
        problems.push(`${key}: question key "${question.key}" is asked on another page too`);
      questions.set(question.key, answerKeys ?? null);
    }
    const everyAnswerLeads =
      question !== undefined &&
      answerKeys !== undefined &&
      answerKeys.every((answer) => kind?.leadsTo?.(question, answer));
    const leadsSomewhere = page.next || page.routes?.length || everyAnswerLeads;
    const isEnd = key === definition.summaryPage || key === definition.confirmationPage;
    if (page.ends && (isEnd || targetsOf(page).length > 0))
      problems.push(`${key}: a terminal page ("ends") leads nowhere: remove its "next" and routes`);
    if (!leadsSomewhere && !isEnd && !page.ends)
      problems.push(`${key}: leads nowhere (give it "next", or "ends" for a page that ends the journey)`);
  }
  const forVisitors = (definition.audience ?? 'member') !== 'member';
  if (forVisitors) problems.push(...visitorProblems(graph));
  const scope: ConditionScope = {
    type: definition.type,
    visitor: forVisitors,
    questions,
    named: new Set(Object.keys(definition.conditions ?? {})),
    figures: new Set(figures),
  };
  const conditions = conditionsOf(graph);
  const isNamed = (where: string) => where.startsWith('conditions.');
  for (const { where, condition } of conditions.filter((found) => isNamed(found.where)))
    problems.push(...conditionProblems(where, condition, scope));
  for (const name of circularConditions(definition.conditions ?? {}))
    problems.push(`conditions.${name}: refers back to itself`);
  for (const { where, condition } of conditions.filter((found) => !isNamed(found.where)))
    problems.push(...conditionProblems(where, condition, scope));
  if (problems.length > 0) return problems;
  const reachable = reachableFrom(graph, definition.firstPage);
  if (!reachable.has(definition.summaryPage))
    problems.push(`summaryPage: "${definition.summaryPage}" cannot be reached from ${definition.firstPage}`);
  const reachedOtherwise = new Set([definition.confirmationPage]);
  for (const key of pages.keys())
    if (!reachable.has(key) && !reachedOtherwise.has(key))
      problems.push(`${key}: cannot be reached from ${definition.firstPage} by any answers`);
  return problems;
}

/** The locked figures a journey's questions take a limit from (a money question's `maxFigure`). */
export const figuresAskedOf = ({ pages }: JourneyGraph): Set<string> =>
  new Set(
    [...pages.values()].flatMap((page) =>
      page.question ? (kindOf(page.question.kind).figures?.(page.question) ?? []) : [],
    ),
  );

/** Every page some path of answers can reach from a page (that page included), up to the summary page. */
export function reachableFrom({ definition, pages }: JourneyGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || key === definition.summaryPage) {
      seen.add(key);
      continue;
    }
    seen.add(key);
    const page = pages.get(key);
    if (!page) continue;
    for (const target of targetsOf(page)) if (!seen.has(target)) queue.push(target);
  }
  return seen;
}

/** The documents the case lists for the member's answers: each one whose `when` (if any) holds. */
export const caseDocumentsFor = (graph: JourneyGraph, path: readonly JourneyStep[]): string[] =>
  graph.definition.caseDocuments.flatMap((document) =>
    typeof document === 'string'
      ? [document]
      : conditionHolds(document.when, factsOf(graph, path))
        ? [document.name]
        : [],
  );
