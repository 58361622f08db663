import { describe, expect, it } from 'vitest';
import { submitStep } from '../../src/areas/journeys/engine';
import { journeyGraphProblems, withOwnerFacts } from '../../src/areas/journeys/graph';
import { figureNamesOf } from '../../src/areas/journeys/plugins';
import {
  declaredEdges,
  fixture,
  journeys,
  today,
  walkEvery,
  walkEveryFigure,
  type Walked,
} from '../journey-table';

/**
 * Table-driven engine tests generated from content (the table is ../journey-table.ts, which the API
 * test test/api/journey-content-table.test.ts drives through the real routes): every tenant's journeys
 * and a fixture walked through the pure engine along every combination of choices.
 */

const now = `${today}T10:00:00.000Z`;

describe.each(journeys)('the journey $name, walked from its content', ({ graph }) => {
  let walks: Walked | undefined;
  const walked = () => (walks ??= walkEveryFigure(graph));

  it('is sound as authored', () => {
    expect(journeyGraphProblems(graph, ['transferValuePence', ...figureNamesOf(graph.definition)])).toEqual(
      [],
    );
  });

  it('takes every route, every per-answer next and every terminal page', () => {
    expect(walked().completed).toBeGreaterThan(0);
    const missing = declaredEdges(graph).filter((edge) => !walked().transitions.has(edge));
    expect(missing).toEqual([]);
    const terminal = [...graph.pages].filter(([, page]) => page.ends).map(([key]) => key);
    expect([...walked().endings].sort()).toEqual(terminal.sort());
    // The transfer application's walks (every flag, every figure outcome) take seconds on a busy machine.
  }, 30_000);

  it('refuses on every question an answer its kind does not accept', () => {
    const asking = [...graph.pages].filter(([, page]) => page.question).map(([key]) => key);
    expect([...walked().refusals.keys()].filter((key) => !key.includes(':')).sort()).toEqual(asking.sort());
    for (const code of walked().refusals.values()) expect(code).toMatch(/^[a-z_]+$/);
  });
});

describe('the fixture journey', () => {
  it('refuses by its cross-field check, ends on its terminal page and lists the documents its answers need', () => {
    const walked = walkEvery(fixture);
    expect(walked.refusals.get('tf_advice:no')).toBe('advice_required');
    expect(walked.transitions).toContain('tf_destination→tf_advice');
    expect(walked.transitions).toContain('tf_amount→tf_refused');
    expect(walked.endings).toEqual(new Set(['tf_refused']));
  });

  it('takes the route on the locked figure only when the figure holds', () => {
    const small = withOwnerFacts(fixture, { figures: { transferValuePence: 100 } });
    const { nextPageKey } = submitStep(small, [], {
      pageKey: 'tf_destination',
      answer: { questionKey: 'destination', answerKey: 'overseas' },
      today,
      now,
    });
    expect(nextPageKey).toBe('tf_amount');
  });
});
