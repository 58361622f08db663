import { z } from 'zod';
import { isValid as isValidPostcode, toNormalised as normalisedPostcode } from 'postcode';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { parsePhoneNumberFromString as parseWithMobileTypes } from 'libphonenumber-js/mobile';
import { safeString } from './input-policy';
import { hiddenCharacterProblem } from './hidden-characters';

/**
 * The forms of Your details, one schema per form: the web checks a form with it before sending, the
 * server checks the request with the same schema. Messages follow the GOV.UK error message style.
 */

const markupPattern = /<\s*[a-z!/?]|&#?[a-z0-9]+;/i;

/** A single-line text field: trimmed, length-limited, under the input policy and never holding markup. */
export const plainText = (label: string, max: number) =>
  safeString()
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be ${max} characters or fewer`)
    .refine(
      (value) => !markupPattern.test(value),
      `${label[0]!.toUpperCase()}${label.slice(1)} must not contain < or HTML`,
    );

// ---- Email and mobile ------------------------------------------------------------------------------

export const emailChangeSchema = z.object({
  email: safeString()
    .trim()
    .toLowerCase()
    .max(100, 'Email address must be 100 characters or fewer')
    .pipe(z.email('Enter an email address in the correct format, like name@example.com')),
});
export type EmailChange = z.input<typeof emailChangeSchema>;

/**
 * A phone number as typed, with the country it is dialled from; the server keeps it as E.164. `what`
 * names the number in the error messages, with an example of one. It starts with a digit or `+` and
 * holds only digits, spaces, brackets, dots and hyphens: anything else is refused, never cleaned away.
 */
const dialledNumberSchema = (what: string, example: string) =>
  z
    .object({
      countryCode: z.string().regex(/^[A-Z]{2}$/, 'Select a country'),
      number: safeString()
        .trim()
        .min(1, `Enter a ${what}`)
        .max(20, `Enter a ${what} in the correct format`)
        .regex(
          /^[+\d][\d\s().-]*$/,
          `Enter a ${what} using only numbers, starting with a number or +, like ${example}`,
        ),
    })
    .refine(
      (value) =>
        !/^[+\d][\d\s().-]*$/.test(value.number) ||
        (parsePhoneNumberFromString(value.number, value.countryCode as CountryCode)?.isValid() ?? false),
      { message: `Enter a ${what} in the correct format, like ${example}`, path: ['number'] },
    );

/**
 * A number that can take a text, judged by the number as parsed (its own country code, when it gives
 * one), not the country picked: a mobile by libphonenumber's number types. So a UK personal number (070)
 * or pager (076) is refused, and an Isle of Man, Jersey or Guernsey mobile (07624…) is taken under +44.
 */
const canTakeText = ({ countryCode, number }: { countryCode: string; number: string }) => {
  const parsed = parsePhoneNumberFromString(number, countryCode as CountryCode);
  // A number that does not parse is reported once, by the format check.
  if (!parsed?.isValid()) return true;
  return parseWithMobileTypes(parsed.number)?.isValid() ?? false;
};

/** A mobile number (My details): the one-time codes go to it by text. */
export const mobileChangeSchema = dialledNumberSchema('mobile phone number', '07911 123456').refine(
  canTakeText,
  { message: 'Enter a mobile number that can receive text messages, like 07911 123456', path: ['number'] },
);
export type MobileChange = z.input<typeof mobileChangeSchema>;

/** Any phone number, landline or mobile (a journey's phone question). */
export const phoneNumberSchema = dialledNumberSchema('phone number', '020 7946 0001');

/** The number in international format (+447911123456), or null when it does not parse. */
export function internationalNumber(change: MobileChange): string | null {
  const parsed = parsePhoneNumberFromString(change.number, change.countryCode as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The number as a member reads it: dialled from the UK, in national format (07911 123456); from
 * elsewhere, in international format (+33 6 12 34 56 78); null when it does not parse.
 */
export function readableNumber(change: MobileChange): string | null {
  const parsed = parsePhoneNumberFromString(change.number, change.countryCode as CountryCode);
  if (!parsed?.isValid()) return null;
  return change.countryCode === 'GB' ? parsed.formatNational() : parsed.formatInternational();
}

export const confirmCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** What a client holds while a code is out: the nonce to echo, and when the code dies or can be resent. */
export const pendingCodeSchema = z.object({
  nonce: z.string(),
  expiresAt: z.string(),
  resendAvailableAt: z.string(),
  attemptsLeft: z.number().int(),
  /** Where the code went, masked (m•••@example.org, •••• 3456). */
  sentTo: z.string(),
});
export type PendingCode = z.infer<typeof pendingCodeSchema>;

export const notificationSettingsSchema = z
  .object({ email: z.boolean(), sms: z.boolean(), post: z.boolean() })
  .refine((value) => value.email || value.sms || value.post, {
    message: 'Select at least one way for us to contact you',
    path: ['email'],
  })
  .refine((value) => !(value.post && (value.email || value.sms)), {
    message: 'Post only cannot be combined with email or text message',
    path: ['post'],
  });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * The settings of a member who has stored none: post only. Paper is the safe default under the
 * disclosure rules; email (or text) only when the member chose it.
 */
export const defaultNotificationSettings: NotificationSettings = Object.freeze({
  email: false,
  sms: false,
  post: true,
});

// ---- Address ----------------------------------------------------------------------------------------

/** An address field, printed on letters: plain text with no control or direction-changing character. */
const addressText = (label: string, max: number) =>
  plainText(label, max).superRefine((value, context) => {
    const problem = hiddenCharacterProblem(value);
    if (problem)
      context.addIssue({ code: 'custom', message: `${label[0]!.toUpperCase()}${label.slice(1)} ${problem}` });
  });
const optionalAddressText = (label: string, max: number) =>
  z.union([z.literal('').transform(() => undefined), addressText(label, max)]).optional();

export const addressSchema = z
  .object({
    lines: z
      .array(optionalAddressText('the address line', 50))
      .min(1)
      .max(4, 'Enter at most 4 address lines')
      .transform((lines) => lines.filter((line): line is string => Boolean(line)))
      .refine((lines) => lines.length > 0, 'Enter the first line of the address'),
    town: addressText('the town or city', 50),
    county: optionalAddressText('the county', 50),
    postcode: safeString().trim().max(10, 'Enter a real postcode').default(''),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'Select a country'),
  })
  .superRefine((value, context) => {
    if (value.countryCode === 'GB' && !isValidPostcode(value.postcode)) {
      context.addIssue({
        code: 'custom',
        message: 'Enter a real UK postcode, like SW1A 2AA',
        path: ['postcode'],
      });
    }
    if (value.countryCode !== 'GB' && markupPattern.test(value.postcode)) {
      context.addIssue({
        code: 'custom',
        message: 'Postcode must not contain < or HTML',
        path: ['postcode'],
      });
    }
    const hidden = value.countryCode !== 'GB' && hiddenCharacterProblem(value.postcode);
    if (hidden) context.addIssue({ code: 'custom', message: `Postcode ${hidden}`, path: ['postcode'] });
  })
  .transform((value) => ({
    ...value,
    postcode: value.countryCode === 'GB' ? normalisedPostcode(value.postcode)! : value.postcode.toUpperCase(),
  }));
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

export const addressSuggestionSchema = z.object({
  id: z.string(),
  kind: z.enum(['Address', 'Container']),
  text: z.string(),
  description: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });

// ---- Bank accounts ----------------------------------------------------------------------------------

const accountName = plainText('the name on the account', 40).refine(
  (value) => /^[\p{L}\p{M} .'&-]+$/u.test(value),
  'Name on the account must only include letters, spaces, hyphens, apostrophes, full stops and &',
);

export const ukBankAccountFormSchema = z.object({
  accountName,
  sortCode: safeString()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter a valid sort code like 30-94-66')),
  accountNumber: safeString()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, 'Enter a valid account number like 00733445')),
});
export type UkBankAccountFormInput = z.input<typeof ukBankAccountFormSchema>;

/**
 * Where an IBAN account may be held and the currency paid into it: every country of the SEPA scheme
 * (the EPC's list: the EU and EEA, Switzerland, the UK, Andorra, Monaco, San Marino, Vatican City,
 * Albania, Moldova, Montenegro and North Macedonia), in its own currency, sorted by country name.
 */
export const bankCountriesAndCurrencies = [
  { countryCode: 'AL', countryName: 'Albania', currencyCode: 'ALL', currencyName: 'Albanian lek' },
  { countryCode: 'AD', countryName: 'Andorra', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'AT', countryName: 'Austria', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'BE', countryName: 'Belgium', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'BG', countryName: 'Bulgaria', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'HR', countryName: 'Croatia', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'CY', countryName: 'Cyprus', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'CZ', countryName: 'Czechia', currencyCode: 'CZK', currencyName: 'Czech koruna' },
  { countryCode: 'DK', countryName: 'Denmark', currencyCode: 'DKK', currencyName: 'Danish krone' },
  { countryCode: 'EE', countryName: 'Estonia', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'FI', countryName: 'Finland', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'FR', countryName: 'France', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'DE', countryName: 'Germany', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'GR', countryName: 'Greece', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'HU', countryName: 'Hungary', currencyCode: 'HUF', currencyName: 'Hungarian forint' },
  { countryCode: 'IS', countryName: 'Iceland', currencyCode: 'ISK', currencyName: 'Icelandic króna' },
  { countryCode: 'IE', countryName: 'Ireland', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'IT', countryName: 'Italy', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'LV', countryName: 'Latvia', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'LI', countryName: 'Liechtenstein', currencyCode: 'CHF', currencyName: 'Swiss franc' },
  { countryCode: 'LT', countryName: 'Lithuania', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'LU', countryName: 'Luxembourg', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'MT', countryName: 'Malta', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'MD', countryName: 'Moldova', currencyCode: 'MDL', currencyName: 'Moldovan leu' },
  { countryCode: 'MC', countryName: 'Monaco', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'ME', countryName: 'Montenegro', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'NL', countryName: 'Netherlands', currencyCode: 'EUR', currencyName: 'Euro' },
  {
    countryCode: 'MK',
    countryName: 'North Macedonia',
    currencyCode: 'MKD',
    currencyName: 'Macedonian denar',
  },
  { countryCode: 'NO', countryName: 'Norway', currencyCode: 'NOK', currencyName: 'Norwegian krone' },
  { countryCode: 'PL', countryName: 'Poland', currencyCode: 'PLN', currencyName: 'Polish zloty' },
  { countryCode: 'PT', countryName: 'Portugal', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'RO', countryName: 'Romania', currencyCode: 'RON', currencyName: 'Romanian leu' },
  { countryCode: 'SM', countryName: 'San Marino', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'SK', countryName: 'Slovakia', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'SI', countryName: 'Slovenia', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'ES', countryName: 'Spain', currencyCode: 'EUR', currencyName: 'Euro' },
  { countryCode: 'SE', countryName: 'Sweden', currencyCode: 'SEK', currencyName: 'Swedish krona' },
  { countryCode: 'CH', countryName: 'Switzerland', currencyCode: 'CHF', currencyName: 'Swiss franc' },
  { countryCode: 'GB', countryName: 'United Kingdom', currencyCode: 'GBP', currencyName: 'Pound sterling' },
  { countryCode: 'VA', countryName: 'Vatican City', currencyCode: 'EUR', currencyName: 'Euro' },
] as const;

export const ibanBankAccountFormSchema = z
  .object({
    accountName,
    iban: safeString()
      .max(42, 'Enter a valid IBAN')
      .transform((value) => electronicFormatIBAN(value) ?? '')
      .pipe(
        z
          .string()
          .refine((value) => isValidIBAN(value), 'Enter a valid IBAN, like DE89 3704 0044 0532 0130 00'),
      ),
    bic: safeString()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .refine((value) => isValidBIC(value), 'Enter a valid BIC (SWIFT code) of 8 or 11 characters'),
      ),
    bankCountryCode: z.string().regex(/^[A-Z]{2}$/, 'Select the country of the bank'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Select the currency'),
  })
  .superRefine((value, context) => {
    const offered = bankCountriesAndCurrencies.find((entry) => entry.countryCode === value.bankCountryCode);
    if (!offered) {
      context.addIssue({
        code: 'custom',
        message: 'We cannot pay into a bank in this country',
        path: ['bankCountryCode'],
      });
      return;
    }
    if (offered.currencyCode !== value.currency) {
      context.addIssue({
        code: 'custom',
        message: `Select ${offered.currencyName}, the currency we pay in ${offered.countryName}`,
        path: ['currency'],
      });
    }
    if (value.iban && !value.iban.startsWith(value.bankCountryCode)) {
      context.addIssue({
        code: 'custom',
        message: `Enter an IBAN of a bank in ${offered.countryName}`,
        path: ['iban'],
      });
    }
    if (value.bic.length >= 6 && value.bic.slice(4, 6) !== value.bankCountryCode) {
      context.addIssue({
        code: 'custom',
        message: `Enter the BIC of a bank in ${offered.countryName}`,
        path: ['bic'],
      });
    }
  });
export type IbanBankAccountFormInput = z.input<typeof ibanBankAccountFormSchema>;

/** What the confirmation screen shows: the account as it will be saved, numbers masked to their last 4. */
export const maskedBankAccountSchema = z.object({
  kind: z.enum(['uk', 'iban']),
  accountName: z.string(),
  sortCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankCountryCode: z.string(),
  currency: z.string(),
});
export type MaskedBankAccount = z.infer<typeof maskedBankAccountSchema>;

/**
 * Submit sends the same account again, with the code sent for it (and the nonce header from send), or
 * without a code when the session has a fresh step-up (a passkey, the authenticator app, a step-up code).
 */
export const bankSubmitSchema = <T extends z.ZodType>(account: T) =>
  z.intersection(account, confirmCodeSchema.partial());

// ---- Contact us -------------------------------------------------------------------------------------

/**
 * A path on this site as the browser shows it: one `/` first, then no `//` (a browser reads `//host`
 * as another site), no backslash (read as `/`), no scheme, no space or markup, nothing hidden.
 */
export const sitePathSchema = safeString()
  .max(300)
  .regex(/^\/(?:[^\s<>\\/]+\/)*[^\s<>\\/]*$/, 'a path on this site, starting with a single /')
  .refine((value) => !hiddenCharacterProblem(value), 'a path on this site, starting with a single /');

export const telephoneIntentSchema = z.object({
  pageUrl: sitePathSchema,
  journeyType: safeString()
    .regex(/^[a-z][a-z0-9_-]{1,40}$/)
    .optional(),
  stage: safeString()
    .regex(/^[a-z0-9_-]{1,60}$/i)
    .optional(),
});
export type TelephoneIntent = z.infer<typeof telephoneIntentSchema>;

// ---- Member data --------------------------------------------------------------------------------------

export const membershipSummarySchema = z.object({
  referenceNumber: z.string(),
  membershipNumber: z.string().nullable(),
  payrollNumber: z.string().nullable(),
  schemeName: z.string(),
  schemeType: z.enum(['DB', 'DC']),
  category: z.string(),
  status: z.string(),
  dateJoinedCompany: z.string().nullable(),
  dateJoinedScheme: z.string().nullable(),
  dateLeftScheme: z.string().nullable(),
  dateRetired: z.string().nullable(),
  pensionableService: z.object({ years: z.number().int(), months: z.number().int() }).nullable(),
  normalRetirementAge: z.number().nullable(),
  normalRetirementDate: z.string().nullable(),
  earliestRetirementAge: z.number().nullable(),
  earliestRetirementDate: z.string().nullable(),
  /** A savings pot's (DC) target retirement age and date; null for a defined benefit record. */
  targetRetirementAge: z.number().nullable(),
  targetRetirementDate: z.string().nullable(),
  age: z.number().int().nullable(),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const alertSchema = z.object({
  alertId: z.string(),
  priority: z.boolean(),
  messageText: z.string(),
  /** Where the member acts on it, a path on this site. */
  link: z.string().nullable(),
  effectiveDate: z.string(),
});
export type MemberAlert = z.infer<typeof alertSchema>;

export const dependantSchema = z.object({
  relationship: z.string(),
  forenames: z.string(),
  surname: z.string(),
  dateOfBirth: z.string().nullable(),
});

export const referralSchema = z.object({
  referralStatus: z.enum(['Completed', 'Pending', 'Cancelled']),
  referralBadgeStatus: z.number().int(),
  service: z.string(),
  referralDate: z.string(),
});
