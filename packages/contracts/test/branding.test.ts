import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, darkenUntilReadable, shade } from '../src/branding';

describe('brand colours', () => {
  it('darkens and lightens a colour', () => {
    expect(shade('#1d4f91', -0.4)).toBe('#112f57');
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('darkens a light brand colour until text on it (and it on white) is readable', () => {
    const yellow = darkenUntilReadable('#ffcc00');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(darkenUntilReadable('#112f57')).toBe('#112f57');
  });

  it('keeps the primary and derives readable dark and light variants', () => {
    for (const primary of ['#1d4f91', '#00594f', '#ffcc00', '#ffffff', '#e5007e']) {
      const palette = brandPalette(primary);
      expect(palette['--brand-primary']).toBe(primary);
      expect(contrastRatio(palette['--brand-primary-dark'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette['--brand-primary-dark'], '#f3f2f1')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette['--brand-primary-light'], '#0b0c0c')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
