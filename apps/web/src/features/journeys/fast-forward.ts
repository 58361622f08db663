import { sessionStore } from '../../lib/session-storage';

/**
 * Fast-forward edit mode, per journey type (spec section 4): after a Change link the member answers
 * the page again and, when it leads to the page it led to before, jumps back to the summary page (or
 * the contact page, when the change started there) instead of walking the pages in between.
 */
export interface FastForwardState {
  edit: boolean;
  nextPageKey: string;
  summaryPageKey: string;
  contactPageKey: string | null;
}

const STORE_KEY = 'journeyFastForward';
type Store = Record<string, FastForwardState>;

const read = (): Store => sessionStore.get<Store>(STORE_KEY) ?? {};

export const fastForward = {
  /** Starts edit mode for a journey: the changed page led to `nextPageKey`. */
  start(journeyType: string, state: Omit<FastForwardState, 'edit'>) {
    sessionStore.set(STORE_KEY, { ...read(), [journeyType]: { ...state, edit: true } });
  },
  get: (journeyType: string): FastForwardState | null => read()[journeyType] ?? null,
  /**
   * Where to go after a page: the contact or summary page when in edit mode and the page led where it
   * did before (edit mode then ends), else the page it leads to.
   */
  destination(journeyType: string, nextPageKey: string): string {
    const state = read()[journeyType];
    if (!state?.edit || state.nextPageKey !== nextPageKey) return nextPageKey;
    fastForward.reset(journeyType);
    return state.contactPageKey ?? state.summaryPageKey;
  },
  reset(journeyType: string) {
    const { [journeyType]: _dropped, ...rest } = read();
    sessionStore.set(STORE_KEY, rest);
  },
  resetAll: () => sessionStore.remove(STORE_KEY),
};
