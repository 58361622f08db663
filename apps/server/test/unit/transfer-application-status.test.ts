import { describe, expect, it } from 'vitest';
import { embeddedFcaRegister, FCA_FIRM_REFERENCE } from '../../src/areas/transfer-application/fca-register';
import {
  transferApplicationStatusOf,
  transferGuaranteeEnded,
} from '../../src/areas/transfer-application/status';
import { isoDate } from '@meridian/pensions';

const journey = (status: string, atSummary = false, startsFrom: string | null = 'transfer-quote') => ({
  type: 'transferapplication',
  status,
  answers: [],
  startsFrom,
  atSummary,
});

describe('the transfer application status', () => {
  it('follows the latest transfer application, and is unavailable to a member who cannot transfer', () => {
    expect(transferApplicationStatusOf(false, [journey('Started')])).toBe('UnavailableTA');
    expect(transferApplicationStatusOf(true, [])).toBe('NotStartedTA');
    expect(transferApplicationStatusOf(true, [journey('Started')])).toBe('StartedTA');
    expect(transferApplicationStatusOf(true, [journey('Started', true)])).toBe('SubmitStarted');
    expect(transferApplicationStatusOf(true, [journey('Submitted')])).toBe('SubmittedTA');
    expect(transferApplicationStatusOf(true, [journey('Ended')])).toBe('OutsideTA');
    expect(transferApplicationStatusOf(true, [journey('Expired')])).toBe('NotStartedTA');
  });

  it('reads only the journey that starts from a transfer quote', () => {
    expect(transferApplicationStatusOf(true, [journey('Submitted', false, 'retirement-quote')])).toBe(
      'NotStartedTA',
    );
    expect(transferApplicationStatusOf(true, [journey('Started', false, null)])).toBe('NotStartedTA');
  });
});

describe('an open transfer application whose guarantee has ended', () => {
  const lock = (guaranteedUntil: string) => ({
    quoteId: '00000000-0000-4000-8000-000000000000',
    transferValuePence: 18_240_000,
    nonGuaranteedPence: 0,
    pensionPence: 912_000,
    guaranteeDate: '2026-06-01',
    guaranteedUntil,
    payBy: '2026-12-01',
    ageYears: 52,
  });
  const locked = (status: string, guaranteedUntil: string, startsFrom: string | null = 'transfer-quote') => ({
    ...journey(status, true, startsFrom),
    locked: lock(guaranteedUntil),
  });
  const today = isoDate('2026-09-02');

  it('holds from the day after the last day of the guarantee, while the application is open', () => {
    expect(transferGuaranteeEnded([locked('Started', '2026-09-01')], today)).toBe(true);
    expect(transferGuaranteeEnded([locked('Started', '2026-09-02')], today)).toBe(false);
    expect(transferGuaranteeEnded([locked('Submitted', '2026-09-01')], today)).toBe(false);
    expect(transferGuaranteeEnded([locked('Ended', '2026-09-01')], today)).toBe(false);
  });

  it('reads only the transfer application, and a lock it can read', () => {
    expect(transferGuaranteeEnded([locked('Started', '2026-09-01', 'retirement-quote')], today)).toBe(false);
    expect(transferGuaranteeEnded([{ ...journey('Started'), locked: { guaranteedUntil: 7 } }], today)).toBe(
      false,
    );
    expect(transferGuaranteeEnded([], today)).toBe(false);
  });
});

describe('the embedded FCA register', () => {
  it('knows the configured firms only, however the number is spaced', async () => {
    const register = embeddedFcaRegister(['123456', '765 4321']);
    const authorised = { outcome: 'authorised', name: null, pensionTransfers: null };
    expect(await register.check('123456')).toEqual(authorised);
    expect(await register.check('7654321')).toEqual(authorised);
    expect(await register.check('765 4321')).toEqual(authorised);
    expect(await register.check('999999')).toEqual({ outcome: 'not_authorised', status: null });
  });

  it('takes a firm reference number of 6 or 7 digits only', () => {
    for (const good of ['123456', '7654321']) expect(FCA_FIRM_REFERENCE.test(good), good).toBe(true);
    for (const bad of ['12345', '12345678', '12345A', ' 123456', ''])
      expect(FCA_FIRM_REFERENCE.test(bad), bad).toBe(false);
  });
});
