import { registerAudience, registerJourneyMessages } from '../features/journeys';
import { retirementJourneyMessages } from '../features/retirement/journey-messages';
import { transferJourneyMessages } from '../features/transfer-value/journey-messages';

/**
 * Each journey audience's part of the engine's pages (features/journeys/audiences.ts), from the
 * feature that owns it, in a chunk loaded only when a journey of that audience opens; and each
 * journey's feature's words for its own refusals (features/journeys/messages.ts), which `messageFor`
 * reads wherever a member meets them.
 */
export function registerJourneyFeatures() {
  registerAudience('bereavement', () =>
    import('../features/bereavement').then((feature) => feature.bereavementAudience),
  );
  registerJourneyMessages(retirementJourneyMessages);
  registerJourneyMessages(transferJourneyMessages);
}
