import { publicVisibilityKey } from '@meridian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-storage';
import { jsonResponse, stubFetch } from '../../testing/render';
import { contentAccessKey, forgetContentAccessKey, visibilityKeyFromAccessKey } from './access-key';

describe('reading what the content access key stands for', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetContentAccessKey();
  });

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
  const keep = (attributes: unknown, contentAccessKey = 'key-id.key-mac') =>
    sessionStore.set('contentAccessKey', {
      contentAccessKey,
      attributes,
      expiresAt: '2999-01-01T00:00:00Z',
      record: '{}',
    });

  it('reads the fields and flags that visibility rules test, with the browser’s accepted flags', () => {
    keep(payload);
    expect(visibilityKeyFromAccessKey('key-id.key-mac', ['Chrome', 'Nonsense'])).toEqual({
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

  it('logs, then shows the visitor view, for a key it holds no attributes for', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(visibilityKeyFromAccessKey('key-id.key-mac', ['Chrome'])).toBe(publicVisibilityKey);
    keep(payload, 'another-key.another-mac');
    expect(visibilityKeyFromAccessKey('key-id.key-mac', ['Chrome'])).toBe(publicVisibilityKey);
    expect(log).toHaveBeenCalledWith(
      'The content access key’s attributes could not be read; showing the visitor view',
    );
  });

  it('shows the visitor view for attributes without the fields rules read', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { lifeStage: _missing, ...withoutLifeStage } = payload;
    keep(withoutLifeStage);
    expect(visibilityKeyFromAccessKey('key-id.key-mac', [])).toBe(publicVisibilityKey);
    keep({ ...payload, wordingFlags: 'BETA' });
    expect(visibilityKeyFromAccessKey('key-id.key-mac', [])).toBe(publicVisibilityKey);
  });

  it('still reads a key a page asked with after a recalculation has brought a newer one', async () => {
    let issued = 0;
    stubFetch(() => {
      issued += 1;
      return jsonResponse(200, {
        contentAccessKey: `key-${issued}.mac`,
        attributes: { ...payload, memberStatus: issued === 1 ? 'Active' : 'Deferred' },
        expiresAt: '2999-01-01T00:00:00Z',
      });
    });
    const first = await contentAccessKey();
    const second = await contentAccessKey({ recalculate: true });
    expect(await contentAccessKey()).toBe(second);
    expect(visibilityKeyFromAccessKey(first, []).fields.memberStatus).toBe('Active');
    expect(visibilityKeyFromAccessKey(second, []).fields.memberStatus).toBe('Deferred');
  });
});
