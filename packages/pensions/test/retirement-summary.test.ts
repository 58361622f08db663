import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  fromDayNumber,
  getDbSchemeConfig,
  getDcSchemeConfig,
  isoDate,
  parseSchemeConfig,
  retirementDatesAges,
  toDayNumber,
  type SummaryMember,
} from '../src';

const d = isoDate;
const request = { today: d('2026-01-15'), preRetirementAgePeriodInYears: 5, newlyRetiredRangeInMonths: 6 };
const mdb = getDbSchemeConfig('MDB');

describe('retirement dates and ages summary', () => {
  it('gives a selected date before the earliest date (born after 5 April 1973) the normal status', () => {
    const summary = retirementDatesAges(
      { status: 'Deferred', dateOfBirth: d('1974-03-01'), gender: 'M' },
      mdb,
      { ...request, selectedRetirementDate: d('2029-03-01') },
    );
    // the scheme's 55 is 1 Mar 2029 but the NMPA is 57 then: benefits from 1 Mar 2031
    expect(summary.dates.earliest).toBe('2031-03-01');
    expect(summary.ages.earliest).toBe(57);
    expect(summary.nmpaBand).toBe('NMPA.Post');
    expect(summary.minimumPensionDate).toBe('2031-03-01');
    // before the earliest date, so not the minimum-pension status: not eligible to start
    expect(summary.retirementApplicationStatus).toBe('NotEligibleToStart');
    // pre-retiree from 57 − 5 = 52 (1 Mar 2026): not yet, at 51
    expect(summary.lifeStage).toBe('NotEligibleToRetire');
    expect(summary.ages.gmp).toBe(65);
  });

  it('refuses a selected date from the earliest date that the law does not allow yet (Current band)', () => {
    // born 15 Jan 1972: 55 on 15 Jan 2027 (before the rise), the earliest date; 57 on 15 Jan 2029
    const member = { status: 'Deferred', dateOfBirth: d('1972-01-15') } as const;
    const on = (date: string) =>
      retirementDatesAges(member, mdb, {
        ...request,
        today: d('2028-03-01'),
        selectedRetirementDate: d(date),
      });
    expect(on('2028-04-05').dates.earliest).toBe('2027-01-15');
    // 6 Apr 2028 at 56: the NMPA is 57 that day, so the first allowed date is 15 Jan 2029
    expect(on('2028-04-06').retirementApplicationStatus).toBe('MinimumRetirementDateOutOfRange');
    expect(on('2029-01-14').retirementApplicationStatus).toBe('MinimumRetirementDateOutOfRange');
    expect(on('2028-04-05').retirementApplicationStatus).toBe('EligibleToStart');
  });

  it('never gives the default date MinimumRetirementDateOutOfRange: a 36-year-old active member', () => {
    const summary = retirementDatesAges({ status: 'Active', dateOfBirth: d('1989-06-01') }, mdb, request);
    expect(summary.retirementApplicationStatus).toBe('NotEligibleToStart');
    expect(summary.window.from).toBe('2046-06-01');
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
    // calendar months Jan 2026 → Dec 2050 = 299
    expect(summary.termToRetirement).toEqual({ years: 24, months: 11 });
    expect(summary.currentAge).toBe('35Y1M');
    expect(summary.currentAgeIso).toBe('35Y1M0W0D');
    expect(summary.suggestedRetirementDate).toBe('2027-04-21');
  });

  it('gives 0Y0M0W0D to target for a member without a target date', () => {
    const summary = retirementDatesAges({ status: 'Deferred', dateOfBirth: d('1968-01-15') }, mdb, request);
    expect(summary.dates.target).toBeNull();
    expect(summary.timeToTargetRetirement).toBe('0Y0M0W0D');
  });

  it('uses Bluewater’s application-window picker and 90-day window', () => {
    const summary = retirementDatesAges(
      { status: 'Deferred', dateOfBirth: d('1968-01-15') },
      getDbSchemeConfig('BDB'),
      request,
    );
    // from max(ERD 15 Jan 2023, today + 37 = 21 Feb 2026) to min(today + 90 days, NRD 15 Jan 2028)
    expect(summary.window).toEqual({ from: '2026-02-21', to: '2026-04-15', open: true });
    expect(summary.defaultRetirementDate).toBe('2026-04-14');
    expect(summary.retirementApplicationStatus).toBe('EligibleToStart');
  });

  it('offers no date to a pensioner', () => {
    const summary = retirementDatesAges(
      { status: 'Pensioner', dateOfBirth: d('1960-10-15'), dateRetired: d('2025-10-15') },
      mdb,
      request,
    );
    expect(summary.retirementDateAvailable).toBe(false);
    expect(summary.defaultRetirementDate).toBeNull();
    expect(summary.lifeStage).toBe('NewlyRetired');
  });

  it('answers the selected date’s application dates and the live journey’s date and expiry', () => {
    const member = { status: 'Deferred' as const, dateOfBirth: d('1965-01-15') };
    const chosen = retirementDatesAges(member, mdb, { ...request, selectedRetirementDate: d('2026-06-01') });
    expect(chosen.assessedRetirementDate).toBe('2026-06-01');
    expect(chosen.applicationDates).toEqual({
      earliestStart: null,
      latestStart: '2026-04-25',
      confirmation: '2026-05-18',
      expiry: '2026-04-15',
    });
    const journey = {
      submitted: false,
      expired: false,
      retirementDate: d('2026-03-01'),
      expiresOn: d('2026-01-31'),
    };
    const live = retirementDatesAges(member, mdb, { ...request, journey });
    expect(live.defaultRetirementDate).toBe('2026-03-01');
    expect(live.applicationDates.expiry).toBe('2026-01-31');
    expect(live.retirementApplicationStatus).toBe('StartedRA');
  });
});

describe('NMPA 57 through the engine (today 15 Jan 2026, MDB: ERA 55)', () => {
  const deferred = (dateOfBirth: string, protectedPensionAge?: number): SummaryMember => ({
    status: 'Deferred',
    dateOfBirth: d(dateOfBirth),
    protectedPensionAge,
  });
  const windowFrom = (member: SummaryMember) => retirementDatesAges(member, mdb, request).window.from;

  it.each([
    ['1971-04-05', '2026-04-05', 'NMPA.Pre'],
    ['1971-04-06', '2026-04-06', 'NMPA.Current'],
    ['1971-04-07', '2026-04-07', 'NMPA.Current'],
    ['1973-04-05', '2028-04-05', 'NMPA.Current'],
    ['1973-04-06', '2030-04-06', 'NMPA.Post'],
    ['1973-04-07', '2030-04-07', 'NMPA.Post'],
    ['1974-04-23', '2031-04-23', 'NMPA.Post'],
  ])('born %s: offered from %s (%s)', (dob, from, band) => {
    const summary = retirementDatesAges(deferred(dob), mdb, request);
    expect(summary.window.from).toBe(from);
    expect(summary.nmpaBand).toBe(band);
  });

  it('keeps 55 for a member with a protected pension age', () => {
    expect(windowFrom(deferred('1974-04-23', 55))).toBe('2029-04-23');
  });

  it('refuses a chosen date at 55 without protection, accepts it with', () => {
    const chosen = { ...request, today: d('2029-01-01'), selectedRetirementDate: d('2029-04-23') };
    // without protection the earliest date is the 57th birthday: a date before it cannot start
    expect(retirementDatesAges(deferred('1974-04-23'), mdb, chosen).retirementApplicationStatus).toBe(
      'NotEligibleToStart',
    );
    expect(retirementDatesAges(deferred('1974-04-23', 55), mdb, chosen).retirementApplicationStatus).toBe(
      'EligibleToStart',
    );
  });
});

describe('default date properties', () => {
  const day = (from: string, to: string) =>
    fc.integer({ min: toDayNumber(d(from)), max: toDayNumber(d(to)) }).map(fromDayNumber);
  const schemes = [
    mdb,
    getDbSchemeConfig('BDB'),
    getDcSchemeConfig('MDC'),
    parseSchemeConfig({
      ...mdb,
      code: 'GQS',
      guaranteedQuotes: true,
      effectiveDateRule: 'within-application-window',
      datePickerLimits: { fromAge: 56, toAge: 70 },
    }),
  ];
  const arbitraries = {
    scheme: fc.constantFrom(...schemes),
    status: fc.constantFrom('Active' as const, 'Deferred' as const),
    dateOfBirth: day('1945-01-01', '2000-12-31'),
    today: day('2024-01-01', '2040-12-31'),
    protectedPensionAge: fc.option(fc.constantFrom(50, 55), { nil: undefined }),
  };

  it('never yields MinimumRetirementDateOutOfRange, never before today + 37 days, never outside the range', () => {
    fc.assert(
      fc.property(fc.record(arbitraries), ({ scheme, status, dateOfBirth, today, protectedPensionAge }) => {
        const summary = retirementDatesAges({ status, dateOfBirth, protectedPensionAge }, scheme, {
          ...request,
          today,
        });
        expect(summary.retirementApplicationStatus).not.toBe('MinimumRetirementDateOutOfRange');
        const date = summary.defaultRetirementDate;
        if (date === null) return;
        expect(date >= addDays(today, 37)).toBe(true);
        expect(date >= summary.window.from && date <= summary.window.to).toBe(true);
        // and the date offered is one the law allows
        const allowedFrom = protectedPensionAge ? addYears(dateOfBirth, protectedPensionAge) : null;
        expect(allowedFrom !== null && date >= allowedFrom ? true : date >= summary.minimumPensionDate).toBe(
          true,
        );
      }),
      { numRuns: 500 },
    );
  });
});
