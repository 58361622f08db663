import { describe, expect, it } from 'vitest';
import { acceptedClientWordingFlags, sanitiseWordingFlag } from '../src/access-key';

describe('wording flags from the client', () => {
  it('strips everything but letters, digits, space, underscore and colon', () => {
    expect(sanitiseWordingFlag('Micro<b>soft Edge!')).toBe('Microbsoft Edge');
    expect(sanitiseWordingFlag('scheme_MDB:1-2')).toBe('scheme_MDB:12');
  });

  it('accepts only browser and platform flags, once each', () => {
    expect(acceptedClientWordingFlags(['Chrome', 'Mac', 'Chrome', 'HASLINKEDMEMBER', 'scheme_MDB', 'iPh<one'])).toEqual([
      'Chrome',
      'Mac',
      'iPhone',
    ]);
  });
});
