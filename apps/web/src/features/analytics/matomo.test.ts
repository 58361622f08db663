import { beforeEach, describe, expect, it } from 'vitest';
import { createMatomoTracker, joinUrl } from './matomo';
import { buildAnalyticsProfile } from './profile';

const config = {
  url: 'https://stats.example.org/',
  scriptFile: 'matomo.js',
  serverSideFile: 'matomo.php',
  siteId: '3',
};
const trackerScripts = () =>
  document.head.querySelectorAll('script[src="https://stats.example.org/matomo.js"]');

beforeEach(() => {
  delete window._paq;
  document.head.innerHTML = '';
});

describe('Matomo', () => {
  it('joins the tracker URL and file names with one slash', () => {
    expect(joinUrl('https://stats.example.org/', '/matomo.php')).toBe('https://stats.example.org/matomo.php');
    expect(joinUrl('https://example.org/matomo', 'js/tracker.js')).toBe(
      'https://example.org/matomo/js/tracker.js',
    );
  });

  it('queues nothing and loads no script until started', () => {
    createMatomoTracker(config);
    expect(window._paq).toBeUndefined();
    expect(trackerScripts()).toHaveLength(0);
  });

  it('loads the tracker once with cookies disabled, secure cookies and link tracking, and consent in memory', () => {
    const matomo = createMatomoTracker(config);
    matomo.start();
    matomo.stop();
    matomo.start();
    expect(trackerScripts()).toHaveLength(1);
    expect(window._paq).toEqual([
      ['requireConsent'],
      ['setTrackerUrl', 'https://stats.example.org/matomo.php'],
      ['setSiteId', '3'],
      ['setSecureCookie', true],
      ['disableCookies'],
      ['enableLinkTracking'],
      ['setConsentGiven', false],
      ['requireConsent'],
      ['setConsentGiven', false],
    ]);
  });

  it('sends page views with the URL and title, site searches with their keyword, and button events', () => {
    const matomo = createMatomoTracker(config);
    matomo.start();
    window._paq = [];
    const view = {
      path: '/help',
      title: 'Help - Meridian',
      url: 'http://localhost/help',
      searchKeyword: null,
      referrer: null,
    };
    matomo.pageView(view);
    matomo.pageView({
      ...view,
      url: 'http://localhost/search?q=tax',
      searchKeyword: 'tax',
      referrer: 'http://localhost/help',
    });
    matomo.buttonClick({ category: 'start retirement', path: '/help', title: 'Help' });
    expect(window._paq).toEqual([
      ['setCustomUrl', 'http://localhost/help'],
      ['setDocumentTitle', 'Help - Meridian'],
      ['trackPageView'],
      ['setReferrerUrl', 'http://localhost/help'],
      ['setCustomUrl', 'http://localhost/search?q=tax'],
      ['setDocumentTitle', 'Help - Meridian'],
      ['trackSiteSearch', 'tax', false, false],
      ['trackEvent', 'start retirement', 'click button'],
    ]);
  });

  it('sets custom dimensions 1 to 7 in the spec’s order, and deletes them on reset', () => {
    const matomo = createMatomoTracker(config);
    window._paq = [];
    matomo.identify({
      dimensions: {
        businessGroup: 'MER',
        status: 'Deferred',
        schemeType: 'DB',
        schemeCode: 'MDB',
        categoryCode: 'GEN',
        locationCode: 'UK',
        employerCode: 'MER01',
      },
      profile: buildAnalyticsProfile({}),
    });
    expect(window._paq.map((command) => command.slice(1))).toEqual([
      [1, 'MER'],
      [2, 'Deferred'],
      [3, 'DB'],
      [4, 'MDB'],
      [5, 'GEN'],
      [6, 'UK'],
      [7, 'MER01'],
    ]);
    window._paq = [];
    matomo.reset();
    expect(window._paq).toContainEqual(['deleteCustomDimension', 7]);
  });
});
