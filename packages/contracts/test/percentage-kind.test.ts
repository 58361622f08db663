import { describe, expect, it } from 'vitest';
import { kindOf, type JourneyQuestion } from '../src';

const question = (limits: { min?: number; max?: number } = {}) =>
  ({ kind: 'percentage', key: 'share', label: 'What share?', ...limits }) as JourneyQuestion;
const read = (asked: JourneyQuestion, typed: string) =>
  kindOf('percentage').read(asked as never, { answerKey: typed }, { today: '2026-03-27' });

describe('percentage', () => {
  it.each([
    ['25', '25', '25%'],
    [' 12.5 % ', '12.5', '12.5%'],
    ['0', '0', '0%'],
    ['100', '100', '100%'],
    ['33.33', '33.33', '33.33%'],
    ['07.50', '7.5', '7.5%'],
  ])('keeps %j as %j, shown as %j', (typed, stored, shown) => {
    const checked = read(question(), typed);
    expect(checked).toEqual({
      ok: true,
      answer: { questionKey: 'share', answerKey: stored, answerValue: null },
    });
    if (checked.ok) expect(kindOf('percentage').display(question() as never, checked.answer)).toBe(shown);
    if (checked.ok) expect(kindOf('percentage').conditionValue(checked.answer)).toBe(Number(stored));
  });

  it.each<[string, { min?: number; max?: number }, string, string]>([
    ['', {}, 'invalid_percentage', 'Enter a percentage, like 25 or 12.5'],
    ['a quarter', {}, 'invalid_percentage', 'Enter a percentage, like 25 or 12.5'],
    ['1e2', {}, 'invalid_percentage', 'Enter a percentage, like 25 or 12.5'],
    ['12.345', {}, 'invalid_percentage', 'The percentage must have no more than 2 decimal places'],
    ['100.01', {}, 'invalid_percentage', 'The percentage must be between 0 and 100'],
    ['-1', {}, 'invalid_percentage', 'The percentage must be between 0 and 100'],
    ['4.99', { min: 5 }, 'percentage_below_minimum', 'The percentage must be 5% or more'],
    ['50.5', { max: 50 }, 'percentage_above_maximum', 'The percentage must be 50% or less'],
  ])('refuses %j (%j) with %s', (typed, limits, code, message) => {
    expect(read(question(limits), typed)).toEqual({ ok: false, code, message });
  });

  it('finds limits that cannot hold', () => {
    expect(kindOf('percentage').problems?.(question({ min: 60, max: 40.125 }) as never)).toEqual([
      'min (60%) is above max (40.125%)',
      'max (40.125%) has more than 2 decimal places',
    ]);
  });
});
