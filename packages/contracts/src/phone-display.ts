import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone number (E.164, `+447911123456`) as a member dials it: a UK number (+44, the Isle of
 * Man and the Channel Islands too) in national format (`07911 123456`), any other in international
 * format (`+33 6 12 34 56 78`). A number that does not parse is shown as it is.
 */
export function phoneNumberAsDialled(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim());
  if (!parsed) return stored;
  return parsed.countryCallingCode === '44' ? parsed.formatNational() : parsed.formatInternational();
}
