import { describe, expect, it } from 'vitest';
import { shade } from './tenant';

describe('tenant palette', () => {
  it('darkens and lightens the primary colour', () => {
    expect(shade('#1d4f91', -0.4)).toBe('#112f57');
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
  });
});
