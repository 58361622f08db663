// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeRecordHeaders, SINGLE_AUTH_KEY, singleAuthData, sessionStore } from './session-storage';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('session storage helper', () => {
  it('stores and reads JSON values by key', () => {
    expect(sessionStore.set('a', { n: 1, list: ['x'] })).toBe(true);
    expect(sessionStorage.getItem('a')).toBe('{"n":1,"list":["x"]}');
    expect(sessionStore.get('a')).toEqual({ n: 1, list: ['x'] });
    expect(sessionStore.get('missing')).toBeNull();
  });

  it('removes one key and clears all keys', () => {
    sessionStore.set('a', 1);
    sessionStore.set('b', 'two');
    sessionStore.remove('a');
    expect(sessionStore.get('a')).toBeNull();
    expect(sessionStore.get('b')).toBe('two');
    sessionStore.clear();
    expect(sessionStorage.length).toBe(0);
  });

  it('reads unparsable values as null and survives storage that refuses writes', () => {
    sessionStorage.setItem('broken', '{not json');
    expect(sessionStore.get('broken')).toBeNull();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(sessionStore.set('a', 1)).toBe(false);
  });
});

describe('single-auth data', () => {
  const primary = { hasMultipleRecords: true, primaryBgroup: 'MER', primaryRefno: '1000007' };

  it('writes, reads and removes the typed shape', () => {
    expect(singleAuthData.read()).toBeNull();
    singleAuthData.write({ ...primary, linkedBgroup: 'MER', linkedRefno: '1000008' });
    expect(singleAuthData.read()).toEqual({ ...primary, linkedBgroup: 'MER', linkedRefno: '1000008' });
    singleAuthData.remove();
    expect(singleAuthData.read()).toBeNull();
  });

  it('reads data of another shape as null', () => {
    sessionStore.set(SINGLE_AUTH_KEY, { hasMultipleRecords: 'yes', primaryBgroup: 'MER' });
    expect(singleAuthData.read()).toBeNull();
  });

  it('prefers the linked record over the primary for request headers', () => {
    expect(activeRecordHeaders(null)).toEqual({});
    expect(activeRecordHeaders(primary)).toEqual({
      'auth-business-group': 'MER',
      'auth-reference-number': '1000007',
    });
    expect(activeRecordHeaders({ ...primary, linkedBgroup: 'BLU', linkedRefno: '2' })).toEqual({
      'auth-business-group': 'BLU',
      'auth-reference-number': '2',
    });
  });
});
