import { describe, expect, it } from 'vitest';
import { isoDate, targetAgeRange } from '../src';

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
    expect(targetAgeRange(isoDate('1991-02-14'), isoDate('2026-11-28'), 70, 50)).toEqual({ min: 50, max: 70 });
  });
});
