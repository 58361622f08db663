import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  conditionHolds,
  conditionReferences,
  kindOf,
  journeyDefinitionFileSchema,
  type JourneyCondition,
  pageJourneyFileSchema,
  withOptionAnswers,
  withStrategyAnswers,
  type OptionSourceFund,
  type JourneyDefinition,
  type JourneyQuestion,
  type JourneyStep,
  type QuestionKind,
  type PageJourney,
} from '@meridian/contracts';
import { assertComplete, submitStep, updatePageData } from '../src/areas/journeys/engine';
import {
  answersOf,
  graphOf,
  reachableFrom,
  withOwnerFacts,
  type JourneyGraph,
} from '../src/areas/journeys/graph';
import { figureNamesOf } from '../src/areas/journeys/plugins';
import { contentRoot } from '../src/prepare';
import { tenantStrategies } from '../src/areas/content/sync';

/**
 * The table of engine walks generated from content, shared by the pure unit test
 * (test/unit/journey-content-table.test.ts) and the API test that drives the same walks through the
 * real routes (test/api/journey-content-table.test.ts): every tenant's journeys (and a fixture journey
 * using conditions, a cross-field check and a terminal page) walked through the engine along every
 * combination of choices, so every per-answer `next`, every route and every terminal page is taken;
 * and every question refused an answer its kind does not accept. Each state of a walk keeps its ways
 * out (`ways`: the step taken and what it reaches), from which `coveringTrails` joins a few trails that
 * reach everything, for the API test to give the same answers.
 */

/** Today as the server sees it, so a date the table gives is one the real routes accept too. */
export const today = new Date().toISOString().slice(0, 10);
const now = `${today}T10:00:00.000Z`;

interface PageFile {
  key: string;
  slug: string;
  title: string;
  journey?: PageJourney;
}

const pageFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(path.join(folder, entry.name))
      : entry.name.endsWith('.json')
        ? [path.join(folder, entry.name)]
        : [],
  );

/** A content journey: its tenant and the host it is served on, and its graph as the engine walks it. */
export interface ContentJourney {
  name: string;
  tenant: string;
  host: string;
  graph: JourneyGraph;
}

function contentJourneys(): ContentJourney[] {
  const tenants = readdirSync(path.join(contentRoot, 'tenants'));
  return tenants.flatMap((tenant) => {
    const folder = path.join(contentRoot, 'tenants', tenant);
    let definitions: JourneyDefinition[];
    try {
      definitions = (JSON.parse(readFileSync(path.join(folder, 'journeys.json'), 'utf8')) as unknown[]).map(
        (definition) => journeyDefinitionFileSchema.parse(definition),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    // A list choosing from the tenant's funds gets them as its answers, as the content sync fills them.
    const fundsFile = path.join(folder, 'funds.json');
    const { tenantUrl, businessGroups } = JSON.parse(
      readFileSync(path.join(folder, 'tenant.json'), 'utf8'),
    ) as { tenantUrl: string; businessGroups: string[] };
    // A radios question answered by the DC scheme's strategies gets them too, as the sync fills them.
    const found = tenantStrategies({ tenantUrl, businessGroups });
    const strategies = 'strategies' in found ? found.strategies : [];
    const funds = existsSync(fundsFile)
      ? (JSON.parse(readFileSync(fundsFile, 'utf8')) as OptionSourceFund[])
      : undefined;
    const pages = pageFiles(path.join(folder, 'pages')).flatMap((file) => {
      const page = JSON.parse(readFileSync(file, 'utf8')) as PageFile;
      if (!page.journey) return [];
      const journey = pageJourneyFileSchema.parse(page.journey);
      const withFunds = journey.question && withOptionAnswers(journey.question, funds);
      const filled = withFunds && withStrategyAnswers(withFunds, strategies);
      if (filled && 'problem' in filled) throw new Error(`${file}: ${filled.problem}`);
      const question = filled?.question;
      return [{ ...page, journey: question ? { ...journey, question } : journey }];
    });
    return definitions.map((definition) => ({
      name: `${tenant}/${definition.type}`,
      tenant,
      host: tenantUrl,
      graph: graphOf(definition, pages),
    }));
  });
}

/** A transfer out: conditions (named, on money, on a locked figure), a cross-field check and a terminal page. */
const fixtureDefinition: JourneyDefinition = {
  type: 'transferfixture',
  title: 'Transfer your pension',
  firstPage: 'tf_destination',
  summaryPage: 'tf_check',
  confirmationPage: 'tf_sent',
  stages: [{ key: 'transfer', label: 'Transfer' }],
  expiryDays: 30,
  caseType: 'TRF',
  caseDocuments: ['Transfer form', { name: 'Overseas scheme letter', when: { condition: 'overseas' } }],
  conditions: {
    overseas: { question: 'destination', in: ['overseas'] },
    large_transfer: { figure: 'transferValuePence', gte: 3_000_000 },
  },
  confirmationEmail: { subject: 'Your transfer {caseNumber}', body: 'Dear {name}' },
};
const fixturePage = (key: string, journey: Omit<PageJourney, 'type'>) => ({
  key,
  slug: `/transfer/${key}`,
  title: key,
  journey: { type: 'transferfixture', ...journey },
});
export const fixture = withOwnerFacts(
  graphOf(fixtureDefinition, [
    fixturePage('tf_destination', {
      question: {
        kind: 'radios',
        key: 'destination',
        label: 'Where to?',
        answers: [
          { key: 'uk', label: 'A UK scheme' },
          { key: 'overseas', label: 'An overseas scheme' },
          { key: 'scam', label: 'Someone who cold-called me', next: 'tf_refused' },
        ],
      },
      routes: [
        { when: { all: [{ condition: 'overseas' }, { condition: 'large_transfer' }] }, next: 'tf_advice' },
      ],
      next: 'tf_amount',
    }),
    fixturePage('tf_advice', {
      question: {
        kind: 'radios',
        key: 'advised',
        label: 'Have you had advice?',
        answers: [
          { key: 'yes', label: 'Yes' },
          { key: 'no', label: 'No' },
        ],
      },
      checks: [
        {
          when: { question: 'advised', in: ['no'] },
          message: 'You must take advice first.',
          code: 'advice_required',
        },
      ],
      next: 'tf_amount',
    }),
    fixturePage('tf_amount', {
      question: { kind: 'money', key: 'amount', label: 'How much?' },
      routes: [{ when: { question: 'amount', gt: 10_000_000 }, next: 'tf_refused' }],
      next: 'tf_check',
    }),
    fixturePage('tf_refused', { ends: { reason: 'transfer_refused' } }),
    fixturePage('tf_check', {}),
    fixturePage('tf_sent', {}),
  ]),
  { figures: { transferValuePence: 4_000_000 } },
);

/** The question's kind's module, from the registry. */
const questionKind = (question: JourneyQuestion) => kindOf(question.kind) as QuestionKind<JourneyQuestion>;

/** The answers each kind's module gives as examples: every meaningful branch, and one it refuses. */
export const examplesOf = (question: JourneyQuestion) => questionKind(question).examples(question, { today });

/** One page left on a walk: the answer given (with the declarations ticked), and where it led or its refusal. */
export interface TrailStep {
  pageKey: string;
  answer?: { questionKey: string; answerKey: string; answerValue?: string };
  /** The page's checkbox list, every box ticked. */
  ticked?: { key: string; items: string[] };
  /** Where the page led; absent for a refused answer. */
  nextPageKey?: string;
  /** The code an answer was refused with (the walk stops there). */
  refusedWith?: string;
}

/** The answers that reached something, from the first page, with the figures locked for that walk. */
export interface Trail {
  figures?: Record<string, number>;
  steps: TrailStep[];
}

/**
 * A way out of a state of the walk (a page, with the answers to the questions that can still change
 * where the walk goes from it): the step taken, what it reaches (the transition `a→b`, with `ends:b`
 * for a terminal page, or a cross-field check's refusal `refused:page:answer`) and the state it leads
 * to (none after a refusal, nor from the summary or a terminal page).
 */
interface Way {
  step: TrailStep;
  targets: string[];
  to?: string;
}

export interface Walked {
  transitions: Set<string>;
  endings: Set<string>;
  completed: number;
  refusals: Map<string, string>;
  /** The figures locked for the walk, its first state and each state's ways out. */
  figures?: Record<string, number>;
  root: string;
  ways: Map<string, Way[]>;
  /** The walks with each set of figures that make up this one. */
  parts?: Walked[];
}

/** The conditions of a page's routes and checks. */
const conditionsOn = (page: PageJourney): JourneyCondition[] => [
  ...(page.routes ?? []).map((route) => route.when),
  ...(page.checks ?? []).map((check) => check.when),
];

/** The questions a condition reads, following the journey's named conditions. */
function questionsRead(graph: JourneyGraph, condition: JourneyCondition, naming: string[] = []): string[] {
  const references = conditionReferences(condition);
  return [
    ...references.questions,
    ...references.conditions
      .filter((name) => !naming.includes(name) && graph.definition.conditions?.[name])
      .flatMap((name) => questionsRead(graph, graph.definition.conditions![name]!, [...naming, name])),
  ];
}

/**
 * For each page, the questions whose answers can still change where the walk goes from there: those
 * read by the routes and checks of every page reachable from it. Two walks reaching a page with the
 * same answers to these go on alike, so the second is not walked again.
 */
function questionsAhead(graph: JourneyGraph): Map<string, string[]> {
  return new Map(
    [...graph.pages.keys()].map((key) => [
      key,
      [
        ...new Set(
          [...reachableFrom(graph, key)].flatMap((ahead) => {
            const page = graph.pages.get(ahead);
            return page ? conditionsOn(page).flatMap((condition) => questionsRead(graph, condition)) : [];
          }),
        ),
      ].sort(),
    ]),
  );
}

/** Walks every combination of answers from the first page: where each page led, and how each walk ended. */
export function walkEvery(graph: JourneyGraph): Walked {
  const walked: Walked = {
    transitions: new Set(),
    endings: new Set(),
    completed: 0,
    refusals: new Map(),
    figures: graph.owner?.figures && { ...graph.owner.figures },
    root: '',
    ways: new Map(),
  };
  const ahead = questionsAhead(graph);
  /** Visits a page (once for each state) and answers its state. */
  const visit = (steps: JourneyStep[], pageKey: string, depth: number): string => {
    expect(depth, `${pageKey}: a walk longer than the journey has pages`).toBeLessThanOrEqual(
      graph.pages.size,
    );
    const answers = answersOf(steps);
    const state = JSON.stringify([pageKey, ahead.get(pageKey)?.map((key) => answers.get(key) ?? null)]);
    if (walked.ways.has(state)) return state;
    const ways: Way[] = [];
    walked.ways.set(state, ways);
    const page = graph.pages.get(pageKey)!;
    if (pageKey === graph.definition.summaryPage) {
      assertComplete(graph, steps);
      walked.completed += 1;
      return state;
    }
    if (page.ends) {
      walked.endings.add(pageKey);
      return state;
    }
    const ticked = page.checkboxes && {
      key: page.checkboxes.key,
      items: page.checkboxes.items.map((item) => item.key),
    };
    const afterTicks = page.checkboxes
      ? updatePageData(graph, steps, pageKey, now, (step) => ({
          ...step,
          checkboxesLists: {
            [page.checkboxes!.key]: page.checkboxes!.items.map((item) => ({
              key: item.key,
              answerValue: true,
            })),
          },
        }))
      : steps;
    const question = page.question;
    const examples = question && examplesOf(question);
    const choices = examples ? examples.accepted : [undefined];
    if (question) {
      const refused = examples!.refused;
      try {
        submitStep(graph, afterTicks, {
          pageKey,
          answer: { questionKey: question.key, ...refused },
          today,
          now,
        });
      } catch (error) {
        walked.refusals.set(pageKey, (error as { code: string }).code);
      }
    }
    for (const choice of choices) {
      const answer = question && choice !== undefined ? { questionKey: question.key, ...choice } : undefined;
      let result: ReturnType<typeof submitStep>;
      try {
        result = submitStep(graph, afterTicks, { pageKey, answer, today, now });
      } catch (error) {
        // A cross-field check refusing the answer: the walk does not go on.
        const code = (error as { code: string }).code;
        expect(
          page.checks?.map((check) => check.code),
          `${pageKey}: refused ${answer?.answerKey}`,
        ).toContain(code);
        walked.refusals.set(`${pageKey}:${answer?.answerKey}`, code);
        ways.push({
          step: { pageKey, answer, ticked, refusedWith: code },
          targets: [`refused:${pageKey}:${answer?.answerKey}`],
        });
        continue;
      }
      const nextPageKey = result.nextPageKey!;
      walked.transitions.add(`${pageKey}→${nextPageKey}`);
      ways.push({
        step: { pageKey, answer, ticked, nextPageKey },
        targets: [
          `${pageKey}→${nextPageKey}`,
          ...(graph.pages.get(nextPageKey)?.ends ? [`ends:${nextPageKey}`] : []),
        ],
        to: visit(result.steps, nextPageKey, depth + 1),
      });
    }
    return state;
  };
  walked.root = visit([], graph.definition.firstPage, 0);
  return walked;
}

/**
 * Every page-to-page edge the content declares: `next`, each route's, and those its question's kind
 * says its answers lead to (its `targets`: radios' and select's per-answer `next`), so a new kind with
 * answers of its own that lead somewhere is walked without a change here.
 */
export function declaredEdges(graph: JourneyGraph): string[] {
  return [...graph.pages].flatMap(([key, page]) =>
    [
      page.next,
      ...(page.routes ?? []).map((route) => route.next),
      ...(page.question ? (questionKind(page.question).targets?.(page.question) ?? []) : []),
    ].flatMap((target) => (target ? [`${key}→${target}`] : [])),
  );
}

/** Every content journey, and the fixture. */
export const journeys: ContentJourney[] = [
  ...contentJourneys(),
  { name: 'fixture/transferfixture', tenant: 'fixture', host: 'localhost', graph: fixture },
];

/** The comparisons of figures in a condition (named conditions are listed apart). */
function figureComparisons(condition: JourneyCondition): JourneyCondition[] {
  if ('all' in condition) return condition.all.flatMap(figureComparisons);
  if ('any' in condition) return condition.any.flatMap(figureComparisons);
  if ('not' in condition) return figureComparisons(condition.not);
  return 'figure' in condition ? [condition] : [];
}

/**
 * A journey whose conditions test figures its plugin locks is walked with each figure 0, 1 and one
 * above each bound its conditions compare a figure with (a flag such as mpaaApplies held or not, an
 * amount such as drawdownPotPence none or some, an age of 50 or over, a value over £30,000), once for
 * each different outcome of those comparisons, so the routes on either side of each are taken.
 */
export function walkEveryFigure(graph: JourneyGraph): Walked {
  const names = graph.owner ? [] : figureNamesOf(graph.definition);
  if (names.length === 0) return walkEvery(graph);
  const comparisons = [
    ...Object.values(graph.definition.conditions ?? {}),
    ...[...graph.pages.values()].flatMap(conditionsOn),
  ].flatMap(figureComparisons);
  // The values that give the comparisons a different outcome, all figures at once (an age and a value
  // both over their bounds), and each figure's own with the others at 0 (MPAA without drawdown).
  const outcomeValues = (own: JourneyCondition[], figuresAt: (value: number) => Record<string, number>) => {
    const bounds = own.flatMap((comparison) =>
      'figure' in comparison
        ? [comparison.gt, comparison.gte, comparison.lt, comparison.lte, comparison.eq].flatMap((bound) =>
            bound === undefined ? [] : [bound + 1],
          )
        : [],
    );
    const outcomes = new Map<string, Record<string, number>>();
    for (const value of [0, 1, ...bounds]) {
      const facts = { answers: new Map<string, string>(), figures: figuresAt(value) };
      const outcome = own.map((comparison) => conditionHolds(comparison, facts)).join();
      if (!outcomes.has(outcome)) outcomes.set(outcome, figuresAt(value));
    }
    return [...outcomes.values()];
  };
  const zero = Object.fromEntries(names.map((name) => [name, 0]));
  const combinations = [
    ...outcomeValues(comparisons, (value) => Object.fromEntries(names.map((name) => [name, value]))),
    ...names.flatMap((name) =>
      outcomeValues(
        comparisons.filter((comparison) => 'figure' in comparison && comparison.figure === name),
        (value) => ({ ...zero, [name]: value }),
      ),
    ),
  ].filter(
    (set, index, sets) => sets.findIndex((other) => JSON.stringify(other) === JSON.stringify(set)) === index,
  );
  // A figure no condition compares but a money question's most reads (`maxFigure`: the part of a
  // transfer value) is given room for the question's example answer, so the walk goes past it.
  const compared = new Set(
    comparisons.flatMap((comparison) => ('figure' in comparison ? [comparison.figure] : [])),
  );
  const roomy = [...graph.pages.values()].flatMap(({ question }) =>
    question?.kind === 'money' && question.maxFigure && !compared.has(question.maxFigure)
      ? [[question.maxFigure, 100_000_000] as const]
      : [],
  );
  const walks = combinations.map((figures) =>
    walkEvery(withOwnerFacts(graph, { figures: { ...figures, ...Object.fromEntries(roomy) } })),
  );
  return {
    transitions: new Set(walks.flatMap((walk) => [...walk.transitions])),
    endings: new Set(walks.flatMap((walk) => [...walk.endings])),
    completed: walks.reduce((sum, walk) => sum + walk.completed, 0),
    refusals: new Map(walks.flatMap((walk) => [...walk.refusals])),
    root: '',
    ways: new Map(),
    parts: walks,
  };
}

/** Everything a walk reaches: each transition, terminal page and cross-field refusal. */
export function targetsOf(walked: Walked): Set<string> {
  return new Set(
    (walked.parts ?? [walked]).flatMap((walk) =>
      [...walk.ways.values()].flatMap((ways) => ways.flatMap((way) => way.targets)),
    ),
  );
}

/**
 * Trails that between them reach everything a walk reaches, for the API test to give the same answers:
 * each goes from the first page by a way that reaches something not yet reached where there is one,
 * else one leading towards one, and stops once nothing is left ahead. A way out of a state leads on
 * alike whatever answers reached it (the state holds every answer that can change it), so a trail may
 * join ways found by different walks.
 */
export function coveringTrails(walked: Walked): Trail[] {
  const covered = new Set<string>();
  const fresh = (way: Way) => way.targets.some((target) => !covered.has(target));
  return (walked.parts ?? [walked]).flatMap(({ figures, root, ways }) => {
    const trails: Trail[] = [];
    // Whether something not yet reached lies ahead of each state, worked out afresh after each step.
    const open = new Map<string, boolean>();
    for (;;) {
      const isOpen = (state: string): boolean => {
        if (!open.has(state)) {
          open.set(state, false);
          open.set(
            state,
            (ways.get(state) ?? []).some((way) => fresh(way) || (way.to !== undefined && isOpen(way.to))),
          );
        }
        return open.get(state)!;
      };
      if (!isOpen(root)) return trails;
      const steps: TrailStep[] = [];
      let state: string | undefined = root;
      while (state !== undefined && isOpen(state)) {
        const out: Way[] = ways.get(state)!;
        const way: Way =
          out.find((candidate) => fresh(candidate) && candidate.to !== undefined && isOpen(candidate.to)) ??
          out.find(fresh) ??
          out.find((candidate) => candidate.to !== undefined && isOpen(candidate.to))!;
        steps.push(way.step);
        way.targets.forEach((target) => covered.add(target));
        open.clear();
        state = way.to;
      }
      trails.push({ figures, steps });
    }
  });
}
