import { describe, expect, it } from 'vitest';
import {
  CalculationError,
  getDcSchemeConfig,
  glidePathOf,
  glidePathStart,
  isoDate,
  targetAgeRange,
  type InvestmentStrategy,
} from '../src';

describe('the target retirement ages a DC member may choose', () => {
  it('starts at the first birthday to come on which the minimum pension age allows benefits', () => {
    // Born 14 February 1991, so 35 on 28 November 2026: 57 applies (born after 5 April 1973).
    expect(targetAgeRange(isoDate('1991-02-14'), isoDate('2026-11-28'), 75)).toEqual({ min: 57, max: 75 });
    // Born 1 May 1972: 55 on 1 May 2027, before the rise on 6 April 2028, so 55 is allowed.
    expect(targetAgeRange(isoDate('1972-05-01'), isoDate('2026-11-28'), 75)).toEqual({ min: 55, max: 75 });
    // Born 1 May 1973: 55 on 1 May 2028, after the rise, so 57.
    expect(targetAgeRange(isoDate('1973-05-01'), isoDate('2026-11-28'), 75)).toEqual({ min: 57, max: 75 });
  });

  it('never offers an age already passed, and respects a protected pension age', () => {
    // 62 on 28 November 2026 (born 28 November 1964): the next birthday to come is 63.
    expect(targetAgeRange(isoDate('1964-11-28'), isoDate('2026-11-28'), 75)).toEqual({ min: 63, max: 75 });
    // A protected pension age of 50, aged 35: from the 50th birthday, not the 57th.
    expect(targetAgeRange(isoDate('1991-02-14'), isoDate('2026-11-28'), 70, 50)).toEqual({
      min: 50,
      max: 70,
    });
  });
});

describe('when a lifestyle strategy starts moving the pot (glidePathOf, glidePathStart)', () => {
  const mdc = getDcSchemeConfig('MDC');
  const target = isoDate('2056-02-14');

  it('counts the furthest point of the strategy the pot follows back from the target date', () => {
    // MDC drawdown: all equities 15 years out, 3/4 diversified growth and 1/4 cash at the target.
    expect(glidePathOf({ strategy: 'LIFESTYLE_DRAWDOWN' }, mdc, target)).toEqual({
      strategyCode: 'LIFESTYLE_DRAWDOWN',
      strategyName: 'Lifestyle: targeting drawdown',
      startsOn: '2041-02-14',
      targetDate: '2056-02-14',
      endsIn: [
        { code: 'DIVERSIFIED_GROWTH', share: 0.75 },
        { code: 'CASH', share: 0.25 },
      ],
    });
    // Cash starts 10 years out; a member with no strategy of their own follows the scheme's default.
    expect(glidePathOf({ strategy: 'LIFESTYLE_CASH' }, mdc, target)).toMatchObject({
      startsOn: '2046-02-14',
      endsIn: [{ code: 'CASH', share: 1 }],
    });
    expect(glidePathOf(undefined, mdc, target)?.strategyCode).toBe('LIFESTYLE_DRAWDOWN');
    // A target on 29 February, 15 years back in a common year, is 28 February.
    expect(glidePathOf(undefined, mdc, isoDate('2052-02-29'))?.startsOn).toBe('2037-02-28');
  });

  it('has none for self-selected funds, refuses a strategy the scheme lacks, and never moves a one-point path', () => {
    expect(glidePathOf({ funds: [{ code: 'CASH', valuePence: 100 }] }, mdc, target)).toBeNull();
    expect(() => glidePathOf({ strategy: 'GONE' }, mdc, target)).toThrow(CalculationError);
    const flat = { code: 'FLAT', name: 'Flat', glidePath: [{ yearsToTarget: 0, allocation: { CASH: 1 } }] };
    expect(glidePathStart(target, flat)).toBeNull();
    // 7.5 years out is 90 whole months.
    const halfYears: InvestmentStrategy = {
      code: 'HALF',
      name: 'Half',
      glidePath: [
        { yearsToTarget: 7.5, allocation: { GLOBAL_EQUITY: 1 } },
        { yearsToTarget: 0, allocation: { CASH: 1 } },
      ],
    };
    expect(glidePathStart(target, halfYears)).toBe('2048-08-14');
  });
});
