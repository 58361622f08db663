import type { JourneyQuestion } from '@meridian/contracts';
import { sessionStore } from '../../lib/session-storage';
import { loadKindField } from './kinds/registry';

/**
 * Fast-forward edit mode, per journey type (spec section 4): after a Change link the member answers
 * the page again and, as soon as their route reaches a page they had answered after it (at once when
 * the answer leads where it did; after the new questions when it opens another branch), jumps back to
 * the summary page (or the contact page, when the change started there) instead of walking the pages
 * they have answered already.
 */
export interface FastForwardState {
  edit: boolean;
  /** The page the Change link opened: its Back link returns to the summary. */
  changedPageKey: string;
  /** Pages answered after the changed one before the change: reaching one ends the edit. */
  answeredPageKeys: string[];
  summaryPageKey: string;
}

const STORE_KEY = 'journeyFastForward';
type Store = Record<string, FastForwardState>;

const read = (): Store => sessionStore.get<Store>(STORE_KEY) ?? {};

export const fastForward = {
  /** Starts edit mode for a journey, from the page a Change link opened. */
  start(journeyType: string, state: Omit<FastForwardState, 'edit'>) {
    sessionStore.set(STORE_KEY, { ...read(), [journeyType]: { ...state, edit: true } });
  },
  get: (journeyType: string): FastForwardState | null => read()[journeyType] ?? null,
  /**
   * Where to go after a page: the summary page when in edit mode and the route has reached
   * a page answered before or the summary (edit mode then ends), else the page it leads to.
   */
  destination(journeyType: string, nextPageKey: string): string {
    const state = read()[journeyType];
    const rejoined =
      state?.edit && (nextPageKey === state.summaryPageKey || state.answeredPageKeys.includes(nextPageKey));
    if (!rejoined) return nextPageKey;
    fastForward.reset(journeyType);
    return state.summaryPageKey;
  },
  /** Where Back leads from a page: the summary from the page a Change link opened, else `previous`. */
  backFrom(journeyType: string, pageKey: string, previous: string | null): string | null {
    const state = read()[journeyType];
    return state?.edit && state.changedPageKey === pageKey ? state.summaryPageKey : previous;
  },
  reset(journeyType: string) {
    const { [journeyType]: _dropped, ...rest } = read();
    sessionStore.set(STORE_KEY, rest);
  },
  resetAll: () => sessionStore.remove(STORE_KEY),
};

/**
 * Where Continue leads: the page the answer leads to, or check your answers when a Change link's edit
 * rejoins pages answered before (fast-forward); but a changed answer that the next page's kind proves
 * (a reporter's new email, proven by a code) goes to that page first, and the edit carries on from there.
 */
export async function destinationAfter(
  journeyType: string,
  nextQuestion: JourneyQuestion | undefined,
  changed: boolean,
  nextPageKey: string,
): Promise<string> {
  const editing = fastForward.get(journeyType)?.edit === true;
  const proves =
    editing && changed && nextQuestion && (await loadKindField(nextQuestion.kind)).provesAnswerBefore;
  return proves ? nextPageKey : fastForward.destination(journeyType, nextPageKey);
}
