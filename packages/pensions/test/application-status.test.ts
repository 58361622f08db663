import { describe, expect, it } from 'vitest';
import {
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
    earliestRetirementDate: d('2024-05-01'),
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

  it('blocks dates between ERD and the normal minimum pension date', () => {
    expect(status({ normalMinimumPensionDate: d('2024-06-01') })).toBe(S.MinimumRetirementDateOutOfRange);
    expect(
      status({ normalMinimumPensionDate: d('2024-06-01'), selectedRetirementDate: d('2024-06-01') }),
    ).toBe(S.EligibleToStart);
  });

  it('allows dates from today to today + 6 months (1 Sep 2024)', () => {
    expect(status({ selectedRetirementDate: d('2024-03-01') })).toBe(S.EligibleToStart);
    expect(status({ selectedRetirementDate: d('2024-09-01') })).toBe(S.EligibleToStart);
    expect(status({ selectedRetirementDate: d('2024-09-02') })).toBe(S.RetirementDateOutOfRange);
    expect(status({ selectedRetirementDate: d('2024-02-29') })).toBe(S.NotEligibleToStart);
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
  });
  it('is 30 days before the retirement date when that comes first', () => {
    expect(retirementJourneyExpiry(d('2024-02-15'), today)).toBe('2024-01-16');
  });
  it('is today + 7 days when 30 days before retirement has passed', () => {
    expect(retirementJourneyExpiry(d('2024-01-20'), today)).toBe('2024-01-08');
    expect(retirementJourneyExpiry(d('2024-01-31'), today)).toBe('2024-01-08'); // B = today
  });
});
