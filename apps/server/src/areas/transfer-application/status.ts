import { transferJourneyLockSchema, type TransferApplicationStatus } from '@meridian/contracts';
import type { IsoDate } from '@meridian/pensions';
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

/** The wording flag content tests for an open transfer application whose guarantee has ended. */
export const TRANSFER_GUARANTEE_ENDED_FLAG = 'TransferGuaranteeEnded';

/**
 * The member's open transfer application (started, or at check your answers) is on a value whose
 * guarantee ended before `today`: it cannot be sent until a new statement of entitlement moves it onto a
 * new value (which lifts the flag, the lock then holding the new guarantee). A sent or ended one never.
 */
export function transferGuaranteeEnded(journeys: AccessKeyFacts['journeys'], today: IsoDate): boolean {
  const journey = journeys.find((candidate) => candidate.startsFrom === TRANSFER_STARTS_FROM);
  if (journey?.status !== 'Started') return false;
  const lock = transferJourneyLockSchema.safeParse(journey.locked);
  return lock.success && lock.data.guaranteedUntil < today;
}
