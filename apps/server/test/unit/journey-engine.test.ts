import { describe, expect, it } from 'vitest';
import type { JourneyDefinition, JourneyStep, PageJourney } from '@meridian/contracts';
import {
  assertComplete,
  integrityRedirect,
  previousPageOf,
  recheckedSteps,
  routeOf,
  submitStep,
  updatePageData,
} from '../../src/areas/journeys/engine';
import {
  graphOf,
  journeyGraphProblems,
  readsAccessKey,
  withOwnerFacts,
  type JourneyGraph,
} from '../../src/areas/journeys/graph';
import { statusOf, type JourneyRow } from '../../src/areas/journeys/repository';

/**
 * A journey with two branches that rejoin:
 *   start (had_advice) ─ yes → adviser → contact ─┐
 *                      └ no  → guidance → contact ─┤
 *   contact (text) → declarations (ticked) → check
 * and a route on an earlier answer: contact goes to `extra` when had_advice is yes and guidance is not.
 */
const definition: JourneyDefinition = {
  type: 'testjourney',
  title: 'Test journey',
  firstPage: 'start',
  summaryPage: 'check',
  confirmationPage: 'done',
  stages: [{ key: 'one', label: 'One' }],
  expiryDays: 90,
  caseType: 'TST',
  caseDocuments: [],
  confirmationEmail: { subject: 'Subject', body: 'Body' },
};

const page = (key: string, journey: Omit<PageJourney, 'type'>) => ({
  key,
  slug: `/test/${key}`,
  title: key,
  journey: { type: 'testjourney', ...journey },
});

const pages = [
  page('start', {
    question: {
      kind: 'radios',
      key: 'had_advice',
      label: 'Have you had advice?',
      answers: [
        { key: 'yes', label: 'Yes', next: 'adviser' },
        { key: 'no', label: 'No', next: 'guidance' },
      ],
    },
  }),
  page('adviser', { question: { kind: 'text', key: 'adviser_name', label: 'Adviser' }, next: 'contact' }),
  page('guidance', {
    question: {
      kind: 'date',
      key: 'guidance_date',
      label: 'When?',
      notAfterToday: true,
      notBefore: '2015-04-06',
    },
    next: 'contact',
  }),
  page('contact', {
    question: {
      kind: 'radios',
      key: 'contact_ok',
      label: 'Are these your details?',
      answers: [
        { key: 'yes', label: 'Yes' },
        { key: 'no', label: 'No' },
      ],
    },
    routes: [{ when: { question: 'contact_ok', in: ['no'] }, next: 'extra' }],
    next: 'declarations',
  }),
  page('extra', { question: { kind: 'text', key: 'extra_text', label: 'Tell us' }, next: 'declarations' }),
  page('declarations', {
    checkboxes: {
      key: 'declarations',
      legend: 'Declarations',
      items: [
        { key: 'true_info', label: 'True', required: true },
        { key: 'marketing', label: 'Optional' },
      ],
    },
    next: 'check',
  }),
  page('check', {}),
  page('done', {}),
];

const graph: JourneyGraph = graphOf(definition, pages);
const today = '2026-06-15';
const now = '2026-06-15T10:00:00.000Z';

type Answer = { questionKey: string; answerKey: string; answerValue?: string };

/** Submits a page and returns the steps stored after it. */
const answer = (steps: readonly JourneyStep[], pageKey: string, given?: Answer) =>
  submitStep(graph, steps, { pageKey, answer: given, today, now }).steps;

const tick = (steps: readonly JourneyStep[], boxes: Record<string, boolean>) =>
  updatePageData(graph, steps, 'declarations', now, (step) => ({
    ...step,
    checkboxesLists: {
      declarations: Object.entries(boxes).map(([key, answerValue]) => ({ key, answerValue })),
    },
  }));

const keysOf = (steps: readonly JourneyStep[]) => routeOf(graph, steps).path.map((step) => step.pageKey);
const frontier = (steps: readonly JourneyStep[]) => routeOf(graph, steps).frontier;
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'no error';
};

const yes = { questionKey: 'had_advice', answerKey: 'yes' };
const no = { questionKey: 'had_advice', answerKey: 'no' };
const adviser = { questionKey: 'adviser_name', answerKey: 'Ann Adviser' };
const guidanceDate = { questionKey: 'guidance_date', answerKey: '2026-05-01' };
const contactYes = { questionKey: 'contact_ok', answerKey: 'yes' };
const contactNo = { questionKey: 'contact_ok', answerKey: 'no' };

/** The advice branch walked to check your answers. */
function adviceBranchDone() {
  let steps = answer([], 'start', yes);
  steps = answer(steps, 'adviser', adviser);
  steps = answer(steps, 'contact', contactYes);
  steps = tick(steps, { true_info: true });
  return answer(steps, 'declarations');
}

describe('the journey engine', () => {
  it('follows the branch each answer names, then the page routes, then next', () => {
    expect(frontier([])).toBe('start');
    const advice = answer([], 'start', yes);
    expect(frontier(advice)).toBe('adviser');
    const guidance = answer([], 'start', no);
    expect(frontier(guidance)).toBe('guidance');
    const viaExtra = answer(
      answer(answer(guidance, 'guidance', guidanceDate), 'contact', contactNo),
      'extra',
      {
        questionKey: 'extra_text',
        answerKey: 'More',
      },
    );
    expect(keysOf(viaExtra)).toEqual(['start', 'guidance', 'contact', 'extra']);
    expect(frontier(viaExtra)).toBe('declarations');
    expect(frontier(adviceBranchDone())).toBe('check');
  });

  it('refuses a page the member has not reached, an answer not offered and a page without a question', () => {
    const steps = answer([], 'start', yes);
    expect(codeOf(() => answer(steps, 'contact', contactYes))).toBe('page_not_reachable');
    expect(codeOf(() => answer(steps, 'guidance', guidanceDate))).toBe('page_not_reachable');
    expect(codeOf(() => answer(steps, 'start', { questionKey: 'had_advice', answerKey: 'maybe' }))).toBe(
      'answer_not_an_option',
    );
    expect(codeOf(() => answer(steps, 'adviser', contactYes))).toBe('question_not_on_page');
    expect(codeOf(() => answer(steps, 'adviser'))).toBe('answer_required');
    expect(codeOf(() => answer(steps, 'check'))).toBe('not_a_step');
    expect(codeOf(() => answer(steps, 'nowhere'))).toBe('page_not_in_journey');
    const guidance = answer([], 'start', no);
    expect(codeOf(() => answer(guidance, 'guidance', { ...guidanceDate, answerKey: '2026-06-16' }))).toBe(
      'date_in_future',
    );
    expect(codeOf(() => answer(guidance, 'guidance', { ...guidanceDate, answerKey: '2026-02-30' }))).toBe(
      'invalid_date',
    );
    expect(codeOf(() => answer(guidance, 'guidance', { ...guidanceDate, answerKey: '1901-01-01' }))).toBe(
      'date_too_early',
    );
    expect(
      codeOf(() =>
        submitStep(graph, steps, { pageKey: 'start', answer: yes, expectedNext: 'guidance', today, now }),
      ),
    ).toBe('next_page_mismatch');
  });

  it('keeps the later answers when a Change leads the same way', () => {
    const done = adviceBranchDone();
    const changed = answer(done, 'adviser', { questionKey: 'adviser_name', answerKey: 'Bob Adviser' });
    expect(keysOf(changed)).toEqual(['start', 'adviser', 'contact', 'declarations']);
    expect(frontier(changed)).toBe('check');
    expect(routeOf(graph, changed).path[1]!.answer?.answerKey).toBe('Bob Adviser');
  });

  it('drops the branch an earlier answer no longer leads to', () => {
    const switched = answer(adviceBranchDone(), 'start', no);
    expect(keysOf(switched)).toEqual(['start']);
    expect(frontier(switched)).toBe('guidance');
    expect(switched.some((step) => step.pageKey === 'adviser')).toBe(false);
    expect(codeOf(() => answer(switched, 'adviser', adviser))).toBe('page_not_reachable');
    expect(codeOf(() => assertComplete(graph, switched))).toBe('journey_incomplete');
  });

  it('merges back: where the new branch rejoins, the answers after it are there again', () => {
    const switched = answer(adviceBranchDone(), 'start', no);
    const rejoined = answer(switched, 'guidance', guidanceDate);
    expect(keysOf(rejoined)).toEqual(['start', 'guidance', 'contact', 'declarations']);
    expect(frontier(rejoined)).toBe('check');
    expect(routeOf(graph, rejoined).path[2]!.answer?.answerKey).toBe('yes');
    expect(() => assertComplete(graph, rejoined)).not.toThrow();
  });

  it('re-routes on a later page when the earlier answer a route reads changes', () => {
    const done = adviceBranchDone();
    const viaExtra = answer(done, 'contact', contactNo);
    expect(frontier(viaExtra)).toBe('extra');
    const extra = answer(viaExtra, 'extra', { questionKey: 'extra_text', answerKey: 'More' });
    expect(keysOf(extra)).toEqual(['start', 'adviser', 'contact', 'extra', 'declarations']);
    expect(frontier(extra)).toBe('check');
    const back = answer(extra, 'contact', contactYes);
    expect(keysOf(back)).toEqual(['start', 'adviser', 'contact', 'declarations']);
    expect(back.some((step) => step.pageKey === 'extra')).toBe(false);
  });

  it('holds the member on a declarations page until every required box is ticked', () => {
    let steps = answer(answer(answer([], 'start', yes), 'adviser', adviser), 'contact', contactYes);
    expect(codeOf(() => answer(steps, 'declarations'))).toBe('declarations_incomplete');
    steps = tick(steps, { marketing: true });
    expect(codeOf(() => answer(steps, 'declarations'))).toBe('declarations_incomplete');
    steps = answer(tick(steps, { true_info: true }), 'declarations');
    expect(frontier(steps)).toBe('check');
    const unticked = tick(steps, { true_info: false });
    expect(frontier(unticked)).toBe('declarations');
    expect(codeOf(() => assertComplete(graph, unticked))).toBe('journey_incomplete');
  });

  it('gives the page before each page on the route, and none before the first', () => {
    const done = adviceBranchDone();
    expect(previousPageOf(graph, done, 'adviser')).toBe('start');
    expect(previousPageOf(graph, done, 'contact')).toBe('adviser');
    expect(previousPageOf(graph, done, 'check')).toBe('declarations');
    expect(codeOf(() => previousPageOf(graph, done, 'start'))).toBe('previous_page_key_not_found');
    const switched = answer(answer(done, 'start', no), 'guidance', guidanceDate);
    expect(previousPageOf(graph, switched, 'contact')).toBe('guidance');
    expect(codeOf(() => previousPageOf(graph, switched, 'adviser'))).toBe('previous_page_key_not_found');
  });

  it('sends a member who opens a page off their route to the page they have reached', () => {
    const steps = answer([], 'start', yes);
    expect(integrityRedirect(graph, steps, 'start')).toBe('start');
    expect(integrityRedirect(graph, steps, 'adviser')).toBe('adviser');
    expect(integrityRedirect(graph, steps, 'declarations')).toBe('adviser');
    expect(integrityRedirect(graph, steps, 'guidance')).toBe('adviser');
    expect(integrityRedirect(graph, [], 'check')).toBe('start');
    expect(integrityRedirect(graph, adviceBranchDone(), 'check')).toBe('check');
  });

  it('checks an authored journey: broken keys, dead ends and an unreachable summary', () => {
    expect(journeyGraphProblems(graph)).toEqual([]);
    const broken = graphOf(definition, [
      ...pages.filter((candidate) => candidate.key !== 'extra' && candidate.key !== 'declarations'),
      page('declarations', {}),
    ]);
    expect(journeyGraphProblems(broken)).toEqual([
      'contact.routes: "extra" is not a page of journey testjourney',
      'declarations: leads nowhere (give it "next", or "ends" for a page that ends the journey)',
    ]);
  });

  it("refuses a question its kind finds wrong as authored (a money question's min above its max)", () => {
    const guidance = pages.find((candidate) => candidate.key === 'guidance')!;
    const money = page('guidance', {
      ...guidance.journey,
      question: { kind: 'money', key: 'guidance_date', label: 'How much?', min: 5000, max: 100 },
    });
    const problems = journeyGraphProblems(
      graphOf(definition, [...pages.filter((candidate) => candidate.key !== 'guidance'), money]),
    );
    expect(problems).toContain('guidance.question: min (5000 pence) is above max (100 pence)');
  });

  const withPages = (...changed: ReturnType<typeof page>[]) =>
    graphOf(definition, [
      ...pages.filter((candidate) => !changed.some((change) => change.key === candidate.key)),
      ...changed,
    ]);
  const contactPage = pages.find((candidate) => candidate.key === 'contact')!.journey;

  it.each([
    [
      'a condition naming a question no page asks',
      withPages(
        page('contact', {
          ...contactPage,
          routes: [{ when: { question: 'nowhere', in: ['no'] }, next: 'extra' }],
        }),
      ),
      'contact.routes[0].when: question "nowhere" is not asked on any page of journey testjourney',
    ],
    [
      'an answer the question does not offer',
      withPages(
        page('contact', {
          ...contactPage,
          routes: [{ when: { question: 'contact_ok', in: ['maybe'] }, next: 'extra' }],
        }),
      ),
      'contact.routes[0].when: "maybe" is not an answer of question "contact_ok"',
    ],
    [
      'a named condition the journey does not define',
      withPages(
        page('contact', {
          ...contactPage,
          routes: [{ when: { condition: 'wrong_details' }, next: 'extra' }],
        }),
      ),
      'contact.routes[0].when: there is no condition "wrong_details" in the journey\'s conditions',
    ],
    [
      'a figure the journey does not lock',
      withPages(
        page('contact', {
          ...contactPage,
          checks: [{ when: { figure: 'lumpSumPence', gt: 0 }, message: 'No', code: 'too_much' }],
        }),
      ),
      'contact.checks[0].when: there is no figure "lumpSumPence" (this journey locks none)',
    ],
    [
      'a page no answers reach',
      withPages(
        page('orphan', { question: { kind: 'text', key: 'orphan_text', label: 'Orphan' }, next: 'check' }),
      ),
      'orphan: cannot be reached from start by any answers',
    ],
    [
      'a terminal page that leads on',
      withPages(
        page('contact', {
          ...contactPage,
          routes: [{ when: { question: 'contact_ok', in: ['no'] }, next: 'refused' }],
        }),
        page('refused', { ends: { reason: 'details_refused' }, next: 'extra' }),
      ),
      'refused: a terminal page ("ends") leads nowhere: remove its "next" and routes',
    ],
  ])('refuses %s at sync, naming the page', (_name, broken, problem) => {
    expect(journeyGraphProblems(broken)).toContain(problem);
  });

  it('refuses named conditions that are not defined, refer back to themselves, or name unknown figures', () => {
    const named = graphOf(
      {
        ...definition,
        conditions: {
          advised: { question: 'had_advice', in: ['yes'] },
          loop_a: { condition: 'loop_b' },
          loop_b: { not: { condition: 'loop_a' } },
        },
        caseDocuments: [{ name: 'Adviser letter', when: { condition: 'advice_given' } }],
      },
      pages,
    );
    expect(journeyGraphProblems(named, ['lumpSumPence'])).toEqual([
      'conditions.loop_a: refers back to itself',
      'conditions.loop_b: refers back to itself',
      'caseDocuments[0].when: there is no condition "advice_given" in the journey\'s conditions',
    ]);
  });

  it('accepts a terminal page with no next, and figures the journey locks', () => {
    const ending = withPages(
      page('contact', {
        ...contactPage,
        routes: [
          {
            when: {
              all: [
                { question: 'contact_ok', in: ['no'] },
                { figure: 'lumpSumPence', gt: 0 },
              ],
            },
            next: 'refused',
          },
        ],
      }),
      page('refused', { ends: { reason: 'details_refused' } }),
    );
    expect(journeyGraphProblems(ending, ['lumpSumPence'])).toEqual([
      'extra: cannot be reached from start by any answers',
    ]);
  });

  it('refuses on a visitor journey what needs a member, naming the page; a member journey may test the access key', () => {
    const changed = [
      page('adviser', { question: { kind: 'file', key: 'adviser_name', label: 'Upload' }, next: 'contact' }),
      page('guidance', {
        question: { kind: 'bank-account', key: 'guidance_date', label: 'Bank' },
        next: 'contact',
      }),
      page('contact', {
        ...contactPage,
        shows: 'contact-details',
        routes: [{ when: { any: [{ flag: 'HASAVC' }, { field: 'schemeType', in: ['DB'] }] }, next: 'extra' }],
      }),
    ];
    const keep = pages.filter((candidate) => !changed.some((change) => change.key === candidate.key));
    const visitor = graphOf(
      {
        ...definition,
        audience: 'visitor',
        eligibility: { field: 'schemeType', in: ['DB'] },
        quoteRequest: { caseType: 'TSQ', title: 'A quote' },
        startsFrom: 'retirement-quote',
      },
      [...keep, ...changed],
    );
    expect(readsAccessKey(visitor)).toBe(true);
    expect(journeyGraphProblems(visitor, [])).toEqual([
      'eligibility: a visitor has no access key to test: leave it out',
      'quoteRequest: a formal quote is for a member’s record',
      'startsFrom: "retirement-quote" locks what a member\'s record holds; a visitor starts at the first page',
      "adviser.question: a visitor's journey cannot ask a file question (the file is uploaded into the member’s documents)",
      "guidance.question: a visitor's journey cannot ask a bank-account question (the account is checked against the member’s record and paid into)",
      'contact.shows: "contact-details" shows a member\'s record, which a visitor has not got',
      'contact.routes[0].when: a visitor has no access key, so field schemeType can never hold on a visitor journey',
      'contact.routes[0].when: a visitor has no access key, so flag HASAVC can never hold on a visitor journey',
    ]);
    const member = graphOf(definition, [...keep, ...changed]);
    // A member's journey may: its route by the access key reaches `extra`, so nothing is refused.
    expect(journeyGraphProblems(member, [])).toEqual([]);
    expect(readsAccessKey(graphOf(definition, pages))).toBe(false);
  });

  it('refuses an email-code question on any journey but a report of a death, naming why', () => {
    const codePage = page('guidance', {
      question: { kind: 'email-code', key: 'email_code', label: 'Enter the code' },
      next: 'contact',
    });
    const withCode = [...pages.filter((candidate) => candidate.key !== 'guidance'), codePage];
    const refusal = (audience: string) =>
      `guidance.question: a ${audience} journey cannot ask email-code questions (only a report of a death sends the code it asks for): only bereavement journeys can`;
    expect(journeyGraphProblems(graphOf(definition, withCode), [])).toEqual([refusal('member')]);
    expect(journeyGraphProblems(graphOf({ ...definition, audience: 'visitor' }, withCode), [])).toEqual([
      refusal('visitor'),
    ]);
    expect(journeyGraphProblems(graphOf({ ...definition, audience: 'bereavement' }, withCode), [])).toEqual(
      [],
    );
  });
});

describe('answers checked again with new figures', () => {
  // An amount at most a locked figure, then a page whose check refuses No once the figure is over £1,000.
  const figured = graphOf(definition, [
    page('start', {
      question: { kind: 'money', key: 'amount', label: 'How much?', maxFigure: 'limitPence' },
      next: 'contact',
    }),
    page('contact', {
      ...pages.find((candidate) => candidate.key === 'contact')!.journey,
      routes: [],
      checks: [
        {
          when: {
            all: [
              { question: 'contact_ok', in: ['no'] },
              { figure: 'limitPence', gt: 100_000 },
            ],
          },
          code: 'contact_required',
          message: 'Confirm your details',
        },
      ],
      next: 'check',
    }),
    page('check', {}),
    page('done', {}),
  ]);
  const on = (limitPence: number) => withOwnerFacts(figured, { figures: { limitPence } });
  const given = (() => {
    const first = submitStep(on(50_000), [], {
      pageKey: 'start',
      answer: { questionKey: 'amount', answerKey: '400' },
      today,
      now,
    }).steps;
    return submitStep(on(50_000), first, { pageKey: 'contact', answer: contactNo, today, now }).steps;
  })();

  it('keeps the route when every kept answer still fits', () => {
    expect(routeOf(on(50_000), given).frontier).toBe('check');
    expect(recheckedSteps(on(40_000), given, today)).toEqual({ steps: given, reopened: null });
  });

  it('stops the route at an amount its kind now refuses (the same read and words as the step), the answers kept', () => {
    const { steps, reopened } = recheckedSteps(on(30_000), given, today);
    expect(reopened).toEqual({
      pageKey: 'start',
      code: 'money_above_maximum',
      message: 'Enter an amount of £300.00 or less',
    });
    expect(routeOf(on(30_000), steps).frontier).toBe('start');
    expect(steps.map((step) => step.answer?.answerKey)).toEqual(['40000', 'no']);
    // A new amount within the limit rejoins the answers after it.
    const changed = submitStep(on(30_000), steps, {
      pageKey: 'start',
      answer: { questionKey: 'amount', answerKey: '250' },
      today,
      now,
    }).steps;
    expect(routeOf(on(30_000), changed).frontier).toBe('check');
  });

  it('stops the route at the first page whose content check now refuses its answer', () => {
    const { steps, reopened } = recheckedSteps(on(200_000), given, today);
    expect(reopened).toEqual({
      pageKey: 'contact',
      code: 'contact_required',
      message: 'Confirm your details',
    });
    expect(routeOf(on(200_000), steps).frontier).toBe('contact');
  });

  it('reads only the answers on the route the new figures take (a quote chosen again re-locks them)', () => {
    // The amount is asked only while the figure is £500 or more; under it the route skips it.
    const branched = graphOf(definition, [
      page('start', {
        routes: [{ when: { figure: 'limitPence', gte: 50_000 }, next: 'amount' }],
        next: 'contact',
      }),
      page('amount', {
        question: { kind: 'money', key: 'amount', label: 'How much?', maxFigure: 'limitPence' },
        next: 'contact',
      }),
      page('contact', {
        ...pages.find((candidate) => candidate.key === 'contact')!.journey,
        routes: [],
        next: 'check',
      }),
      page('check', {}),
      page('done', {}),
    ]);
    const at = (limitPence: number) => withOwnerFacts(branched, { figures: { limitPence } });
    let steps = submitStep(at(80_000), [], { pageKey: 'start', today, now }).steps;
    steps = submitStep(at(80_000), steps, {
      pageKey: 'amount',
      answer: { questionKey: 'amount', answerKey: '700' },
      today,
      now,
    }).steps;
    steps = submitStep(at(80_000), steps, { pageKey: 'contact', answer: contactYes, today, now }).steps;
    // £400: the route no longer asks the amount, so its £700 is not read and nothing is reopened.
    expect(recheckedSteps(at(40_000), steps, today)).toEqual({ steps, reopened: null });
    expect(routeOf(at(40_000), steps).frontier).toBe('check');
    // £600: the route asks it again and £700 is over the new most.
    const { steps: reopenedSteps, reopened } = recheckedSteps(at(60_000), steps, today);
    expect(reopened).toEqual({
      pageKey: 'amount',
      code: 'money_above_maximum',
      message: 'Enter an amount of £600.00 or less',
    });
    expect(routeOf(at(60_000), reopenedSteps).frontier).toBe('amount');
  });
});

describe('journey expiry', () => {
  const row = (status: JourneyRow['status'], expiresAt: string) =>
    ({ status, expiresAt: new Date(expiresAt) }) as JourneyRow;
  const at = new Date('2026-06-15T12:00:00Z');

  it('expires an unsubmitted journey from its expiry moment on, never a submitted one', () => {
    expect(statusOf(row('Started', '2026-06-15T12:00:01Z'), at)).toBe('Started');
    expect(statusOf(row('Started', '2026-06-15T12:00:00Z'), at)).toBe('Expired');
    expect(statusOf(row('Started', '2026-06-01T00:00:00Z'), at)).toBe('Expired');
    expect(statusOf(row('Submitted', '2026-06-01T00:00:00Z'), at)).toBe('Submitted');
  });
});
