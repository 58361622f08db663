import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';
import { defaultWording, type JourneyWording } from './wording';

/**
 * What a member reads for each journey error code, in the journey's own words (its noun, the tenant's
 * name for My requests); anything else is a general failure.
 */
const messages: Record<string, string | ((wording: JourneyWording) => string)> = {
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
  retirement_date_outside_window: 'Choose a date inside the range shown',
  retirement_date_not_open:
    'You can apply online up to 6 months before your retirement date. Choose a nearer date',
  retirement_date_in_past: 'The retirement date must be in the future',
  retirement_date_before_earliest: 'The date is before the earliest date you can retire',
  retirement_date_after_latest: 'The date is after the latest date you can retire',
  below_minimum_pension_age: 'You will be under the minimum pension age on that date',
  lump_sum_out_of_range: 'Enter an amount between the minimum and the maximum shown',
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
  // The transfer application's refusals (areas/transfer-application, its content's checks).
  pstr_invalid: 'Enter the scheme’s pension scheme tax reference as 8 digits and 2 letters, like 12345678RA',
  fca_reference_invalid: 'Enter the firm reference number as 6 or 7 digits, as the FCA register shows it',
  fca_firm_not_authorised:
    'We cannot find that firm reference number on the FCA register. Check it with your adviser',
  advice_required: ({ noun }) =>
    `Your transfer value is over £30,000, so you need advice from an FCA-authorised adviser before you can apply. Save your ${noun} and come back when you have it`,
  safeguarding_reference_required:
    'Give the reference of your MoneyHelper pension safeguarding appointment before you send this',
  guarantee_expired:
    'The guarantee on your transfer value has ended, so it cannot be sent on that value. Ask for a new statement of entitlement on Your transfer value (one in 12 months is free, another has a charge): your transfer then goes on the new value',
  transfer_quote_not_found:
    'You need a guaranteed transfer value before you apply to transfer. Ask for one from Your transfer value',
  transfer_application_sent: ({ requests }) =>
    `You have applied to transfer this value already. Follow it in ${requests}`,
  journey_ended: ({ noun }) => `This ${noun} has ended. Start a new one if you still need to send it`,
  CONFIRMATION_TOKEN_INVALID_ERROR: 'The code is not right. Check the message we sent you and try again',
};

/**
 * The member's words for a failure: ours for a code we know, in the journey's wording (`useJourneyWording`
 * on its pages; the defaults elsewhere); else, for a refusal (4xx), the service's own message (a
 * journey's content and plugins word their checks for the member); else a general failure.
 */
export const messageFor = (error: unknown, wording: JourneyWording = defaultWording): string => {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  const refusal =
    error instanceof HttpError && error.status >= 400 && error.status < 500 ? error.messages[0] : undefined;
  const ours = code && Object.hasOwn(messages, code) ? messages[code] : undefined;
  return (
    (typeof ours === 'function' ? ours(wording) : ours) ||
    serviceProblem(error) ||
    refusal ||
    'Sorry, something went wrong. Try again.'
  );
};
