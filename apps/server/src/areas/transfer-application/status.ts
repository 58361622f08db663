import type { TransferApplicationStatus } from '@meridian/contracts';
import type { AccessKeyFacts } from '../access-key/access-key-facts';

/** The journey whose plugin locks a transfer quote: the transfer application. */
export const TRANSFER_STARTS_FROM = 'transfer-quote';

/**
 * Whether a member may apply online to transfer: a deferred member of a DB scheme, on a site whose
 * content offers the transfer application.
 */
export const canApplyToTransfer = (
  scheme: { type: string },
  member: { status: string },
  facts: Pick<AccessKeyFacts, 'startsOffered'>,
) =>
  scheme.type === 'DB' && member.status === 'Deferred' && facts.startsOffered.includes(TRANSFER_STARTS_FROM);

/**
 * The transfer application's status (existing-portal e.7) from the member's latest transfer
 * application: sent (SubmittedTA), every question answered and only sending left (SubmitStarted),
 * under way (StartedTA), or refused on a terminal page, to be taken up with the scheme outside the
 * portal (OutsideTA); without one (or after it expired or was cancelled), whether the member can
 * transfer at all: NotStartedTA or UnavailableTA.
 */
export function transferApplicationStatusOf(
  canTransfer: boolean,
  journeys: AccessKeyFacts['journeys'],
): TransferApplicationStatus {
  if (!canTransfer) return 'UnavailableTA';
  const journey = journeys.find((candidate) => candidate.startsFrom === TRANSFER_STARTS_FROM);
  switch (journey?.status) {
    case 'Submitted':
      return 'SubmittedTA';
    case 'Started':
      return journey.atSummary ? 'SubmitStarted' : 'StartedTA';
    case 'Ended':
      return 'OutsideTA';
    default:
      return 'NotStartedTA';
  }
}
