import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  bankCountriesAndCurrencies,
  ibanBankAccountFormSchema,
  mobileChangeSchema,
  notificationSettingsSchema,
  phoneNumberSchema,
  readableNumber,
  ukBankAccountFormSchema,
} from '../src/my-details';

/** Published example IBANs with a BIC of the same country, one per country. */
const ibans = [
  ['AT', 'AT611904300234573201', 'BKAUATWW'],
  ['BE', 'BE68539007547034', 'GEBABEBB'],
  ['CH', 'CH9300762011623852957', 'UBSWCHZH80A'],
  ['DE', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX'],
  ['DK', 'DK5000400440116243', 'DABADKKK'],
  ['ES', 'ES9121000418450200051332', 'CAIXESBB'],
  ['FI', 'FI2112345600000785', 'NDEAFIHH'],
  ['FR', 'FR1420041010050500013M02606', 'BNPAFRPP'],
  ['GB', 'GB29 NWBK 6016 1331 9268 19', 'NWBKGB2L'],
  ['IE', 'IE29AIBK93115212345678', 'AIBKIE2D'],
  ['IT', 'IT60X0542811101000000123456', 'BCITITMM'],
  ['NL', 'nl91abna0417164300', 'abnanl2a'],
  ['NO', 'NO9386011117947', 'DNBANOKK'],
  ['PL', 'PL61109010140000071219812874', 'WBKPPLPP'],
  ['PT', 'PT50000201231234567890154', 'CGDIPTPL'],
  ['SE', 'SE4550000000058398257466', 'ESSESESS'],
] as const;

const currencyOf = (country: string) =>
  bankCountriesAndCurrencies.find((entry) => entry.countryCode === country)!.currencyCode;

describe('IBAN bank account form', () => {
  it.each(ibans)('accepts a valid %s IBAN and BIC, normalised', (country, iban, bic) => {
    const parsed = ibanBankAccountFormSchema.parse({
      accountName: 'Alex Morgan',
      iban,
      bic,
      bankCountryCode: country,
      currency: currencyOf(country),
    });
    expect(parsed.iban).toBe(iban.replace(/\s/g, '').toUpperCase());
    expect(parsed.bic).toBe(bic.toUpperCase());
  });

  it.each([
    ['a wrong check digit', { iban: 'DE88370400440532013000' }, 'iban'],
    ['a BIC of the wrong shape', { bic: 'COBA12' }, 'bic'],
    ['a BIC of another country', { bic: 'BNPAFRPP' }, 'bic'],
    ['an IBAN of another country', { iban: 'FR1420041010050500013M02606' }, 'iban'],
    ['a currency not offered for the country', { currency: 'GBP' }, 'currency'],
    ['a country not offered', { bankCountryCode: 'US', currency: 'USD' }, 'bankCountryCode'],
    ['markup in the name', { accountName: '<b>Alex</b>' }, 'accountName'],
    ['an overlong name', { accountName: 'A'.repeat(41) }, 'accountName'],
  ])('refuses %s', (_, change, field) => {
    const result = ibanBankAccountFormSchema.safeParse({
      accountName: 'Alex Morgan',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankCountryCode: 'DE',
      currency: 'EUR',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toContain(field);
  });
});

describe('UK bank account form', () => {
  it('takes sort codes with dashes or spaces', () => {
    expect(
      ukBankAccountFormSchema.parse({
        accountName: "Mary O'Neil",
        sortCode: '08 99-99',
        accountNumber: '6637 4958',
      }),
    ).toEqual({ accountName: "Mary O'Neil", sortCode: '089999', accountNumber: '66374958' });
  });

  it('refuses short numbers and names with markup', () => {
    expect(
      ukBankAccountFormSchema.safeParse({ accountName: 'M', sortCode: '0899', accountNumber: '1' }).success,
    ).toBe(false);
    expect(
      ukBankAccountFormSchema.safeParse({
        accountName: '&lt;x&gt;',
        sortCode: '089999',
        accountNumber: '66374958',
      }).success,
    ).toBe(false);
  });
});

describe('contact forms', () => {
  it('checks mobile numbers for the country chosen', () => {
    expect(mobileChangeSchema.safeParse({ countryCode: 'GB', number: '07825 123987' }).success).toBe(true);
    expect(mobileChangeSchema.safeParse({ countryCode: 'FR', number: '06 12 34 56 78' }).success).toBe(true);
    expect(mobileChangeSchema.safeParse({ countryCode: 'GB', number: '0123' }).success).toBe(false);
  });

  it('takes only a UK number that can receive a text as a mobile', () => {
    const landline = mobileChangeSchema.safeParse({ countryCode: 'GB', number: '020 7946 0001' });
    expect(landline.error?.issues[0]).toMatchObject({
      path: ['number'],
      message: 'Enter a UK mobile number, starting 07, like 07911 123456',
    });
    expect(mobileChangeSchema.safeParse({ countryCode: 'GB', number: '+44 7911 123456' }).success).toBe(true);
    // A number that does not parse gets one message, the format's.
    expect(mobileChangeSchema.safeParse({ countryCode: 'GB', number: '0123' }).error?.issues).toHaveLength(1);
  });

  it('names a phone number as a phone number, not a mobile, when it is wrong', () => {
    const wrong = phoneNumberSchema.safeParse({ countryCode: 'GB', number: '123' });
    expect(wrong.error?.issues[0]?.message).toBe(
      'Enter a phone number in the correct format, like 020 7946 0001',
    );
    expect(phoneNumberSchema.safeParse({ countryCode: 'GB', number: '020 7946 0001' }).success).toBe(true);
  });

  it('reads a UK number in national format and any other in international format', () => {
    expect(readableNumber({ countryCode: 'GB', number: '+447911123456' })).toBe('07911 123456');
    expect(readableNumber({ countryCode: 'GB', number: '02079460001' })).toBe('020 7946 0001');
    expect(readableNumber({ countryCode: 'FR', number: '0612345678' })).toBe('+33 6 12 34 56 78');
    expect(readableNumber({ countryCode: 'GB', number: '123' })).toBeNull();
  });

  it('checks UK postcodes only for UK addresses', () => {
    const address = { lines: ['1 Rue de la Paix'], town: 'Paris', postcode: '75002', countryCode: 'FR' };
    expect(addressSchema.parse(address).postcode).toBe('75002');
    expect(addressSchema.safeParse({ ...address, countryCode: 'GB' }).success).toBe(false);
  });

  it('wants one notification channel at least, and post on its own', () => {
    expect(notificationSettingsSchema.safeParse({ email: false, sms: false, post: true }).success).toBe(true);
    expect(notificationSettingsSchema.safeParse({ email: false, sms: false, post: false }).success).toBe(
      false,
    );
    expect(notificationSettingsSchema.safeParse({ email: false, sms: true, post: true }).success).toBe(false);
  });
});
