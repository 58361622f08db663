import { describe, expect, it } from 'vitest';
import { createAnalytics, type Tracker } from './analytics';
import { buildAnalyticsProfile } from './profile';

function recordingTracker() {
  const calls: string[] = [];
  const tracker: Tracker = {
    start: () => calls.push('start'),
    stop: () => calls.push('stop'),
    pageView: (view) => calls.push(`page ${view.path}`),
    buttonClick: (click) => calls.push(`click ${click.category}`),
    identify: (member) => calls.push(`identify ${member.profile.userId}`),
    reset: () => calls.push('reset'),
  };
  return { tracker, calls };
}

const page = (path: string) => ({
  path,
  title: 'Title',
  url: `http://x${path}`,
  searchKeyword: null,
  referrer: null,
});
const member = {
  dimensions: {
    businessGroup: 'MER',
    status: 'Active',
    schemeType: 'DB',
    schemeCode: 'MDB',
    categoryCode: 'GEN',
    locationCode: 'UK',
    employerCode: 'MER01',
  },
  profile: buildAnalyticsProfile({ userId: 'MER1000002' }),
};

describe('the consent gate', () => {
  it('loads and sends nothing before consent, or when it is rejected', () => {
    const { tracker, calls } = recordingTracker();
    const analytics = createAnalytics([tracker], []);
    analytics.pageView(page('/'));
    analytics.setConsent(null);
    analytics.setConsent('rejected');
    analytics.pageView(page('/help'));
    analytics.buttonClick({ category: 'Continue', path: '/help', title: 'Help' });
    analytics.identify(member);
    analytics.reset();
    expect(calls).toEqual([]);
    expect(analytics.running).toBe(false);
  });

  it('starts every provider on acceptance and stops them all when consent is withdrawn', () => {
    const first = recordingTracker();
    const second = recordingTracker();
    const analytics = createAnalytics([first.tracker, second.tracker], []);
    analytics.setConsent('accepted');
    analytics.setConsent('accepted');
    analytics.pageView(page('/help'));
    analytics.identify(member);
    analytics.buttonClick({ category: 'Continue', path: '/help', title: 'Help' });
    analytics.setConsent('rejected');
    analytics.pageView(page('/after'));
    analytics.setConsent('accepted');
    analytics.reset();
    const expected = [
      'start',
      'page /help',
      'identify MER1000002',
      'click Continue',
      'stop',
      'start',
      'reset',
    ];
    expect(first.calls).toEqual(expected);
    expect(second.calls).toEqual(expected);
  });

  it('leaves out excluded pages, for page views and button clicks', () => {
    const { tracker, calls } = recordingTracker();
    const analytics = createAnalytics([tracker], ['/sa', '*token=*']);
    analytics.setConsent('accepted');
    analytics.pageView(page('/sa/sign-in/holding'));
    analytics.pageView(page('/deeplink?token=abc'));
    analytics.buttonClick({ category: 'Continue', path: '/sa/register/holding', title: '' });
    analytics.pageView(page('/hub'));
    expect(calls).toEqual(['start', 'page /hub']);
  });
});
