import { describe, expect, it } from 'vitest';
import {
  applicationDatesForSelectedDate,
  dcApplicationExpiry,
  isoDate,
  LifeStage,
  RetirementApplicationStatus as S,
  retirementApplicationStatus,
  retirementJourneyExpiry,
  type RetirementApplicationInput,
} from '../src';

const d = isoDate;

const status = (overrides: Partial<RetirementApplicationInput> = {}) =>
  retirementApplicationStatus({
    status: 'Deferred',
    lifeStage: LifeStage.EligibleToRetire,
    today: d('2024-03-01'),
    defaultRetirementDate: d('2024-05-01'),
    earliestRetirementDate: d('2020-01-01'),
    hasOpenPaperCase: false,
    ...overrides,
  });

describe('retirement application status', () => {
  it('puts an open paper case first', () => {
    expect(status({ hasOpenPaperCase: true, journey: { submitted: true, expired: false } })).toBe(
      S.RetirementCase,
    );
  });

  it('cannot start with an undefined life stage', () => {
    expect(status({ lifeStage: LifeStage.Undefined })).toBe(S.NotEligibleToStart);
  });

  it('reports a started, then a submitted journey', () => {
    expect(status({ journey: { submitted: false, expired: false } })).toBe(S.StartedRA);
    expect(status({ journey: { submitted: true, expired: false } })).toBe(S.SubmittedRA);
    // an expired, unsubmitted journey no longer blocks a new start
    expect(status({ journey: { submitted: false, expired: true } })).toBe(S.EligibleToStart);
  });

  it('refuses a selected date before the minimum pension date (day before, of and after)', () => {
    const nmpd = d('2024-06-01');
    expect(status({ normalMinimumPensionDate: nmpd, selectedRetirementDate: d('2024-05-31') })).toBe(
      S.MinimumRetirementDateOutOfRange,
    );
    expect(status({ normalMinimumPensionDate: nmpd, selectedRetirementDate: d('2024-06-01') })).toBe(
      S.EligibleToStart,
    );
    expect(status({ normalMinimumPensionDate: nmpd, selectedRetirementDate: d('2024-06-02') })).toBe(
      S.EligibleToStart,
    );
  });

  it('tests the minimum pension date only from the earliest retirement date (1 May 2024)', () => {
    const dates = { earliestRetirementDate: d('2024-05-01'), normalMinimumPensionDate: d('2024-06-01') };
    // on the earliest date and up to the day before the minimum pension date: refused for that
    expect(status({ ...dates, selectedRetirementDate: d('2024-05-01') })).toBe(
      S.MinimumRetirementDateOutOfRange,
    );
    expect(status({ ...dates, selectedRetirementDate: d('2024-05-31') })).toBe(
      S.MinimumRetirementDateOutOfRange,
    );
    // the day before the earliest date: the normal rules, never eligible to start
    expect(status({ ...dates, selectedRetirementDate: d('2024-04-30') })).toBe(S.NotEligibleToStart);
    // an active member choosing such a date is not eligible to start either
    expect(
      status({
        ...dates,
        status: 'Active',
        lifeStage: LifeStage.PreRetiree,
        selectedRetirementDate: d('2024-04-30'),
      }),
    ).toBe(S.NotEligibleToStart);
  });

  it('never lets a date before the earliest retirement date start an application', () => {
    const erd = d('2024-05-01');
    const base = { earliestRetirementDate: erd, lifeStage: LifeStage.EligibleToApplyForRetirement };
    expect(status({ ...base, selectedRetirementDate: d('2024-04-30') })).toBe(S.NotEligibleToStart);
    expect(status({ ...base, selectedRetirementDate: erd })).toBe(S.EligibleToStart);
    expect(status({ ...base, defaultRetirementDate: d('2024-04-30') })).toBe(S.NotEligibleToStart);
    // beyond the window the date is out of range, whatever the earliest date
    expect(
      status({ ...base, earliestRetirementDate: d('2025-01-01'), selectedRetirementDate: d('2024-12-01') }),
    ).toBe(S.RetirementDateOutOfRange);
  });

  it('never tests the default date against the minimum pension date', () => {
    // the default 1 May is before the NMPD, but the member did not choose it
    expect(status({ normalMinimumPensionDate: d('2024-06-01') })).toBe(S.EligibleToStart);
    // a 36-year-old active member: not eligible to start, whatever the dates
    expect(
      status({
        status: 'Active',
        lifeStage: LifeStage.NotEligibleToRetire,
        defaultRetirementDate: d('2055-01-01'),
        normalMinimumPensionDate: d('2047-01-01'),
      }),
    ).toBe(S.NotEligibleToStart);
  });

  it('allows dates from today to today + 6 months (1 Sep 2024)', () => {
    expect(status({ selectedRetirementDate: d('2024-03-01') })).toBe(S.EligibleToStart);
    expect(status({ selectedRetirementDate: d('2024-08-31') })).toBe(S.EligibleToStart);
    expect(status({ selectedRetirementDate: d('2024-09-01') })).toBe(S.EligibleToStart);
    expect(status({ selectedRetirementDate: d('2024-09-02') })).toBe(S.RetirementDateOutOfRange);
    expect(status({ selectedRetirementDate: d('2024-02-29') })).toBe(S.NotEligibleToStart);
  });

  it('uses the scheme’s window: 90 days ends 30 May 2024', () => {
    const window = { days: 90 };
    expect(status({ applicationWindow: window, selectedRetirementDate: d('2024-05-29') })).toBe(
      S.EligibleToStart,
    );
    expect(status({ applicationWindow: window, selectedRetirementDate: d('2024-05-30') })).toBe(
      S.EligibleToStart,
    );
    expect(status({ applicationWindow: window, selectedRetirementDate: d('2024-05-31') })).toBe(
      S.RetirementDateOutOfRange,
    );
  });

  it('is not eligible when no date can be offered', () => {
    expect(status({ defaultRetirementDate: null })).toBe(S.NotEligibleToStart);
  });

  it('applies to deferred members in the applying life stages only', () => {
    expect(status({ lifeStage: LifeStage.EligibleToApplyForRetirement })).toBe(S.EligibleToStart);
    expect(status({ lifeStage: LifeStage.LateRetirement })).toBe(S.EligibleToStart);
    expect(status({ lifeStage: LifeStage.PreRetiree })).toBe(S.NotEligibleToStart);
    expect(status({ lifeStage: LifeStage.CloseToLatestRetirementAge })).toBe(S.NotEligibleToStart);
    expect(status({ status: 'Active' })).toBe(S.NotEligibleToStart);
  });
});

describe('retirement journey expiry (90 days)', () => {
  const today = d('2024-01-01');
  it('is today + 90 days when the retirement date is far off', () => {
    // A = 1 Jan + 90 = 31 Mar 2024 (31 + 29 + 30); B = 1 Nov 2024 ≥ A
    expect(retirementJourneyExpiry(d('2024-12-01'), today)).toBe('2024-03-31');
    // B = A exactly (retiring 30 Apr): A
    expect(retirementJourneyExpiry(d('2024-04-30'), today)).toBe('2024-03-31');
  });
  it('is 30 days before the retirement date when that comes first', () => {
    expect(retirementJourneyExpiry(d('2024-02-15'), today)).toBe('2024-01-16');
    // B one day after today
    expect(retirementJourneyExpiry(d('2024-02-01'), today)).toBe('2024-01-02');
  });
  it('is today + 7 days when 30 days before retirement has passed', () => {
    expect(retirementJourneyExpiry(d('2024-01-20'), today)).toBe('2024-01-08');
    expect(retirementJourneyExpiry(d('2024-01-31'), today)).toBe('2024-01-08'); // B = today
  });
});

describe('DC application expiry (spec e.12)', () => {
  const today = d('2024-01-01');
  it('is today + 90 days when 21 days before the retirement date is later', () => {
    // A = 1 Jan + 90 = 31 Mar 2024; B = 1 Jun − 21 = 11 May ≥ A
    expect(dcApplicationExpiry(d('2024-06-01'), today)).toBe('2024-03-31');
    // B = A exactly (retiring 21 Apr): A
    expect(dcApplicationExpiry(d('2024-04-21'), today)).toBe('2024-03-31');
  });
  it('is 21 days before the retirement date when that comes first', () => {
    expect(dcApplicationExpiry(d('2024-03-01'), today)).toBe('2024-02-09');
    // B one day after today (retiring 23 Jan)
    expect(dcApplicationExpiry(d('2024-01-23'), today)).toBe('2024-01-02');
  });
  it('is today + 7 days when 21 days before the retirement date is today or past', () => {
    expect(dcApplicationExpiry(d('2024-01-22'), today)).toBe('2024-01-08'); // B = today
    expect(dcApplicationExpiry(d('2024-01-05'), today)).toBe('2024-01-08');
  });
});

describe('application dates for the selected date (status-v2)', () => {
  const today = d('2024-03-01');

  it('opens one window before a date further than the window, and closes 37 days before', () => {
    expect(applicationDatesForSelectedDate(d('2025-01-31'), today)).toEqual({
      earliestStart: '2024-07-31',
      latestStart: '2024-12-25',
      confirmation: '2025-01-17',
      expiry: '2024-05-30',
    });
  });

  it('has no earliest start for a date inside the window (1 Sep 2024 in, 2 Sep out)', () => {
    expect(applicationDatesForSelectedDate(d('2024-09-01'), today).earliestStart).toBeNull();
    expect(applicationDatesForSelectedDate(d('2024-09-02'), today).earliestStart).toBe('2024-03-02');
  });

  it('follows the selected date, not a fixed one', () => {
    const a = applicationDatesForSelectedDate(d('2024-06-01'), today);
    const b = applicationDatesForSelectedDate(d('2024-07-01'), today);
    expect([a.latestStart, a.confirmation, a.expiry]).toEqual(['2024-04-25', '2024-05-18', '2024-05-02']);
    expect([b.latestStart, b.confirmation, b.expiry]).toEqual(['2024-05-25', '2024-06-17', '2024-05-30']);
  });

  it('takes a live journey’s own expiry', () => {
    const journey = { submitted: false, expired: false, expiresOn: d('2024-04-15') };
    expect(applicationDatesForSelectedDate(d('2024-07-01'), today, { journey }).expiry).toBe('2024-04-15');
    const submitted = { ...journey, submitted: true };
    expect(applicationDatesForSelectedDate(d('2024-07-01'), today, { journey: submitted }).expiry).toBe(
      '2024-05-30',
    );
  });

  it('uses the scheme’s window', () => {
    expect(
      applicationDatesForSelectedDate(d('2024-07-01'), today, { applicationWindow: { days: 90 } }),
    ).toMatchObject({ earliestStart: '2024-04-02' });
  });
});
