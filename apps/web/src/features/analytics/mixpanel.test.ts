import type { OverridedMixpanel } from 'mixpanel-browser';
import { describe, expect, it, vi } from 'vitest';
import { createMixpanelTracker } from './mixpanel';
import { buildAnalyticsProfile } from './profile';

const config = { token: 'token', apiHost: 'http://localhost:4303' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeMixpanel(optedOut = false) {
  return {
    init: vi.fn(),
    has_opted_out_tracking: vi.fn(() => optedOut),
    opt_in_tracking: vi.fn(),
    opt_out_tracking: vi.fn(),
    stop_session_recording: vi.fn(),
    track: vi.fn(),
    identify: vi.fn(),
    register: vi.fn(),
    reset: vi.fn(),
    people: { set: vi.fn() },
  };
}
const loaderOf = (mixpanel: ReturnType<typeof fakeMixpanel>) =>
  vi.fn(async () => mixpanel as unknown as OverridedMixpanel);

describe('Mixpanel', () => {
  it('is not even fetched before it is started', async () => {
    const load = loaderOf(fakeMixpanel());
    const tracker = createMixpanelTracker(config, 0, load);
    tracker.pageView({ path: '/', title: 'Home', url: 'http://x/', searchKeyword: null, referrer: null });
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('starts with cookie persistence, a secure cookie, the API host and the session-replay percent', async () => {
    const mixpanel = fakeMixpanel();
    const tracker = createMixpanelTracker(config, 5, loaderOf(mixpanel));
    tracker.start();
    await settle();
    expect(mixpanel.init).toHaveBeenCalledWith(
      'token',
      expect.objectContaining({
        api_host: 'http://localhost:4303',
        persistence: 'cookie',
        secure_cookie: true,
        record_sessions_percent: 5,
        track_pageview: false,
      }),
    );
    expect(mixpanel.opt_in_tracking).not.toHaveBeenCalled();
  });

  it('tracks page loads and button clicks with the path and title, identifies and resets', async () => {
    const mixpanel = fakeMixpanel();
    const tracker = createMixpanelTracker(config, 0, loaderOf(mixpanel));
    tracker.start();
    tracker.pageView({
      path: '/help',
      title: 'Help',
      url: 'http://x/help',
      searchKeyword: null,
      referrer: null,
    });
    tracker.buttonClick({ category: 'download pack', path: '/help', title: 'Help' });
    tracker.identify({
      dimensions: {
        businessGroup: 'MER',
        status: 'Active',
        schemeType: 'DB',
        schemeCode: 'MDB',
        categoryCode: 'GEN',
        locationCode: 'UK',
        employerCode: 'MER01',
      },
      profile: buildAnalyticsProfile({ userId: 'MER1000002', hasMultipleRecords: true }),
    });
    tracker.reset();
    await settle();
    expect(mixpanel.track).toHaveBeenCalledWith(
      '/help',
      expect.objectContaining({ Action: 'Page load', Title: 'Help' }),
    );
    expect(mixpanel.track).toHaveBeenCalledWith(
      'Download pack',
      expect.objectContaining({ Action: 'Click button', Path: '/help' }),
    );
    expect(mixpanel.identify).toHaveBeenCalledWith('MER1000002');
    expect(mixpanel.people.set).toHaveBeenCalledWith(
      expect.objectContaining({ hasLinkedRecords: 'yes', income: '' }),
    );
    expect(mixpanel.reset).toHaveBeenCalled();
  });

  it('opts out without deleting the profile, and back in without an opt-in event', async () => {
    const mixpanel = fakeMixpanel(true);
    const tracker = createMixpanelTracker(config, 0, loaderOf(mixpanel));
    tracker.start();
    tracker.stop();
    await settle();
    expect(mixpanel.opt_in_tracking).toHaveBeenCalledWith({ track: expect.any(Function) });
    expect(mixpanel.opt_out_tracking).toHaveBeenCalledWith({ delete_user: false });
  });

  it('logs an initialization error and then does nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tracker = createMixpanelTracker(config, 0, () => Promise.reject(new Error('offline')));
    tracker.start();
    tracker.pageView({ path: '/', title: 'Home', url: 'http://x/', searchKeyword: null, referrer: null });
    await settle();
    expect(error).toHaveBeenCalledWith('Mixpanel initialization error', expect.any(Error));
    error.mockRestore();
  });
});
