import type { JourneyMessage } from '../journeys';

/**
 * A member's words for the transfer application's refusals (areas/transfer-application), which the
 * app's wiring registers with the journey engine's messages. Its checks of a scheme's tax reference
 * (`pstr_invalid`), an adviser's firm (`fca_*`) and a safeguarding reference are not here: the
 * service's own messages say them. Needing advice is the service's message (it names the scheme's
 * threshold) and where to save the application.
 */
export const transferJourneyMessages: Readonly<Record<string, JourneyMessage>> = {
  advice_required: ({ noun }, said) =>
    `${said ?? 'You need advice from an FCA-authorised adviser before you can apply.'} Save your ${noun} and come back when you have it`,
  guarantee_expired:
    'The guarantee on your transfer value has ended, so it cannot be sent on that value. Ask for a new statement of entitlement on Your transfer value (one in 12 months is free, another has a charge): your transfer then goes on the new value',
  transfer_quote_not_found:
    'You need a guaranteed transfer value before you apply to transfer. Ask for one from Your transfer value',
  transfer_application_sent: ({ requests }) =>
    `You have applied to transfer this value already. Follow it in ${requests}`,
};
