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
});
