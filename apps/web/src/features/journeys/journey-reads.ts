import {
  BEREAVEMENT_API_PREFIX,
  BEREAVEMENT_JOURNEY_TYPE,
  type JourneyAudience,
  type JourneyCopy,
  type JourneyState,
  type PageJourney,
} from '@meridian/contracts';
import { http } from '../../lib/api';
import { HttpError } from '../../lib/http/client';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

/*
 * What a journey step reads before it draws, apart from the rest of the journey's calls: the content
 * page's loader starts these reads as soon as it knows the page is a step (preload.ts), so this module
 * is in the first screen's script and imports only what that script has anyway.
 */

export interface JourneyDefinitionView {
  type: string;
  title: string;
  /**
   * `visitor`: walked without signing in, on the visitor API with a short-lived token; `bereavement`:
   * a report of a death, the same way on the bereavement API, started with a captcha.
   */
  audience: JourneyAudience;
  firstPage: string;
  summaryPage: string;
  confirmationPage: string;
  /** The content page the journey starts from, by key: where Back on the first page goes. */
  entryPage: string | null;
  /** Set when the journey starts elsewhere (a retirement quote); else its first page starts it. */
  startsFrom: string | null;
  /** Its first page starts it (Start now): no startsFrom, or a plugin that needs nothing to start. */
  startsAtFirstPage?: boolean;
  stages: Array<{ key: string; label: string }>;
  /** The journey's own words, defaults filled in ("application", "Accept and send"). */
  copy: JourneyCopy;
  /** A formal quote the member may ask for before applying (`submit-case`), if the journey offers one. */
  quoteRequest: { title: string } | null;
  pages: Array<PageJourney & { key: string; slug: string; title: string }>;
}

export const headers = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });
/**
 * Journey types walked as a visitor: their calls go to the visitor API, whose token is a cookie. A
 * report of a death always is, signed in or not (a member may report a relative's death).
 */
export const visitorTypes = new Set<string>([BEREAVEMENT_JOURNEY_TYPE]);
const visitorApi = (type: string) =>
  type === BEREAVEMENT_JOURNEY_TYPE ? BEREAVEMENT_API_PREFIX : '/api/visitor';
export const base = (type: string) =>
  `${visitorTypes.has(type) ? visitorApi(type) : '/mdp-api/api'}/journeys/${encodeURIComponent(type)}`;

/** Sends this journey type's calls to the visitor API (a public journey page, opened without signing in). */
export const walkAsVisitor = (type: string) => void visitorTypes.add(type);

/** Whether this journey type's calls go to a visitor API. */
export const isWalkedAsVisitor = (type: string) => visitorTypes.has(type);

/** The reads a step page makes, each a shared read of the HTTP client (the preload's and the page's are one). */
export const journeyReads = {
  definition: (type: string) => http.get<JourneyDefinitionView>(`${base(type)}/definition`, headers()),
  /** The member's journey, or null when they have not started one. */
  data: (type: string) =>
    http
      .get<JourneyState | null>(`${base(type)}/data`, { ...headers(), nullOn404: true })
      .catch((error: unknown) => {
        // A visitor without a live token (none yet, timed out, cancelled) has no journey under way.
        if (visitorTypes.has(type) && error instanceof HttpError && error.status === 401) return null;
        throw error;
      }),
  /** Where the member should be; null when they have no journey of this type (404). */
  integrity: (type: string, pageKey: string) =>
    http.get<{ redirectStepPageKey: string } | null>(`${base(type)}/integrity/${pageKey}`, {
      ...headers(),
      nullOn404: true,
    }),
  previousStep: (type: string, pageKey: string) =>
    http.get<{ previousPageKey: string } | null>(`${base(type)}/previous-step/${pageKey}`, {
      ...headers(),
      nullOn404: true,
    }),
};
