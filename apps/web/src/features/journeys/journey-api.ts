import type {
  PendingChange,
  IdentityVerification,
  JourneyCancelled,
  JourneyInProgress,
} from '@meridian/contracts';
import { http } from '../../lib/api';
import { HttpError } from '../../lib/http/client';
import { contentAccessKey } from '../access-key';
import { asActiveRecord } from '../../lib/save-file';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { base, headers, journeyReads, visitorTypes, type JourneyDefinitionView } from './journey-reads';

export { walkAsVisitor, type JourneyDefinitionView } from './journey-reads';

/**
 * Asks for a new content access key once the member's application has changed (started, sent or
 * cancelled): the hub's cards and every page read their status from it, so they show the change at
 * once rather than after the next sign-in.
 */
export const refreshApplicationStatus = () => contentAccessKey({ recalculate: true });

/** A start refused because one is already under way carries on with that one; anything else is thrown. */
function carryOn<T>(error: unknown, withOpenJourney: () => Promise<T>): Promise<T> {
  if (error instanceof HttpError && error.codes.includes('journey_in_progress')) return withOpenJourney();
  throw error;
}

/** The generic journey calls for one journey type. */
export const journeyApi = {
  /** The member's journeys started and not sent, for My requests. */
  inProgress: () =>
    http
      .get<{ journeys: JourneyInProgress[] }>('/mdp-api/api/journeys', headers())
      .then((answer) => answer.journeys),
  /** The member's cancelled journeys, kept as history, for My requests. */
  cancelled: () =>
    http
      .get<{ journeys: JourneyCancelled[] }>('/mdp-api/api/journeys/cancelled', headers())
      .then((answer) => answer.journeys),
  ...journeyReads,
  submitStep: (type: string, currentPageKey: string) =>
    http.post<{ nextPageKey: string }>(`${base(type)}/submit-step`, {
      ...headers(),
      body: { currentPageKey },
    }),
  submitAnswer: (
    type: string,
    answer: { currentPageKey: string; questionKey: string; answerKey: string; answerValue?: string },
  ) =>
    http.post<{ nextPageKey: string }>(`${base(type)}/submit-question-step`, { ...headers(), body: answer }),
  saveCheckboxes: (
    type: string,
    pageKey: string,
    listKey: string,
    ticked: Array<{ key: string; answerValue: boolean }>,
  ) =>
    http.post<void>(`${base(type)}/page/${pageKey}/checkboxesLists`, {
      ...headers(),
      body: { checkboxesListKey: listKey, checkboxes: ticked },
    }),
  /**
   * Starts one; one already under way (started in another tab, or a second click) is carried on with,
   * and a visitor's is kept for its full time again (answering its expiry as a start does). A report
   * of a death starts with the captcha's solution.
   */
  start: (type: string, currentPageKey: string, captcha?: string) =>
    visitorTypes.has(type)
      ? http
          .post<{ expiresAt: string }>(`${base(type)}/start`, captcha ? { body: { captcha } } : {})
          .catch((error: unknown) => carryOn(error, () => journeyApi.keepAlive(type)))
      : http
          .post<void>(`${base(type)}/start`, { ...headers(), body: { currentPageKey } })
          .catch((error: unknown) => carryOn(error, async () => undefined)),
  /** Keeps a visitor's journey for its full time again; answers the new expiry. */
  keepAlive: (type: string) => http.post<{ expiresAt: string }>(`${base(type)}/keep-alive`),
  /** Sends the application; a new bank account in it needs the step-up code (`step_up_required` without). */
  submit: (type: string, stepUp?: { nonce: string; code: string }) =>
    http.post<{ caseNumber: string }>(`${base(type)}/submit`, {
      headers: {
        ...activeRecordHeaders(singleAuthData.read()),
        ...(stepUp ? { 'x-confirmation-nonce': stepUp.nonce } : {}),
      },
      ...(stepUp ? { body: { code: stepUp.code } } : {}),
    }),
  /** A code to confirm the bank account the application gives, to a contact route not changed lately. */
  sendBankCode: (type: string) =>
    http.post<PendingChange>(`${base(type)}/bank-account/confirmation/send`, headers()),
  /** Cancels an unsubmitted journey: it is kept as cancelled, and a new one can start. */
  cancel: (type: string) => http.delete<void>(`${base(type)}/delete`, headers()),
  /** The submitted application's PDF, naming the active record: the link carries no record headers. */
  pdfUrl: (type: string) =>
    visitorTypes.has(type) ? `${base(type)}/pdf/download` : asActiveRecord(`${base(type)}/pdf/download`),
};

/** The member's identity check (photo ID, or a provider by the server's configuration). */
export const identityApi = {
  status: () => http.get<IdentityVerification>('/mdp-api/api/identity-verification', headers()),
  start: (fileUuid?: string) =>
    http.post<IdentityVerification>('/mdp-api/api/identity-verification', {
      ...headers(),
      body: fileUuid ? { fileUuid } : {},
    }),
};

/** Whether the journey's first page starts it (else it is started elsewhere, from a chosen quote). */
export const startsAtFirstPage = (
  definition: Pick<JourneyDefinitionView, 'startsFrom' | 'startsAtFirstPage'>,
) => definition.startsAtFirstPage ?? !definition.startsFrom;
