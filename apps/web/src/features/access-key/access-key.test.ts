import { publicVisibilityKey } from '@meridian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibilityKeyFromAccessKey } from './access-key';

describe('reading the content access key', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs an unreadable key before falling back to the visitor view', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(visibilityKeyFromAccessKey('not-a.token-at.all', ['Chrome'])).toBe(publicVisibilityKey);
    expect(log).toHaveBeenCalledWith(
      'The content access key could not be read; showing the visitor view',
      expect.anything(),
    );
  });

  const tokenWith = (key: unknown) =>
    `header.${btoa(JSON.stringify({ key })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`;
  const payload = {
    tenantUrl: 'localhost',
    basicMode: false,
    schemeType: 'DB',
    schemeCode: null,
    category: null,
    memberStatus: 'Active',
    lifeStage: 'PreRetiree',
    dcLifeStage: null,
    retirementApplicationStatus: null,
    transferApplicationStatus: null,
    isCalculationSuccessful: true,
    hasAdditionalContributions: false,
    dbCalculationStatus: null,
    currentAge: '60',
    wordingFlags: ['BETA'],
  };

  it('reads the fields and flags that visibility rules test, with the browser’s accepted flags', () => {
    expect(visibilityKeyFromAccessKey(tokenWith(payload), ['Chrome', 'Nonsense'])).toEqual({
      fields: {
        schemeType: 'DB',
        memberStatus: 'Active',
        lifeStage: 'PreRetiree',
        dcLifeStage: null,
        retirementApplicationStatus: null,
        transferApplicationStatus: null,
      },
      wordingFlags: ['BETA', 'Chrome'],
    });
  });

  it('shows the visitor view for a payload without the fields rules read', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { lifeStage: _missing, ...withoutLifeStage } = payload;
    expect(visibilityKeyFromAccessKey(tokenWith(withoutLifeStage), [])).toBe(publicVisibilityKey);
    expect(visibilityKeyFromAccessKey(tokenWith({ ...payload, wordingFlags: 'BETA' }), [])).toBe(
      publicVisibilityKey,
    );
  });
});
