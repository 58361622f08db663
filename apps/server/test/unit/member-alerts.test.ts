import { describe, expect, it } from 'vitest';
import type { IsoDate, RetirementDatesAges } from '@meridian/pensions';
import { memberAlerts, type AlertFacts } from '../../src/areas/my-details/member-summary';

const today = '2026-11-28' as IsoDate;

/** A deferred member with every contact on file and no bank account, retiring on `normal`. */
function facts(
  {
    normal,
    target = null,
    earliest = '2021-09-28',
  }: { normal: string; target?: string | null; earliest?: string },
  changes: Partial<AlertFacts> = {},
): AlertFacts {
  const figures = { dates: { earliest, normal, target } } as unknown as RetirementDatesAges;
  return {
    member: {
      status: 'Deferred',
      email: 'member@example.org',
      mobilePhone: '+447911123456',
      address: { line1: '1 High Street' },
    } as unknown as AlertFacts['member'],
    scheme: { type: 'DB' } as AlertFacts['scheme'],
    figures,
    hasBankAccount: false,
    application: null,
    today,
    retirementLink: '/retirement/options',
    ...changes,
  };
}

const asksForBank = (input: AlertFacts) =>
  memberAlerts(input).some((alert) => alert.alertId === 'bank-details-needed');

describe('the bank details alert', () => {
  it('is not shown years before the retirement date, even when the member can already take their pension', () => {
    // About 60, able to retire since 55, normal retirement date at 65: nearly 5 years away.
    expect(asksForBank(facts({ normal: '2031-09-28' }))).toBe(false);
    expect(asksForBank(facts({ normal: '2027-05-29' }))).toBe(false);
  });

  it('is shown within 6 months of the retirement date, and after it', () => {
    expect(asksForBank(facts({ normal: '2027-05-28' }))).toBe(true);
    expect(asksForBank(facts({ normal: '2026-12-01' }))).toBe(true);
    expect(asksForBank(facts({ normal: '2026-01-01' }))).toBe(true);
  });

  it('reads a savings pot’s target retirement date, not its normal one', () => {
    const dc = { scheme: { type: 'DC' } as AlertFacts['scheme'] };
    expect(asksForBank(facts({ normal: '2027-01-01', target: '2030-01-01' }, dc))).toBe(false);
    expect(asksForBank(facts({ normal: '2030-01-01', target: '2027-03-01' }, dc))).toBe(true);
  });

  it('is shown while a retirement application is open, and reads the date applied for once it is sent', () => {
    const open = { submitted: false, expired: false, retirementDate: '2031-09-28' };
    expect(asksForBank(facts({ normal: '2031-09-28' }, { application: open }))).toBe(true);
    const sent = { ...open, submitted: true, retirementDate: '2027-02-01' };
    expect(asksForBank(facts({ normal: '2031-09-28' }, { application: sent }))).toBe(true);
    const sentForLater = { ...sent, retirementDate: '2028-02-01' };
    expect(asksForBank(facts({ normal: '2027-01-01' }, { application: sentForLater }))).toBe(false);
    const expired = { ...open, expired: true };
    expect(asksForBank(facts({ normal: '2031-09-28' }, { application: expired }))).toBe(false);
  });

  it('is shown to a pensioner without an account, and never to a member whose account is on file', () => {
    const pensioner = facts({ normal: '2031-09-28' });
    pensioner.member = { ...pensioner.member, status: 'Pensioner' };
    expect(asksForBank(pensioner)).toBe(true);
    expect(asksForBank(facts({ normal: '2026-12-01' }, { hasBankAccount: true }))).toBe(false);
  });
});
