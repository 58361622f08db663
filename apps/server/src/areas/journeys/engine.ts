import { kindOf, type JourneyStep } from '@meridian/contracts';
import { badRequest, notFound } from '../../lib/errors';
import { conditionHolds } from '@meridian/contracts';
import { factsOf, nextPageOf, reachableFrom, type JourneyGraph, type JourneyPage } from './graph';

export interface StepSubmission {
  pageKey: string;
  /** The page the client expects to go to next; refused when the routing disagrees. */
  expectedNext?: string;
  answer?: { questionKey: string; answerKey: string; answerValue?: string };
  today: string;
  now: string;
}

/**
 * The member's route through the journey: from the first page, each page's stored step, with where
 * its answer leads now, until a page they have not left (`frontier`, the page they should be on).
 * Stored steps the route does not pass are not part of it (a branch an earlier answer left, or the
 * rest of one it may rejoin).
 */
export function routeOf(
  graph: JourneyGraph,
  stored: readonly JourneyStep[],
): { path: JourneyStep[]; frontier: string } {
  const byPage = new Map(stored.map((step) => [step.pageKey, step]));
  const path: JourneyStep[] = [];
  const passed = new Set<string>();
  // The answers grow with the route rather than being gathered again at each page: the route is
  // worked out on every request, and a table walk of a long journey does it millions of times.
  const answers = new Map<string, string>();
  const facts = { ...factsOf(graph, []), answers };
  let frontier = graph.definition.firstPage;
  for (let step = byPage.get(frontier); step; step = byPage.get(frontier)) {
    const page = graph.pages.get(step.pageKey);
    if (!page) break;
    if (step.nextPageKey === null) {
      path.push(step);
      break;
    }
    if (step.answer) answers.set(step.answer.questionKey, step.answer.answerKey);
    const next = nextPageOf(page, facts);
    if (next === null || passed.has(next)) {
      path.push({ ...step, nextPageKey: null });
      break;
    }
    path.push({ ...step, nextPageKey: next });
    passed.add(step.pageKey);
    frontier = next;
  }
  return { path, frontier };
}

/** The page the member should be on: the first page, or the first one on their route not yet left. */
export const frontierOf = (graph: JourneyGraph, stored: readonly JourneyStep[]): string =>
  routeOf(graph, stored).frontier;

/** Whether the member may be on a page now: one on their route, or the one they have reached. */
export function isReachable(graph: JourneyGraph, stored: readonly JourneyStep[], pageKey: string) {
  const { path, frontier } = routeOf(graph, stored);
  return (
    pageKey === graph.definition.firstPage ||
    frontier === pageKey ||
    path.some((step) => step.pageKey === pageKey)
  );
}

/** Journey integrity: the page itself when the member may be there, else the page they have reached. */
export const integrityRedirect = (graph: JourneyGraph, stored: readonly JourneyStep[], pageKey: string) =>
  isReachable(graph, stored, pageKey) ? pageKey : frontierOf(graph, stored);

/** The page before this one on the member's route. */
export function previousPageOf(graph: JourneyGraph, stored: readonly JourneyStep[], pageKey: string): string {
  const previous = routeOf(graph, stored).path.find((step) => step.nextPageKey === pageKey);
  if (!previous) throw notFound('previous_page_key_not_found', 'This page has no page before it.');
  return previous.pageKey;
}

/** Every page answered, every declaration ticked: the member has reached check your answers. */
export function assertComplete(graph: JourneyGraph, stored: readonly JourneyStep[]) {
  const { path, frontier } = routeOf(graph, stored);
  if (frontier !== graph.definition.summaryPage)
    throw badRequest('journey_incomplete', 'Answer every question before you submit.');
  for (const step of path) {
    const page = graph.pages.get(step.pageKey);
    if (page && !declarationsTicked(page, step))
      throw badRequest('declarations_incomplete', 'Tick every declaration before you submit.');
  }
}

/** A page of the journey; 404 for a page the journey does not have. */
export function pageOf(graph: JourneyGraph, pageKey: string): JourneyPage {
  const page = graph.pages.get(pageKey);
  if (!page) throw notFound('page_not_in_journey', `There is no page ${pageKey} in this journey.`);
  return page;
}

/** The page's checkbox list of this key; 404 when the page has no such list. */
export function checkboxListOf(graph: JourneyGraph, pageKey: string, listKey: string) {
  const list = pageOf(graph, pageKey).checkboxes;
  if (list?.key !== listKey)
    throw notFound('checkbox_list_not_on_page', 'This page has no such list of checkboxes.');
  return list;
}

/** Reachable and a page that is answered (not check your answers or the confirmation). */
function stepPage(graph: JourneyGraph, steps: readonly JourneyStep[], pageKey: string): JourneyPage {
  const page = pageOf(graph, pageKey);
  const { summaryPage, confirmationPage } = graph.definition;
  if (pageKey === summaryPage || pageKey === confirmationPage || page.ends)
    throw badRequest('not_a_step', 'This page is not answered as a step.');
  if (!isReachable(graph, steps, pageKey))
    throw badRequest('page_not_reachable', 'Answer the pages before this one first.');
  return page;
}

function declarationsTicked(page: JourneyPage, step: JourneyStep): boolean {
  const list = page.checkboxes;
  if (!list) return true;
  const ticked = new Set(
    (step.checkboxesLists[list.key] ?? []).filter((box) => box.answerValue).map((box) => box.key),
  );
  return list.items.every((item) => !item.required || ticked.has(item.key));
}

/** Checks an answer against the page's question, read by its kind with the journey's locked figures. */
function checkedAnswer(
  graph: JourneyGraph,
  page: JourneyPage,
  submission: StepSubmission,
): JourneyStep['answer'] {
  const question = page.question;
  const answer = submission.answer;
  if (!question) {
    if (answer) throw badRequest('page_has_no_question', 'This page asks no question.');
    return null;
  }
  if (!answer) throw badRequest('answer_required', 'Answer the question on this page.');
  if (answer.questionKey !== question.key)
    throw badRequest('question_not_on_page', `This page asks ${question.key}, not ${answer.questionKey}.`);
  const checked = kindOf(question.kind).read(question, answer, {
    today: submission.today,
    figures: graph.owner?.figures,
  });
  if (!checked.ok) throw badRequest(checked.code, checked.message);
  return checked.answer;
}

/**
 * Why a kept answer on the route is refused with the journey's figures as they are now, as leaving its
 * page would refuse it: its kind reads it again when its question takes a limit from a figure (a money
 * question's `maxFigure`), then the page's content `checks` run over the route to it. Null when it fits.
 */
function refusalNow(
  graph: JourneyGraph,
  path: readonly JourneyStep[],
  index: number,
  today: string,
): { code: string; message: string } | null {
  const step = path[index]!;
  const page = graph.pages.get(step.pageKey);
  if (!page) return null;
  const question = page.question;
  if (question && step.answer?.questionKey === question.key) {
    const kind = kindOf(question.kind);
    if (kind.figures?.(question).length) {
      const checked = kind.read(question, kind.typedAgain?.(question, step.answer) ?? step.answer, {
        today,
        figures: graph.owner?.figures,
      });
      if (!checked.ok) return { code: checked.code, message: checked.message };
    }
  }
  const facts = factsOf(graph, path.slice(0, index + 1));
  const refused = page.checks?.find((check) => conditionHolds(check.when, facts));
  return refused ? { code: refused.code, message: refused.message } : null;
}

/**
 * The member's answers checked again after the journey's figures changed (a transfer application moved
 * onto a new statement; the graph carries the new figures): the first page on the route whose answer
 * is now refused, by its kind or by its content's checks (refusalNow), stops the route there, its
 * answer kept to change, so the member is taken back to it and cannot send until it is answered again
 * (the route then rejoins the answers after it). The steps unchanged when every answer still fits.
 */
export function recheckedSteps(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
  today: string,
): { steps: JourneyStep[]; reopened: { pageKey: string; code: string; message: string } | null } {
  const { path } = routeOf(graph, steps);
  for (const [index, step] of path.entries()) {
    const refusal = refusalNow(graph, path, index, today);
    if (refusal)
      return {
        steps: steps.map((kept) => (kept.pageKey === step.pageKey ? { ...kept, nextPageKey: null } : kept)),
        reopened: { pageKey: step.pageKey, code: refusal.code, message: refusal.message },
      };
  }
  return { steps: [...steps], reopened: null };
}

/**
 * What is kept of the member's steps: their route, then the steps off it that the route can still
 * reach from where it stops (so a branch that rejoins finds the later answers again). A branch the
 * route can no longer reach is dropped.
 */
function kept(graph: JourneyGraph, stored: readonly JourneyStep[]): JourneyStep[] {
  const { path, frontier } = routeOf(graph, stored);
  const onPath = new Set(path.map((step) => step.pageKey));
  const ahead = reachableFrom(graph, frontier);
  return [...path, ...stored.filter((step) => !onPath.has(step.pageKey) && ahead.has(step.pageKey))];
}

/**
 * Records the member's answer on a page and where it leads. Later answers stay while the route
 * passes their pages: on the same route after a Change, and again where a new branch rejoins it.
 */
export function submitStep(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
  submission: StepSubmission,
): { steps: JourneyStep[]; nextPageKey: string | null } {
  const page = stepPage(graph, steps, submission.pageKey);
  const answer = checkedAnswer(graph, page, submission);
  const { path } = routeOf(graph, steps);
  const index = path.findIndex((step) => step.pageKey === submission.pageKey);
  const existing = index >= 0 ? path[index] : undefined;
  const before = index >= 0 ? path.slice(0, index) : path;
  const draft: JourneyStep = {
    pageKey: submission.pageKey,
    nextPageKey: null,
    answer,
    checkboxesLists: existing?.checkboxesLists ?? {},
    stepData: existing?.stepData ?? {},
    submittedAt: existing?.submittedAt ?? submission.now,
    updatedAt: submission.now,
  };
  if (!declarationsTicked(page, draft))
    throw badRequest('declarations_incomplete', 'Tick every declaration on this page to continue.');
  const facts = factsOf(graph, [...before, draft]);
  const refusal = page.checks?.find((check) => conditionHolds(check.when, facts));
  if (refusal) throw badRequest(refusal.code, refusal.message);
  const nextPageKey = nextPageOf(page, facts);
  if (nextPageKey === null) throw badRequest('page_leads_nowhere', 'This page does not lead on.');
  if (submission.expectedNext && submission.expectedNext !== nextPageKey)
    throw badRequest(
      'next_page_mismatch',
      `This answer leads to ${nextPageKey}, not ${submission.expectedNext}.`,
    );
  const others = steps.filter((step) => step.pageKey !== submission.pageKey);
  return { steps: kept(graph, [...others, { ...draft, nextPageKey }]), nextPageKey };
}

/**
 * Saves data on a page the member may be on (a checkbox list, a form's JSON): on its step, or on a
 * placeholder step at the page they have reached.
 */
export function updatePageData(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
  pageKey: string,
  now: string,
  change: (step: JourneyStep, page: JourneyPage) => JourneyStep,
): JourneyStep[] {
  const page = stepPage(graph, steps, pageKey);
  const index = steps.findIndex((step) => step.pageKey === pageKey);
  if (index >= 0) {
    const updated = change({ ...steps[index]!, updatedAt: now }, page);
    // An unticked declaration stops the route at this page until it is ticked and left again.
    const step = declarationsTicked(page, updated) ? updated : { ...updated, nextPageKey: null };
    return kept(
      graph,
      steps.map((candidate, position) => (position === index ? step : candidate)),
    );
  }
  const placeholder: JourneyStep = {
    pageKey,
    nextPageKey: null,
    answer: null,
    checkboxesLists: {},
    stepData: {},
    submittedAt: now,
    updatedAt: now,
  };
  return kept(graph, [...steps, change(placeholder, page)]);
}
