import { createContext, useContext } from 'react';

/**
 * The words the engine's pages and messages use for a journey: what the member sends (the journey's
 * `copy.noun`: "application", "switch", "report") and what the tenant's menu calls My requests.
 */
export interface JourneyWording {
  noun: string;
  /** As the tenant's menu says it (Meridian's "My requests", Bluewater's "Your requests"). */
  requests: string;
}

/** Outside a journey's pages, or before its definition is read: the defaults of `journeyCopyOf`. */
export const defaultWording: JourneyWording = { noun: 'application', requests: 'your requests' };

/** The wording of the journey whose page this is (JourneyStepPage provides it). */
export const JourneyWordingContext = createContext<JourneyWording>(defaultWording);

/** The journey's wording, for a part of its page that words a message (a form, a kind's field). */
export const useJourneyWording = () => useContext(JourneyWordingContext);
