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

describe('bank countries and currencies', () => {
  // The EPC's list of SEPA countries: the EU, the EEA, Switzerland, the UK, the microstates and the
  // four countries admitted in 2024 and 2025.
  const sepa = [
    'AT',
    'BE',
    'BG',
    'HR',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
    'IS',
    'LI',
    'NO',
    'CH',
    'GB',
    'AD',
    'MC',
    'SM',
    'VA',
    'AL',
    'MD',
    'ME',
    'MK',
  ];

  it('covers every SEPA country, Lithuania, Latvia and Estonia included, once each', () => {
    const codes = bankCountriesAndCurrencies.map((entry) => entry.countryCode);
    expect([...codes].sort()).toEqual([...sepa].sort());
    expect(codes).toEqual(expect.arrayContaining(['LT', 'LV', 'EE']));
  });

  it('is sorted by country name', () => {
    const names = bankCountriesAndCurrencies.map((entry) => entry.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.slice(0, 3)).toEqual(['Albania', 'Andorra', 'Austria']);
    expect(names.at(-1)).toBe('Vatican City');
  });

  it('pays in the euro in the euro area, and in their own currency elsewhere', () => {
    expect(currencyOf('EE')).toBe('EUR');
    expect(currencyOf('BG')).toBe('EUR');
    expect(currencyOf('CZ')).toBe('CZK');
    expect(currencyOf('LI')).toBe('CHF');
  });

  it('accepts an Estonian, Latvian and Lithuanian IBAN', () => {
    for (const [country, iban, bic] of [
      ['EE', 'EE382200221020145685', 'HABAEE2X'],
      ['LV', 'LV80BANK0000435195001', 'HABALV22'],
      ['LT', 'LT121000011101001000', 'HABALT22'],
    ] as const) {
      const parsed = ibanBankAccountFormSchema.safeParse({
        accountName: 'Alex Morgan',
        iban,
        bic,
        bankCountryCode: country,
        currency: 'EUR',
      });
      expect(parsed.success, country).toBe(true);
    }
  });
});

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

  it('takes as a mobile only a number that can receive a text, by the number as parsed', () => {
    const mobile = (countryCode: string, number: string) =>
      mobileChangeSchema.safeParse({ countryCode, number });
    const refusal = 'Enter a mobile number that can receive text messages, like 07911 123456';
    expect(mobile('GB', '020 7946 0001').error?.issues[0]).toMatchObject({
      path: ['number'],
      message: refusal,
    });
    expect(mobile('GB', '+44 7911 123456').success).toBe(true);
    // UK personal numbers (070) and pagers (076) cannot take a text
    expect(mobile('GB', '07000 123456').error?.issues[0]?.message).toBe(refusal);
    expect(mobile('GB', '07600 123456').error?.issues[0]?.message).toBe(refusal);
    // an Isle of Man mobile (07624) is a +44 mobile, picked as the UK
    expect(mobile('GB', '07624 123456').success).toBe(true);
    expect(mobile('IM', '07624 123456').success).toBe(true);
    // the number's own country code decides, not the country picked
    expect(mobile('FR', '+44 7911 123456').success).toBe(true);
    expect(mobile('FR', '+44 20 7946 0001').error?.issues[0]?.message).toBe(refusal);
    expect(mobile('GB', '+33 6 12 34 56 78').success).toBe(true);
    expect(mobile('GB', '+44 7000 123456').error?.issues[0]?.message).toBe(refusal);
    // A number that does not parse gets one message, the format's.
    expect(mobile('GB', '0123').error?.issues).toHaveLength(1);
  });

  it('refuses a number that does not start with a digit or +, rather than cleaning it up', () => {
    for (const number of [
      'abc07911123456',
      'tel:07911123456',
      '(07911) 123456',
      '-07911 123456',
      '07911 123456x',
    ]) {
      const result = mobileChangeSchema.safeParse({ countryCode: 'GB', number });
      expect(result.success, number).toBe(false);
      expect(result.error?.issues, number).toHaveLength(1);
      expect(result.error?.issues[0]?.message, number).toBe(
        'Enter a mobile phone number using only numbers, starting with a number or +, like 07911 123456',
      );
    }
    expect(phoneNumberSchema.safeParse({ countryCode: 'GB', number: 'x020 7946 0001' }).success).toBe(false);
    expect(phoneNumberSchema.safeParse({ countryCode: 'GB', number: '+44 (0)20 7946-0001' }).success).toBe(
      true,
    );
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
