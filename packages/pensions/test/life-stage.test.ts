import { describe, expect, it } from 'vitest';
import { dcLifeStage, isoDate, lifeStage, LifeStage, type LifeStageInput } from '../src';

const d = isoDate;

// ERA 55, NRA 65, LRA 75, pre-retirement period P = 5 years, newly retired N = 6 months.
const member = (today: string, overrides: Partial<LifeStageInput> = {}): LifeStage =>
  lifeStage({
    status: 'Deferred',
    dateOfBirth: d('1970-01-01'),
    today: d(today),
    earliestRetirementAge: 55,
    normalRetirementAge: 65,
    latestRetirementAge: 75,
    preRetirementAgePeriodInYears: 5,
    newlyRetiredRangeInMonths: 6,
    ...overrides,
  });

describe('life stage (born 1 Jan 1970)', () => {
  it.each([
    ['2019-12-31', LifeStage.NotEligibleToRetire], // 49 < ERA − P = 50
    ['2020-01-01', LifeStage.PreRetiree], // 50th birthday
    // 54y 5m 29d: 54 + 5/12 + 29/366 = 54.4959 < 54.5
    ['2024-06-30', LifeStage.PreRetiree],
    ['2024-07-01', LifeStage.EligibleToApplyForRetirement], // 54y 6m exactly = 54.5
    ['2024-12-31', LifeStage.EligibleToApplyForRetirement],
    ['2025-01-01', LifeStage.EligibleToRetire], // 55th birthday
    ['2034-12-31', LifeStage.EligibleToRetire],
    ['2035-01-01', LifeStage.LateRetirement], // 65th birthday
    ['2044-06-30', LifeStage.LateRetirement],
    ['2044-07-01', LifeStage.CloseToLatestRetirementAge], // 74.5
    // LRA − 1.24/12 = 74.89667. 74y 10m 23d: 74 + 10/12 + 23/366 = 74.89617 (2044 is a leap year)
    ['2044-11-24', LifeStage.CloseToLatestRetirementAge],
    // 74y 10m 24d: 74 + 10/12 + 24/366 = 74.89891
    ['2044-11-25', LifeStage.OverLatestRetirementAge],
    ['2046-01-01', LifeStage.OverLatestRetirementAge],
  ])('on %s is %s', (today, expected) => {
    expect(member(today)).toBe(expected);
  });

  it('defaults the latest retirement age to 75', () => {
    expect(member('2044-07-01', { latestRetirementAge: null })).toBe(LifeStage.CloseToLatestRetirementAge);
  });

  it('uses whole-year ERA and NRA', () => {
    expect(member('2025-01-01', { earliestRetirementAge: 55.9 })).toBe(LifeStage.EligibleToRetire);
  });

  it('is Undefined without a date of birth', () => {
    expect(member('2024-01-01', { dateOfBirth: null })).toBe(LifeStage.Undefined);
  });
});

describe('pensioners (retired 15 March 2024, newly retired for 6 months)', () => {
  const pensioner = (today: string) => member(today, { status: 'Pensioner', dateRetired: d('2024-03-15') });
  it.each([
    ['2024-03-15', LifeStage.NewlyRetired],
    ['2024-09-14', LifeStage.NewlyRetired],
    ['2024-09-15', LifeStage.EstablishedRetiree],
    ['2024-03-14', LifeStage.EstablishedRetiree],
  ])('on %s is %s', (today, expected) => {
    expect(pensioner(today)).toBe(expected);
  });

  it('is Undefined without a retirement date', () => {
    expect(member('2024-05-01', { status: 'Pensioner', dateRetired: null })).toBe(LifeStage.Undefined);
  });
});

describe('DC life stage (target retirement date 1 June 2030)', () => {
  const trd = d('2030-06-01');
  it.each([
    ['2030-06-01', 'exceededTRD'],
    ['2029-06-01', 'closeToTRD'], // exactly 12 months ahead
    ['2029-05-31', 'approachingTRD'],
    ['2027-06-01', 'approachingTRD'], // exactly 36 months ahead
    ['2027-05-31', 'farFromTRD'],
  ])('on %s is %s', (today, expected) => {
    expect(dcLifeStage(trd, d(today))).toBe(expected);
  });
});
