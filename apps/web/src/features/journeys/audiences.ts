import type { ComponentType, ReactNode } from 'react';
import type { JourneyAudience, JourneyState } from '@meridian/contracts';
import type { AddressSearch } from '../../components/address-search';
import type { JourneyDefinitionView } from './journey-reads';

/** A check drawn above Start now (a captcha): what it solved goes with the start. */
export interface StartCheck {
  /** The check's element id, where the error summary's link goes. */
  field: string;
  /** What the summary says when Start is pressed before the check is done. */
  missing: string;
  Component: ComponentType<{
    /** The payload to send with the start, or null while there is none (not done, expired). */
    onSolved: (payload: string | null) => void;
    /** The check could not be shown: the page says so. */
    onUnavailable: (message: string) => void;
    error?: string;
  }>;
}

/** What an audience's confirmation page shows when it is opened again after the journey's token lapsed. */
export interface AfterLapseProps {
  definition: JourneyDefinitionView;
  heading: string;
  /** The journey's first page, where a new one starts. */
  firstSlug: string;
  /** The confirmation page's own blocks. */
  children: ReactNode;
}

/**
 * What an audience adds to the engine's pages (docs/journeys.md#audiences). The engine knows none of
 * them: the app's wiring registers each audience's part, whose feature fills it, and a step loads it
 * (as a chunk of its own) with the journey's definition. Every part is optional; a member's journey
 * has none.
 */
export interface AudienceUi {
  startCheck?: StartCheck;
  /** Below the confirmation's blocks (a report's further documents). */
  ConfirmationExtras?: ComponentType<{ definition: JourneyDefinitionView; journey: JourneyState }>;
  /** The confirmation opened with no journey to read: shown instead of the way to start. */
  AfterLapse?: ComponentType<AfterLapseProps>;
  /** How long before a visitor's journey times out its warning opens, in seconds (else five minutes). */
  warningSeconds?: number;
  /** Drawn on the journey's pages while it is under way (a warning as the visitor leaves them). */
  WhileUnderWay?: ComponentType<{ live: boolean; journeyPath: string }>;
  /** The address lookup its questions use, instead of the member's. */
  addressSearch?: (type: string) => AddressSearch;
}

const loaders = new Map<JourneyAudience, () => Promise<AudienceUi>>();
const loaded = new Map<JourneyAudience, Promise<AudienceUi>>();
const none: AudienceUi = {};

/** Registers an audience's part of the pages (by the app's wiring), loaded the first time a step needs it. */
export function registerAudience(audience: JourneyAudience, load: () => Promise<AudienceUi>) {
  loaders.set(audience, load);
  loaded.delete(audience);
}

/** The audience's part of the pages, once loaded; nothing for an audience none is registered for. */
export function loadAudience(audience: JourneyAudience): Promise<AudienceUi> {
  const known = loaded.get(audience);
  if (known) return known;
  const load = loaders.get(audience);
  if (!load) return Promise.resolve(none);
  const loading = load();
  loaded.set(audience, loading);
  // A chunk that failed to load is asked for again by the next step, not remembered as failed.
  loading.catch(() => loaded.delete(audience));
  return loading;
}
