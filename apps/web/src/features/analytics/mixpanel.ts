import type { OverridedMixpanel } from 'mixpanel-browser';
import type { RuntimeConfig } from '../../lib/config';
import type { Tracker } from './analytics';

type Mixpanel = OverridedMixpanel;
type LoadMixpanel = () => Promise<Mixpanel>;

const loadMixpanelBrowser: LoadMixpanel = async () => (await import('mixpanel-browser')).default;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Mixpanel product analytics. The library is fetched (a separate chunk) on the first start; calls
 * made meanwhile wait for it. Persistence is a secure cookie; nothing it would send on opting in or
 * out (an opt-in event, a profile deletion) is sent.
 */
export function createMixpanelTracker(
  config: NonNullable<RuntimeConfig['mixpanel']>,
  sessionReplayPercent: number,
  loadMixpanel: LoadMixpanel = loadMixpanelBrowser,
): Tracker {
  let ready: Promise<Mixpanel | null> | null = null;

  const initialise = async () => {
    try {
      const mixpanel = await loadMixpanel();
      mixpanel.init(config.token, {
        api_host: config.apiHost,
        persistence: 'cookie',
        secure_cookie: true,
        // The opt-out marker is no cookie: withdrawing consent must not leave an analytics cookie.
        opt_out_tracking_persistence_type: 'localStorage',
        record_sessions_percent: sessionReplayPercent,
        track_pageview: false,
        autocapture: false,
      });
      return mixpanel;
    } catch (error) {
      console.error('Mixpanel initialization error', error);
      return null;
    }
  };

  const withMixpanel = (call: (mixpanel: Mixpanel) => void) => {
    void ready?.then((mixpanel) => {
      if (!mixpanel) return;
      try {
        call(mixpanel);
      } catch (error) {
        console.error('Mixpanel error', error);
      }
    });
  };

  return {
    start() {
      ready ??= initialise();
      withMixpanel((mixpanel) => {
        if (mixpanel.has_opted_out_tracking()) mixpanel.opt_in_tracking({ track: () => undefined });
      });
    },
    stop() {
      withMixpanel((mixpanel) => mixpanel.opt_out_tracking({ delete_user: false }));
      if (sessionReplayPercent > 0) withMixpanel((mixpanel) => mixpanel.stop_session_recording());
    },
    pageView(view) {
      withMixpanel((mixpanel) =>
        mixpanel.track(view.path, {
          Action: 'Page load',
          Path: view.path,
          Title: view.title,
          $referrer: view.referrer ?? undefined,
        }),
      );
    },
    buttonClick(click) {
      withMixpanel((mixpanel) =>
        mixpanel.track(capitalised(click.category), {
          Action: 'Click button',
          Path: click.path,
          Title: click.title,
        }),
      );
    },
    identify({ profile, dimensions }) {
      withMixpanel((mixpanel) => {
        mixpanel.identify(profile.userId);
        mixpanel.register({ ...dimensions });
        mixpanel.people.set({ ...profile });
      });
    },
    reset() {
      withMixpanel((mixpanel) => mixpanel.reset());
    },
  };
}
