import { describe, expect, it } from 'vitest';
import { bannerHiddenOn } from './CookieBanner';

describe('cookie banner paths', () => {
  it('is hidden under the configured slug prefixes only', () => {
    expect(bannerHiddenOn('/bereavement/start', ['/bereavement'])).toBe(true);
    expect(bannerHiddenOn('/hub', ['/bereavement'])).toBe(false);
    expect(bannerHiddenOn('/hub', [''])).toBe(false);
  });
});
