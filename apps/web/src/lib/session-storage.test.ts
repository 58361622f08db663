import { describe, expect, it } from 'vitest';
import { activeRecordHeaders, sessionStore } from './session-storage';

describe('session storage helper', () => {
  it('stores, reads, removes and clears JSON values', () => {
    sessionStore.set('a', { n: 1 });
    sessionStore.set('b', [1, 2]);
    expect(sessionStore.get('a')).toEqual({ n: 1 });
    sessionStore.remove('a');
    expect(sessionStore.get('a')).toBeNull();
    sessionStore.clear();
    expect(sessionStore.get('b')).toBeNull();
  });

  it('prefers the linked record over the primary for request headers', () => {
    const primary = { hasMultipleRecords: true, primaryBgroup: 'MER', primaryRefno: '1' };
    expect(activeRecordHeaders(primary)).toEqual({ 'auth-business-group': 'MER', 'auth-reference-number': '1' });
    expect(activeRecordHeaders({ ...primary, linkedBgroup: 'MER', linkedRefno: '2' })).toEqual({
      'auth-business-group': 'MER',
      'auth-reference-number': '2',
    });
  });
});
