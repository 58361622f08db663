import { describe, expect, it } from 'vitest';
import { getDbSchemeConfig, getDcSchemeConfig, isoDate, retirementDatesAges } from '../src';

const d = isoDate;
const request = { today: d('2026-01-15'), preRetirementAgePeriodInYears: 5, newlyRetiredRangeInMonths: 6 };

describe('retirement dates and ages summary', () => {
  it('flags a date before the minimum pension age (born after 5 April 1973)', () => {
    const summary = retirementDatesAges(
      { status: 'Deferred', dateOfBirth: d('1974-03-01'), gender: 'M' },
      getDbSchemeConfig('MDB'),
      { ...request, selectedRetirementDate: d('2029-03-01') },
    );
    // ERD 1 Mar 2029 (55) but the NMPA is 57 then: benefits from 1 Mar 2031
    expect(summary.dates.earliest).toBe('2029-03-01');
    expect(summary.nmpaBand).toBe('NMPA.Post');
    expect(summary.minimumPensionDate).toBe('2031-03-01');
    expect(summary.retirementApplicationStatus).toBe('MinimumRetirementDateOutOfRange');
    expect(summary.lifeStage).toBe('PreRetiree');
    expect(summary.ages.gmp).toBe(65);
  });

  it('adds the DC target date, DC life stage and DC retirement date', () => {
    const summary = retirementDatesAges(
      { status: 'Active', dateOfBirth: d('1990-12-15'), targetRetirementAge: 60 },
      getDcSchemeConfig('MDC'),
      request,
    );
    expect(summary.dates.target).toBe('2050-12-15');
    expect(summary.ages.target).toBe(60);
    expect(summary.dcLifeStage).toBe('farFromTRD');
    expect(summary.dcRetirementDate).toBe('2026-07-15');
    expect(summary.timeToTargetRetirement).toBe('24Y11M0W0D');
    expect(summary.termToRetirement).toEqual({ years: 24, months: 11 });
    expect(summary.currentAge).toBe('35Y1M');
    expect(summary.suggestedRetirementDate).toBe('2027-04-21');
  });

  it('uses the application-window picker for Bluewater', () => {
    const summary = retirementDatesAges(
      { status: 'Deferred', dateOfBirth: d('1968-01-15') },
      getDbSchemeConfig('BDB'),
      request,
    );
    // from max(ERD 15 Jan 2023, today + 37 = 21 Feb 2026) to min(today + 6 months, NRD 15 Jan 2028)
    expect(summary.window).toEqual({ from: '2026-02-21', to: '2026-07-15', open: true });
    expect(summary.retirementApplicationStatus).toBe('EligibleToStart');
  });
});
