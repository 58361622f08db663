import { ukBankAccountSchema, type JourneyStep } from '@meridian/contracts';
import { badRequest, notFound } from '../../lib/errors';
import { answersOf, nextPageOf, type JourneyGraph, type JourneyPage } from './graph';

export interface StepSubmission {
  pageKey: string;
  /** The page the client expects to go to next; refused when the routing disagrees. */
  expectedNext?: string;
  answer?: { questionKey: string; answerKey: string; answerValue?: string };
  today: string;
  now: string;
}

const htmlTag = /<[^>]*>/;

/** YYYY-MM-DD naming a day that exists (not 30 February). */
const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};

/** The page the member should be on: the first page, or the page the last step leads to. */
export function frontierOf(graph: JourneyGraph, steps: readonly JourneyStep[]): string {
  const last = steps.at(-1);
  if (!last) return graph.definition.firstPage;
  return last.nextPageKey ?? last.pageKey;
}

/** Whether the member may be on a page now: one they have passed, or the one they have reached. */
export const isReachable = (graph: JourneyGraph, steps: readonly JourneyStep[], pageKey: string) =>
  pageKey === graph.definition.firstPage ||
  steps.some((step) => step.pageKey === pageKey) ||
  frontierOf(graph, steps) === pageKey;

/** Journey integrity: the page itself when the member may be there, else the page they have reached. */
export const integrityRedirect = (graph: JourneyGraph, steps: readonly JourneyStep[], pageKey: string) =>
  isReachable(graph, steps, pageKey) ? pageKey : frontierOf(graph, steps);

/** The page before this one on the member's path. */
export function previousPageOf(steps: readonly JourneyStep[], pageKey: string): string {
  const previous = steps.find((step) => step.nextPageKey === pageKey);
  if (!previous) throw notFound('previous_page_key_not_found', 'This page has no page before it.');
  return previous.pageKey;
}

/** Every page answered, every declaration ticked: the member has reached check your answers. */
export function assertComplete(graph: JourneyGraph, steps: readonly JourneyStep[]) {
  if (frontierOf(graph, steps) !== graph.definition.summaryPage)
    throw badRequest('journey_incomplete', 'Answer every question before you submit.');
  for (const step of steps) {
    const page = graph.pages.get(step.pageKey);
    if (page && !declarationsTicked(page, step))
      throw badRequest('declarations_incomplete', 'Tick every declaration before you submit.');
  }
}

function pageOf(graph: JourneyGraph, pageKey: string): JourneyPage {
  const page = graph.pages.get(pageKey);
  if (!page) throw badRequest('page_not_in_journey', `There is no page ${pageKey} in this journey.`);
  return page;
}

/** Reachable and a page that is answered (not check your answers or the confirmation). */
function stepPage(graph: JourneyGraph, steps: readonly JourneyStep[], pageKey: string): JourneyPage {
  const page = pageOf(graph, pageKey);
  const { summaryPage, confirmationPage } = graph.definition;
  if (pageKey === summaryPage || pageKey === confirmationPage)
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

/** Checks an answer against the page's question: one of its options, a date on the allowed side of today, plain text. */
function checkedAnswer(page: JourneyPage, submission: StepSubmission): JourneyStep['answer'] {
  const question = page.question;
  const answer = submission.answer;
  if (!question) {
    if (answer) throw badRequest('page_has_no_question', 'This page asks no question.');
    return null;
  }
  if (!answer) throw badRequest('answer_required', 'Answer the question on this page.');
  if (answer.questionKey !== question.key)
    throw badRequest('question_not_on_page', `This page asks ${question.key}, not ${answer.questionKey}.`);
  const value = answer.answerKey.trim();
  if (question.kind === 'radios' && !question.answers.some((option) => option.key === value))
    throw badRequest('answer_not_an_option', 'Choose one of the answers given.');
  if (question.kind === 'date') {
    if (!isRealDate(value)) throw badRequest('invalid_date', 'Enter a real date.');
    if (question.notAfterToday && value > submission.today)
      throw badRequest('date_in_future', 'The date must be today or in the past.');
    if (question.notBeforeToday && value < submission.today)
      throw badRequest('date_in_past', 'The date must be today or in the future.');
  }
  if (question.kind === 'text') {
    if (value.length === 0) throw badRequest('answer_required', 'Answer the question on this page.');
    if (value.length > (question.maxLength ?? 1000))
      throw badRequest(
        'answer_too_long',
        `The answer must be ${question.maxLength ?? 1000} characters or fewer.`,
      );
    if (htmlTag.test(value)) throw badRequest('answer_has_html', 'The answer must not contain HTML.');
  }
  if (question.kind === 'bank-account') return bankAccountAnswer(question.key, answer.answerValue);
  return { questionKey: question.key, answerKey: value, answerValue: answer.answerValue ?? null };
}

/** A bank account answer: its value is the account as JSON, stored in a normal form. */
function bankAccountAnswer(questionKey: string, json: string | undefined): JourneyStep['answer'] {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? '');
  } catch {
    throw badRequest(
      'invalid_bank_account',
      'Enter the name on the account, the sort code and the account number.',
    );
  }
  const parsed = ukBankAccountSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('invalid_bank_account', parsed.error.issues[0]!.message);
  return { questionKey, answerKey: 'provided', answerValue: JSON.stringify(parsed.data) };
}

/**
 * Walks a candidate path from the first page, recomputing where each page leads from the answers
 * given so far. The path stops where a page now leads elsewhere (an earlier answer changed): the
 * later branch is dropped.
 */
function rewalk(graph: JourneyGraph, candidate: JourneyStep[]): JourneyStep[] {
  const path: JourneyStep[] = [];
  let expected: string | null = graph.definition.firstPage;
  for (const step of candidate) {
    if (step.pageKey !== expected) break;
    if (step.nextPageKey === null) {
      path.push(step);
      break;
    }
    const next = nextPageOf(pageOf(graph, step.pageKey), answersOf([...path, step]));
    path.push({ ...step, nextPageKey: next });
    if (next !== step.nextPageKey || next === null) break;
    expected = next;
  }
  return path;
}

/** Records the member's answer on a page and where it leads, dropping any branch it no longer follows. */
export function submitStep(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
  submission: StepSubmission,
): { steps: JourneyStep[]; nextPageKey: string | null } {
  const page = stepPage(graph, steps, submission.pageKey);
  const answer = checkedAnswer(page, submission);
  const index = steps.findIndex((step) => step.pageKey === submission.pageKey);
  const existing = index >= 0 ? steps[index] : undefined;
  const before = index >= 0 ? steps.slice(0, index) : [...steps];
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
  const nextPageKey = nextPageOf(page, answersOf([...before, draft]));
  if (nextPageKey === null) throw badRequest('page_leads_nowhere', 'This page does not lead on.');
  if (submission.expectedNext && submission.expectedNext !== nextPageKey)
    throw badRequest(
      'next_page_mismatch',
      `This answer leads to ${nextPageKey}, not ${submission.expectedNext}.`,
    );
  const after = index >= 0 ? steps.slice(index + 1) : [];
  // Keep the later steps while they still follow from the answers (fast-forward after a Change).
  const path = rewalk(graph, [...before, { ...draft, nextPageKey }, ...after]);
  return { steps: path, nextPageKey };
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
    // An unticked declaration sends the member back to this page: later steps are dropped.
    if (!declarationsTicked(page, updated))
      return [...steps.slice(0, index), { ...updated, nextPageKey: null }];
    return steps.map((step, position) => (position === index ? updated : step));
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
  return [...steps, change(placeholder, page)];
}
