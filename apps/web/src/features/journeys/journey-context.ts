import type { JourneyState } from '@meridian/contracts';
import type { AudienceUi } from './audiences';
import type { JourneyDefinitionView } from './journey-api';

/** What every part of a step page reads: the journey's definition, the member's journey, its addresses. */
export interface JourneyContext {
  definition: JourneyDefinitionView;
  journey: JourneyState;
  /** The address of a journey page by its key. */
  slugOf: (pageKey: string) => string;
  /** What the journey's audience adds to its pages (audiences.ts). */
  audience: AudienceUi;
}

/** What a page that sent the member to cancel may pass: where to go once the application is cancelled. */
export interface CancelState {
  returnTo?: string;
}

/** Where the member lands after cancelling, and what it tells them. */
export interface CancelledState {
  cancelled: string;
}
