import { describe, expect, it } from 'vitest';
import { evaluateVisibility, publicVisibilityKey, type VisibilityKey } from '../src';

const dbDeferred: VisibilityKey = {
  fields: {
    schemeType: 'DB',
    memberStatus: 'Deferred',
    lifeStage: 'PreRetiree',
    dcLifeStage: null,
    retirementApplicationStatus: null,
    transferApplicationStatus: 'NotStartedTA',
  },
  wordingFlags: ['Chrome', 'HASAVC'],
};

describe('visibility rules', () => {
  it('shows a block without a rule to everyone', () => {
    expect(evaluateVisibility(undefined, dbDeferred)).toBe(true);
    expect(evaluateVisibility(undefined, publicVisibilityKey)).toBe(true);
  });

  it('matches a field against a list of values', () => {
    expect(evaluateVisibility({ field: 'schemeType', in: ['DB'] }, dbDeferred)).toBe(true);
    expect(evaluateVisibility({ field: 'schemeType', in: ['DC'] }, dbDeferred)).toBe(false);
    expect(evaluateVisibility({ field: 'memberStatus', in: ['Active', 'Deferred'] }, dbDeferred)).toBe(true);
  });

  it('treats a null field as known to be empty: it matches no list, so its negation holds', () => {
    expect(evaluateVisibility({ field: 'retirementApplicationStatus', in: ['Started'] }, dbDeferred)).toBe(
      false,
    );
    expect(
      evaluateVisibility({ not: { field: 'retirementApplicationStatus', in: ['Started'] } }, dbDeferred),
    ).toBe(true);
  });

  it('tests wording flags', () => {
    expect(evaluateVisibility({ flag: 'HASAVC' }, dbDeferred)).toBe(true);
    expect(evaluateVisibility({ flag: 'Safari' }, dbDeferred)).toBe(false);
    expect(evaluateVisibility({ not: { flag: 'Safari' } }, dbDeferred)).toBe(true);
  });

  it('combines rules with all, any and not', () => {
    const rule = {
      all: [
        { field: 'schemeType' as const, in: ['DB'] },
        { any: [{ flag: 'HASAVC' }, { field: 'lifeStage' as const, in: ['Retired'] }] },
      ],
    };
    expect(evaluateVisibility(rule, dbDeferred)).toBe(true);
    expect(evaluateVisibility({ not: rule }, dbDeferred)).toBe(false);
    expect(evaluateVisibility({ all: [] }, dbDeferred)).toBe(true);
    expect(evaluateVisibility({ any: [] }, dbDeferred)).toBe(false);
  });

  it('hides every conditional block from a public visitor, negated or not', () => {
    for (const rule of [
      { field: 'schemeType' as const, in: ['DB'] },
      { not: { field: 'schemeType' as const, in: ['DB'] } },
      { flag: 'HASAVC' },
      { not: { flag: 'HASAVC' } },
      { any: [{ flag: 'HASAVC' }, { not: { flag: 'HASAVC' } }] },
    ]) {
      expect(evaluateVisibility(rule, publicVisibilityKey)).toBe(false);
    }
  });

  it('still decides what does not depend on the unknown parts', () => {
    const partial: VisibilityKey = { fields: { schemeType: 'DC' } };
    expect(evaluateVisibility({ all: [{ field: 'schemeType', in: ['DB'] }, { flag: 'X' }] }, partial)).toBe(
      false,
    );
    expect(evaluateVisibility({ any: [{ field: 'schemeType', in: ['DC'] }, { flag: 'X' }] }, partial)).toBe(
      true,
    );
    expect(
      evaluateVisibility({ not: { all: [{ field: 'schemeType', in: ['DB'] }, { flag: 'X' }] } }, partial),
    ).toBe(true);
  });
});
