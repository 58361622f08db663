import { describe, expect, it } from 'vitest';
import { ageOn, birthdayAtAge, retirementDateAtAge } from '../src/retirement-age';

describe('retiring at an age', () => {
  const window = { from: '2026-12-23', to: '2040-03-14' };

  it('gives the birthday at an age inside the window', () => {
    expect(retirementDateAtAge('1965-06-10', window, 62)).toEqual({ ok: true, date: '2027-06-10' });
  });

  it('gives the first day of the window for the age the member is on it', () => {
    expect(retirementDateAtAge('1965-06-10', window, 61)).toEqual({ ok: true, date: '2026-12-23' });
    // A birthday on the first day is that day.
    expect(retirementDateAtAge('1965-12-23', window, 61)).toEqual({ ok: true, date: '2026-12-23' });
  });

  it('takes the last birthday inside the window and refuses the ages either side, naming the allowed ages', () => {
    expect(retirementDateAtAge('1965-03-14', window, 75)).toEqual({ ok: true, date: '2040-03-14' });
    expect(retirementDateAtAge('1965-03-15', window, 75)).toEqual({
      ok: false,
      reason: 'too-old',
      youngest: 61,
      oldest: 74,
    });
    expect(retirementDateAtAge('1965-06-10', window, 60)).toEqual({
      ok: false,
      reason: 'too-young',
      youngest: 61,
      oldest: 74,
    });
  });

  it('refuses an age that is not whole years', () => {
    expect(retirementDateAtAge('1965-06-10', window, 62.5)).toMatchObject({
      ok: false,
      reason: 'whole-years',
    });
    expect(retirementDateAtAge('1965-06-10', window, Number.NaN)).toMatchObject({
      ok: false,
      reason: 'whole-years',
    });
  });

  it('counts a 29 February birthday on 28 February in a common year, as the calculation engine does', () => {
    expect(birthdayAtAge('1964-02-29', 63)).toBe('2027-02-28');
    expect(birthdayAtAge('1964-02-29', 64)).toBe('2028-02-29');
    expect(ageOn('1964-02-29', '2027-02-27')).toBe(62);
    expect(ageOn('1964-02-29', '2027-02-28')).toBe(63);
    expect(retirementDateAtAge('1964-02-29', window, 63)).toEqual({ ok: true, date: '2027-02-28' });
    expect(retirementDateAtAge('1964-02-29', window, 64)).toEqual({ ok: true, date: '2028-02-29' });
    // The window closing on 28 February of a common year still holds that birthday.
    expect(retirementDateAtAge('1964-02-29', { from: '2026-12-23', to: '2027-02-28' }, 63)).toEqual({
      ok: true,
      date: '2027-02-28',
    });
    expect(retirementDateAtAge('1964-02-29', { from: '2026-12-23', to: '2027-02-27' }, 63)).toMatchObject({
      ok: false,
      reason: 'too-old',
      oldest: 62,
    });
  });

  it('counts years across a leap day and a year end by whole UTC days', () => {
    expect(ageOn('1960-12-31', '2026-12-30')).toBe(65);
    expect(ageOn('1960-12-31', '2026-12-31')).toBe(66);
    expect(ageOn('1960-01-01', '2027-01-01')).toBe(67);
  });
});
