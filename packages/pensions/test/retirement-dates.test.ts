import { describe, expect, it } from 'vitest';
import {
  ageLines,
  applicationStartRange,
  confirmationDate,
  dcProjectionAges,
  dcRetirementDate,
  earliestRetirementDateWithProcessing,
  effectiveRetirementDate,
  gmpAge,
  isoDate,
  isRetirementDateOutOfRange,
  mayTakeBenefitsOn,
  minimumPensionDate,
  nmpaBand,
  NMPA,
  normalMinimumPensionAge,
  retirementDateHelper,
  retirementDates,
  availableRetirementDateRange,
  DEFAULT_RANGE_RULES,
  defaultRetirementDate,
  type RetirementDateRangeRules,
} from '../src';

const d = isoDate;
/** Dates with a latest retirement date far enough away not to matter. */
const far = (normal: string) => ({ normal: d(normal), latest: d('2099-01-01') });

describe('retirement dates', () => {
  it('puts ERD, NRD and LRD on birthdays', () => {
    expect(retirementDates(d('1965-08-31'), { earliestRetirementAge: 55, normalRetirementAge: 65 })).toEqual({
      earliest: '2020-08-31',
      normal: '2030-08-31',
      latest: '2040-08-31',
    });
  });

  it('moves a 29 February birthday to 28 February', () => {
    expect(retirementDates(d('1964-02-29'), { earliestRetirementAge: 55, normalRetirementAge: 65 })).toEqual({
      earliest: '2019-02-28',
      normal: '2029-02-28',
      latest: '2039-02-28',
    });
  });

  it('takes a scheme latest retirement date or age when given', () => {
    const dob = d('1965-08-31');
    const base = { earliestRetirementAge: 55, normalRetirementAge: 65 };
    expect(retirementDates(dob, { ...base, latestRetirementAge: 70 }).latest).toBe('2035-08-31');
    expect(retirementDates(dob, { ...base, latestRetirementDate: d('2037-04-05') }).latest).toBe(
      '2037-04-05',
    );
  });

  it('uses the later of NRD and today as the effective date', () => {
    expect(effectiveRetirementDate(far('2030-08-31'), d('2024-01-01'))).toBe('2030-08-31');
    expect(effectiveRetirementDate(far('2020-08-31'), d('2024-01-01'))).toBe('2024-01-01');
  });

  it('takes the normal date within the application window, else its last day, under the window rule', () => {
    const today = d('2024-03-01');
    const rule = 'within-application-window' as const;
    // window end 1 Sep 2024: NRD on it stands, a day later gives 31 Aug (window end − 1 day)
    expect(effectiveRetirementDate(far('2024-09-01'), today, rule)).toBe('2024-09-01');
    expect(effectiveRetirementDate(far('2024-09-02'), today, rule)).toBe('2024-08-31');
    expect(effectiveRetirementDate(far('2024-03-01'), today, rule)).toBe('2024-03-01');
    expect(effectiveRetirementDate(far('2024-02-29'), today, rule)).toBe('2024-08-31');
    // a 90-day window ends 30 May 2024
    expect(effectiveRetirementDate(far('2024-06-30'), today, rule, { days: 90 })).toBe('2024-05-29');
  });

  it('never takes a date after the latest retirement date under the window rule', () => {
    const today = d('2024-03-01');
    const rule = 'within-application-window' as const;
    // NRD passed, latest date 1 Jun 2024 inside the window (end 1 Sep): the latest date, not 31 Aug
    expect(effectiveRetirementDate({ normal: d('2019-06-01'), latest: d('2024-06-01') }, today, rule)).toBe(
      '2024-06-01',
    );
    // a latest date of 30 Aug stands; one of 1 Sep leaves the window's 31 Aug
    expect(effectiveRetirementDate({ normal: d('2019-06-01'), latest: d('2024-08-30') }, today, rule)).toBe(
      '2024-08-30',
    );
    expect(effectiveRetirementDate({ normal: d('2019-06-01'), latest: d('2024-09-01') }, today, rule)).toBe(
      '2024-08-31',
    );
  });

  it('moves the earliest date to the minimum pension date (NMPA 57 from 6 April 2028)', () => {
    const ages = { earliestRetirementAge: 55, normalRetirementAge: 65 };
    // Pre band, born 5 April 1971: 55 on 5 Apr 2026, allowed
    expect(retirementDates(d('1971-04-05'), ages).earliest).toBe('2026-04-05');
    // born 6 April 1971: 55 on 6 Apr 2026, still before the rise
    expect(retirementDates(d('1971-04-06'), ages).earliest).toBe('2026-04-06');
    // born 5 April 1973: 55 on 5 Apr 2028, the last day at 55
    expect(retirementDates(d('1973-04-05'), ages).earliest).toBe('2028-04-05');
    // born 6 April 1973: 55 on the day of the rise, so 57 (6 Apr 2030)
    expect(retirementDates(d('1973-04-06'), ages).earliest).toBe('2030-04-06');
    expect(retirementDates(d('1973-04-07'), ages).earliest).toBe('2030-04-07');
    // a protected pension age of 55 keeps the scheme's date
    expect(retirementDates(d('1973-04-06'), ages, 55).earliest).toBe('2028-04-06');
    // a scheme ERA of 60 is unaffected
    expect(
      retirementDates(d('1980-01-01'), { earliestRetirementAge: 60, normalRetirementAge: 65 }).earliest,
    ).toBe('2040-01-01');
  });

  it('sets the DC retirement date six months ahead, or at 75 from age 74½', () => {
    // born 10 Jan 1950: on 9 Jul 2024 74y 5m → today + 6 months; on 10 Jul 2024 74y 6m → 75th birthday
    expect(dcRetirementDate(d('1950-01-10'), d('2024-07-09'))).toBe('2025-01-09');
    expect(dcRetirementDate(d('1950-01-10'), d('2024-07-10'))).toBe('2025-01-10');
    expect(dcRetirementDate(d('1990-01-10'), d('2024-08-31'))).toBe('2025-02-28');
  });
});

describe('selectable retirement dates', () => {
  const today = d('2024-03-01');
  const dates = { earliest: d('2024-01-01'), normal: d('2024-06-30'), latest: d('2034-06-30') };

  it('pushes the earliest date to today + 37 days', () => {
    // 1 Mar + 37 days = 7 Apr (30 days to 31 Mar, 7 more)
    expect(earliestRetirementDateWithProcessing(dates.earliest, today)).toBe('2024-04-07');
    expect(earliestRetirementDateWithProcessing(d('2024-05-01'), today)).toBe('2024-05-01');
  });

  // born 1 Jan 1969: 55 on 1 Jan 2024, before the NMPA rise, so no NMPA lift in these cases
  const member = { dateOfBirth: d('1969-01-01') };
  const rules = (overrides: Partial<RetirementDateRangeRules>) => ({ ...DEFAULT_RANGE_RULES, ...overrides });

  it('runs to the latest retirement date by default', () => {
    expect(availableRetirementDateRange(member, dates, today)).toEqual({
      from: '2024-04-07',
      to: '2034-06-30',
      open: true,
    });
  });

  it('runs to min(window end, NRD) in application-window mode', () => {
    const picker = rules({ picker: 'application-window' });
    expect(availableRetirementDateRange(member, dates, today, picker)).toEqual({
      from: '2024-04-07',
      to: '2024-06-30',
      open: true,
    });
    const far = { ...dates, normal: d('2030-01-01') };
    // 6 months: 1 Sep 2024; a 90-day window: 30 May 2024
    expect(availableRetirementDateRange(member, far, today, picker).to).toBe('2024-09-01');
    const ninetyDays = rules({ picker: 'application-window', applicationWindow: { days: 90 } });
    expect(availableRetirementDateRange(member, far, today, ninetyDays).to).toBe('2024-05-30');
    const soon = { ...dates, normal: d('2024-04-01') };
    expect(availableRetirementDateRange(member, soon, today, picker).open).toBe(false);
  });

  it('opens from tomorrow for guaranteed-quote schemes', () => {
    expect(availableRetirementDateRange(member, dates, today, rules({ guaranteedQuotes: true })).from).toBe(
      '2024-03-02',
    );
  });

  it('applies the scheme’s picker limits by age', () => {
    const limits = rules({ limits: { fromAge: 56, toAge: 60 } });
    expect(availableRetirementDateRange(member, dates, today, limits)).toEqual({
      from: '2025-01-01',
      to: '2029-01-01',
      open: true,
    });
  });

  it('starts at the minimum pension date: a Current-band member aged 56 after the rise waits for 57', () => {
    const current = { dateOfBirth: d('1972-01-15') };
    const currentDates = retirementDates(current.dateOfBirth, {
      earliestRetirementAge: 55,
      normalRetirementAge: 65,
    });
    expect(currentDates.earliest).toBe('2027-01-15');
    expect(availableRetirementDateRange(current, currentDates, d('2028-06-01')).from).toBe('2029-01-15');
    // before the rise the 55th birthday + processing stands
    expect(availableRetirementDateRange(current, currentDates, d('2026-11-01')).from).toBe('2027-01-15');
  });
});

describe('default retirement date', () => {
  const today = d('2024-03-01');
  const range = { from: d('2024-04-07'), to: d('2034-06-30'), open: true };

  it('is the effective date when that is after the processing period and in range', () => {
    expect(defaultRetirementDate({ effectiveDate: d('2030-01-01'), range, today })).toBe('2030-01-01');
  });

  it('is never before today + 37 days (day before, of and after)', () => {
    expect(defaultRetirementDate({ effectiveDate: d('2024-04-06'), range, today })).toBe('2024-04-07');
    expect(defaultRetirementDate({ effectiveDate: d('2024-04-07'), range, today })).toBe('2024-04-07');
    expect(defaultRetirementDate({ effectiveDate: d('2024-04-08'), range, today })).toBe('2024-04-08');
    // a guaranteed-quote range opening tomorrow still defaults after the processing period
    const fromTomorrow = { ...range, from: d('2024-03-02') };
    expect(defaultRetirementDate({ effectiveDate: today, range: fromTomorrow, today })).toBe('2024-04-07');
  });

  it('is never before the start of the range offered', () => {
    const later = { ...range, from: d('2026-05-01') };
    expect(defaultRetirementDate({ effectiveDate: d('2024-06-30'), range: later, today })).toBe('2026-05-01');
  });

  it('keeps the date a live journey holds', () => {
    expect(
      defaultRetirementDate({
        effectiveDate: today,
        range,
        today,
        liveJourneyRetirementDate: d('2024-03-20'),
      }),
    ).toBe('2024-03-20');
  });

  it('offers nothing when the range is closed or ends too soon', () => {
    expect(
      defaultRetirementDate({
        effectiveDate: today,
        range: { ...range, to: d('2024-04-01'), open: true },
        today,
      }),
    ).toBeNull();
    expect(
      defaultRetirementDate({
        effectiveDate: today,
        range: { from: d('2024-05-01'), to: d('2024-04-01'), open: false },
        today,
      }),
    ).toBeNull();
  });
  it('opens the application 6 months ahead and closes it 37 days before', () => {
    // effective 31 Jan 2025 is after 1 Sep 2024 (today + 6 months)
    expect(applicationStartRange(d('2025-01-31'), today)).toEqual({
      earliest: '2024-07-31',
      latest: '2024-12-25',
    });
    expect(applicationStartRange(d('2024-09-01'), today)).toEqual({ earliest: null, latest: '2024-07-26' });
    expect(isRetirementDateOutOfRange(d('2024-09-01'), today)).toBe(false);
    expect(isRetirementDateOutOfRange(d('2024-09-02'), today)).toBe(true);
    expect(confirmationDate(d('2025-01-31'))).toBe('2025-01-17');
  });

  it('suggests today + 1 year + 3 months + 6 days', () => {
    expect(retirementDateHelper(d('2024-01-15'))).toBe('2025-04-21');
    // 30 Nov 2024 + 15 months = 28 Feb 2026 (clamped), + 6 days = 6 Mar 2026
    expect(retirementDateHelper(d('2024-11-30'))).toBe('2026-03-06');
  });

  it('knows GMP ages', () => {
    expect(gmpAge('M')).toBe(65);
    expect(gmpAge('F')).toBe(60);
    expect(gmpAge('U')).toBeNull();
  });
});

describe('normal minimum pension age', () => {
  it('rises from 55 to 57 on 6 April 2028', () => {
    expect(normalMinimumPensionAge(d('2028-04-05'))).toBe(55);
    expect(normalMinimumPensionAge(d('2028-04-06'))).toBe(57);
  });

  it('bands members by date of birth', () => {
    expect(nmpaBand(d('1971-04-05'))).toBe(NMPA.Pre);
    expect(nmpaBand(d('1971-04-06'))).toBe(NMPA.Current);
    expect(nmpaBand(d('1973-04-05'))).toBe(NMPA.Current);
    expect(nmpaBand(d('1973-04-06'))).toBe(NMPA.Post);
  });

  it('finds the first date benefits may be taken', () => {
    // Current band: 55 on 15 Jan 2027, before the rise
    expect(minimumPensionDate(d('1972-01-15'), d('2024-01-01'))).toBe('2027-01-15');
    // …but after the rise the same member must wait for 57
    expect(minimumPensionDate(d('1972-01-15'), d('2028-05-01'))).toBe('2029-01-15');
    expect(mayTakeBenefitsOn(d('1972-01-15'), d('2028-04-05'))).toBe(true);
    expect(mayTakeBenefitsOn(d('1972-01-15'), d('2028-04-06'))).toBe(false);
    // the last day of the Current band reaches 55 on the last day before the rise
    expect(minimumPensionDate(d('1973-04-05'), d('2024-01-01'))).toBe('2028-04-05');
    expect(minimumPensionDate(d('1973-04-06'), d('2024-01-01'))).toBe('2030-04-06');
    expect(minimumPensionDate(d('1960-01-01'), d('2024-01-01'))).toBe('2024-01-01');
  });

  it('honours a protected pension age', () => {
    expect(minimumPensionDate(d('1980-03-01'), d('2024-01-01'), 50)).toBe('2030-03-01');
    expect(mayTakeBenefitsOn(d('1980-03-01'), d('2035-03-01'), 55)).toBe(true);
  });
});

describe('age lines (e.11)', () => {
  it.each([
    [40, [55, 56, 57, 58, 59]], // below ERA: start at ERA
    [57, [65, 66, 67, 68, 69]], // between ERA and NRA: start at NRA
    [66, [67, 68, 69, 70, 71]], // past NRA: next birthday
    [72, [73, 74, 75]], // stop at 75
    [75, []],
  ])('age %i quotes at %j', (age, expected) => {
    expect(ageLines(age, 55, 65)).toEqual(expected);
  });

  it('lists DC projection ages at least a year ahead, target last', () => {
    const far = dcProjectionAges(d('1990-05-10'), 65, d('2024-01-01'));
    expect(far.map((l) => l.age)).toEqual([58, 59, 60, 61, 62, 63, 64, 65]);
    expect(far.filter((l) => l.isTarget)).toEqual([{ age: 65, date: '2055-05-10', isTarget: true }]);
    // target 1 Jan 2026; 65th birthday 1 Jan 2025 is exactly a year ahead, 64th is not
    expect(dcProjectionAges(d('1960-01-01'), 66, d('2024-01-01')).map((l) => l.age)).toEqual([65, 66]);
    expect(dcProjectionAges(d('1960-05-10'), 65, d('2024-01-01')).map((l) => l.age)).toEqual([65]);
    expect(dcProjectionAges(d('1950-05-10'), 65, d('2024-01-01'))).toEqual([]);
  });
});
