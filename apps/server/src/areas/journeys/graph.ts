import type { JourneyDefinition, JourneyStep, PageJourney } from '@meridian/contracts';

/** A journey as the engine walks it: its definition and its pages by key. */
export interface JourneyGraph {
  definition: JourneyDefinition;
  pages: ReadonlyMap<string, PageJourney & { title: string; slug: string }>;
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

/** The answers given so far on a path, by question key. */
export const answersOf = (steps: readonly JourneyStep[]): Map<string, string> =>
  new Map(steps.flatMap((step) => (step.answer ? [[step.answer.questionKey, step.answer.answerKey]] : [])));

/**
 * Where a page leads, given the answers so far (including its own): the chosen answer's own page,
 * else the first route whose condition holds, else the page's `next`; null at the end of the graph.
 */
export function nextPageOf(page: PageJourney, answers: ReadonlyMap<string, string>): string | null {
  const question = page.question;
  if (question?.kind === 'radios') {
    const chosen = question.answers.find((answer) => answer.key === answers.get(question.key));
    if (chosen?.next) return chosen.next;
  }
  const route = page.routes?.find((candidate) =>
    candidate.when.in.includes(answers.get(candidate.when.question) ?? ''),
  );
  return route?.next ?? page.next ?? null;
}

/**
 * Problems with a journey's pages as authored: every page key named must be a page of that journey,
 * the summary page must be reachable from the first page, and a page that leads nowhere must be the
 * summary or confirmation page.
 */
export function journeyGraphProblems(graph: JourneyGraph): string[] {
  const { definition, pages } = graph;
  const problems: string[] = [];
  const named = (where: string, key: string | undefined) => {
    if (key && !pages.has(key))
      problems.push(`${where}: "${key}" is not a page of journey ${definition.type}`);
  };
  named('firstPage', definition.firstPage);
  named('summaryPage', definition.summaryPage);
  named('confirmationPage', definition.confirmationPage);
  named('contactPage', definition.contactPage);
  named('exitPage', definition.exitPage);
  const questionKeys = new Set<string>();
  for (const [key, page] of pages) {
    named(`${key}.next`, page.next);
    for (const route of page.routes ?? []) named(`${key}.routes`, route.next);
    if (page.question?.kind === 'radios')
      for (const answer of page.question.answers) named(`${key}.question.answers`, answer.next);
    if (page.question) {
      if (questionKeys.has(page.question.key))
        problems.push(`${key}: question key "${page.question.key}" is asked on another page too`);
      questionKeys.add(page.question.key);
    }
    const leadsSomewhere =
      page.next ||
      page.routes?.length ||
      (page.question?.kind === 'radios' && page.question.answers.every((answer) => answer.next));
    const isEnd =
      key === definition.summaryPage || key === definition.confirmationPage || key === definition.exitPage;
    if (!leadsSomewhere && !isEnd) problems.push(`${key}: leads nowhere (give it "next")`);
  }
  if (problems.length === 0 && !reachableFrom(graph, definition.firstPage).has(definition.summaryPage))
    problems.push(`summaryPage: "${definition.summaryPage}" cannot be reached from ${definition.firstPage}`);
  return problems;
}

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
    const targets = [
      page.next,
      ...(page.routes ?? []).map((route) => route.next),
      ...(page.question?.kind === 'radios' ? page.question.answers.map((answer) => answer.next) : []),
    ];
    for (const target of targets) if (target && !seen.has(target)) queue.push(target);
  }
  return seen;
}
