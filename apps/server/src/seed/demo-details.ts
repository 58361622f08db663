import type { MemberAddress } from '../db/schema';

/**
 * Your details of each demo record: address, mobile, dependants, referrals and bank account, chosen so
 * every persona's pages and alerts show something true for them (the pensioner is paid into a bank
 * account; the deferred members nearing retirement are asked for one).
 */
export interface DemoDetails {
  address: MemberAddress;
  mobilePhone?: string;
  dependants?: Array<{ relationship: string; forenames: string; surname: string; ageYears: number }>;
  referrals?: Array<{ status: 'Completed' | 'Pending' | 'Cancelled'; service: string; monthsAgo: number }>;
  bankAccount?:
    | { kind: 'uk'; accountName: string; sortCode: string; accountNumber: string }
    | {
        kind: 'iban';
        accountName: string;
        iban: string;
        bic: string;
        bankCountryCode: string;
        currency: string;
      };
}

const address = (
  lines: string[],
  town: string,
  postcode: string,
  county: string | null = null,
): MemberAddress => ({
  lines,
  town,
  county,
  postcode,
  countryCode: 'GB',
});

export const demoDetails: Record<string, DemoDetails> = {
  '1000001': {
    address: address(['14 Church Lane', 'Headingley'], 'Leeds', 'LS6 3AB', 'West Yorkshire'),
    mobilePhone: '+447911123456',
    dependants: [{ relationship: 'Spouse', forenames: 'Robert', surname: 'Hughes', ageYears: 62 }],
    referrals: [{ status: 'Completed', service: 'Pension Wise guidance', monthsAgo: 4 }],
  },
  '1000002': {
    address: address(['Flat 3', 'Riverside House', '22 Quay Street'], 'Manchester', 'M3 3HN'),
    dependants: [
      { relationship: 'Child', forenames: 'Amara', surname: 'Okafor', ageYears: 9 },
      { relationship: 'Child', forenames: 'Tobi', surname: 'Okafor', ageYears: 6 },
    ],
  },
  '1000003': {
    address: address(['7 Mill Road'], 'Cambridge', 'CB1 2AZ', 'Cambridgeshire'),
    mobilePhone: '+447700123456',
    referrals: [{ status: 'Pending', service: 'Independent financial adviser', monthsAgo: 1 }],
  },
  '1000004': {
    address: address(['2 Station Road', 'Shirley'], 'Solihull', 'B90 3AA', 'West Midlands'),
    mobilePhone: '+447825654321',
    dependants: [{ relationship: 'Spouse', forenames: 'Anne', surname: 'Fletcher', ageYears: 64 }],
    referrals: [{ status: 'Completed', service: 'Pension Wise guidance', monthsAgo: 9 }],
    bankAccount: {
      kind: 'uk',
      accountName: 'Graham Fletcher',
      sortCode: '089999',
      accountNumber: '66374958',
    },
  },
  '1000005': {
    address: address(['41 Harbour Street'], 'Bristol', 'BS1 4RN'),
    referrals: [
      { status: 'Cancelled', service: 'Independent financial adviser', monthsAgo: 14 },
      { status: 'Pending', service: 'Pension Wise guidance', monthsAgo: 0 },
    ],
  },
  '1000006': {
    address: address(['88 Queen Street'], 'Cardiff', 'CF10 2GP'),
    mobilePhone: '+447912345678',
  },
  '1000007': {
    address: address(['5 The Green'], 'York', 'YO1 7HH', 'North Yorkshire'),
    dependants: [{ relationship: 'Partner', forenames: 'Jamie', surname: 'Reid', ageYears: 55 }],
  },
  '1000008': {
    address: address(['5 The Green'], 'York', 'YO1 7HH', 'North Yorkshire'),
  },
  '1000009': {
    address: address(['19 Castle Street'], 'Edinburgh', 'EH2 3AH'),
  },
  '2000001': {
    address: address(['3 Harbour View'], 'Oban', 'PA34 4LW', 'Argyll'),
    mobilePhone: '+447398765432',
    bankAccount: {
      kind: 'iban',
      accountName: 'Iain MacLeod',
      iban: 'IE29AIBK93115212345678',
      bic: 'AIBKIE2D',
      bankCountryCode: 'IE',
      currency: 'EUR',
    },
  },
  '2000003': {
    address: address(['7 Kilbride Road'], 'Dunbeg', 'PA37 1RG', 'Argyll'),
    bankAccount: { kind: 'uk', accountName: 'Morag Sinclair', sortCode: '832214', accountNumber: '10447296' },
  },
  '2000004': {
    address: address(['12 Soroba Road'], 'Oban', 'PA34 4JA', 'Argyll'),
  },
};
