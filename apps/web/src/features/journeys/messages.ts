import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';
import { defaultWording, type JourneyWording } from './wording';

/**
 * A member's words for an error code, fixed or in the journey's own words (its noun, My requests); a
 * function may build on the service's own message for the refusal (`said`).
 */
export type JourneyMessage = string | ((wording: JourneyWording, said: string | undefined) => string);

/** What a member reads for each of the engine's own error codes, in the journey's own words. */
const engineMessages: Readonly<Record<string, JourneyMessage>> = {
  answer_required: 'Answer the question to continue',
  answer_not_an_option: 'Choose one of the answers given',
  invalid_date: 'Enter a real date, for example 27 3 2026',
  date_in_future: 'The date must be today or in the past',
  date_in_past: 'The date must be today or in the future',
  date_too_early: 'The date is earlier than this question allows. Check the year',
  answer_too_long: 'Your answer is too long',
  answer_has_html: 'Your answer must not contain < or >',
  invalid_bank_account: 'Enter the name on the account, a 6-digit sort code and an 8-digit account number',
  bank_account_modulus_check_failed:
    'The sort code and account number do not match. Check them against your bank statement',
  bank_account_name_mismatch:
    'The name on the account must include your surname. We can only pay into an account in your name',
  invalid_phone_number: 'Enter a phone number in the correct format, like 07911 123456',
  declarations_incomplete: 'Tick every statement to continue',
  page_not_reachable: 'Answer the earlier questions first',
  journey_expired: ({ noun }) => `Your ${noun} has expired: it was not sent in time. Start a new one`,
  journey_submitted: ({ noun }) => `You have already sent this ${noun}`,
  journey_incomplete: ({ noun }) => `Answer every question before you send your ${noun}`,
  journey_not_open: ({ noun }) => `Sending this ${noun} online is not open to you yet`,
  identity_not_provided: 'Send a photo of your passport or driving licence before you continue',
  invalid_money_amount: 'Enter an amount of £0 or more in pounds, like 1500 or 1500.50',
  file_not_found: 'We could not find the file you uploaded. Upload it again',
  address_required: 'Give your postal address before you continue',
  journey_not_found:
    'There is nothing under way here: it was sent or cancelled. Start a new one from where you began',
  no_stable_contact_route: ({ noun }) =>
    `Your contact details changed recently, so we cannot send you a code safely. Call us to send this ${noun}`,
  bank_change_pending:
    'You already have a change to your bank details waiting. Cancel it in Your details, or call us',
  journey_ended: ({ noun }) => `This ${noun} has ended. Start a new one if you still need to send it`,
  CONFIRMATION_TOKEN_INVALID_ERROR: 'The code is not right. Check the message we sent you and try again',
};

const registered = new Map<string, JourneyMessage>();

const ourMessage = (code: string) =>
  Object.hasOwn(engineMessages, code) ? engineMessages[code] : registered.get(code);

/**
 * Registers a journey's feature's words for its own codes (its plugin's refusals), by the app's wiring
 * (`app/journey-audiences.ts`), where the service's message is not already the member's words. A code
 * the engine words, or one registered already in other words, is refused: one code, one message.
 */
export function registerJourneyMessages(messages: Readonly<Record<string, JourneyMessage>>) {
  for (const [code, message] of Object.entries(messages)) {
    const known = ourMessage(code);
    if (known !== undefined && known !== message)
      throw new Error(`The journey error code ${code} has a message already`);
    registered.set(code, message);
  }
}

/**
 * The member's words for a failure: ours for a code we know (the engine's or a registered one), in the
 * journey's wording (`useJourneyWording` on its pages; the defaults elsewhere); else, for a refusal
 * (4xx), the service's own message (a journey's content and plugins word their checks for the
 * member); else a general failure.
 */
export const messageFor = (error: unknown, wording: JourneyWording = defaultWording): string => {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  const refusal =
    error instanceof HttpError && error.status >= 400 && error.status < 500 ? error.messages[0] : undefined;
  const ours = code ? ourMessage(code) : undefined;
  return (
    (typeof ours === 'function' ? ours(wording, refusal) : ours) ||
    serviceProblem(error) ||
    refusal ||
    'Sorry, something went wrong. Try again.'
  );
};
