import { describe, expect, it } from 'vitest';
import { isExcludedPath, siteSearchKeyword } from './paths';

describe('site search', () => {
  it('reports q as the keyword on /search and /recherche pages', () => {
    expect(siteSearchKeyword('/search', '?q=tax-free+lump+sum')).toBe('tax-free lump sum');
    expect(siteSearchKeyword('/recherche', '?q=retraite&page=2')).toBe('retraite');
    expect(siteSearchKeyword('/search/help', '?q=pension')).toBe('pension');
  });

  it('is no site search elsewhere, or without a term', () => {
    expect(siteSearchKeyword('/help', '?q=pension')).toBeNull();
    expect(siteSearchKeyword('/search', '')).toBeNull();
    expect(siteSearchKeyword('/search', '?q=%20%20')).toBeNull();
  });
});

describe('excluded paths', () => {
  it('matches a plain pattern as the path and what lies below it', () => {
    expect(isExcludedPath('/sa/sign-in/holding', ['/sa'])).toBe(true);
    expect(isExcludedPath('/sa', ['/sa/'])).toBe(true);
    expect(isExcludedPath('/deeplink?target=x', ['/deeplink'])).toBe(true);
    expect(isExcludedPath('/sample', ['/sa'])).toBe(false);
  });

  it('matches * as any characters, on the path with or without its query', () => {
    expect(isExcludedPath('/journeys/retirement/step-2', ['/journeys/*/step-*'])).toBe(true);
    expect(isExcludedPath('/help?token=abc', ['*token=*'])).toBe(true);
    expect(isExcludedPath('/help', ['*token=*'])).toBe(false);
  });

  it('excludes nothing without patterns and ignores empty ones', () => {
    expect(isExcludedPath('/hub', [])).toBe(false);
    expect(isExcludedPath('/hub', [''])).toBe(false);
  });
});
