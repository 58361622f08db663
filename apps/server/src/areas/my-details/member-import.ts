import { z } from 'zod';
import {
  addressSchema,
  emailChangeSchema,
  ibanBankAccountFormSchema,
  internationalNumber,
  mobileChangeSchema,
  notificationSettingsSchema,
  plainText,
  safeDate,
  safeString,
  ukBankAccountFormSchema,
} from '@meridian/contracts';
import {
  dbBenefitsSchema,
  dcBenefitsSchema,
  getSchemeConfig,
  schemeCodes,
  utcDay,
  type IsoDate,
  type SchemeConfig,
} from '@meridian/pensions';
import { memberStatuses, type members } from '../../db/schema';
import { displayDate } from '../../lib/display';
import { holdsAccount, passesModulusCheck, type NewBankAccount } from './bank-accounts';
import type { ImportFormat, ImportRow } from './member-import-file';

/**
 * One member of an import file, checked with the schemas the portal's own forms use (contacts, address,
 * notification settings, bank account) and the calculation engine's benefit schemas. Optional fields a
 * row leaves out are left as they are on a member already held.
 */
const optionalText = (label: string, max: number) => plainText(label, max).optional();
const code = (label: string) =>
  safeString()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, `${label} must be letters and digits, 20 or fewer`)
    .optional();

const importedMemberSchema = z.strictObject({
  referenceNumber: safeString()
    .trim()
    .regex(/^\d{4,10}$/, 'Reference number must be 4 to 10 digits'),
  schemeCode: safeString().trim(),
  category: plainText('the category', 20),
  status: z.enum(memberStatuses),
  title: optionalText('the title', 20),
  forenames: plainText('the forenames', 60),
  surname: plainText('the surname', 60),
  gender: z.enum(['M', 'F', 'U']),
  dateOfBirth: safeDate(),
  insuranceNumber: safeString()
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{6}[A-D]$/, 'Enter a National Insurance number like QQ 12 34 56 C'))
    .optional(),
  maritalStatus: optionalText('the marital status', 20),
  employerCode: code('Employer code'),
  locationCode: code('Location code'),
  payrollNumber: code('Payroll number'),
  membershipNumber: code('Membership number'),
  dateJoinedCompany: safeDate().optional(),
  dateJoinedScheme: safeDate().optional(),
  datePensionableServiceStarted: safeDate().optional(),
  dateLeftScheme: safeDate().optional(),
  dateRetired: safeDate().optional(),
  protectedPensionAge: z.number().int().min(50).max(60).optional(),
  email: emailChangeSchema.shape.email.optional(),
  /** A number with the country it is dialled from (the UK when left out). */
  mobile: z
    .preprocess(
      (value) =>
        isObject(value) && value.countryCode === undefined ? { ...value, countryCode: 'GB' } : value,
      mobileChangeSchema,
    )
    .optional(),
  address: addressSchema.optional(),
  notifications: notificationSettingsSchema.optional(),
  /** A UK account (accountName, sortCode, accountNumber) or an IBAN one (accountName, iban, bic, bankCountryCode, currency). */
  bank: z.record(z.string(), z.unknown()).optional(),
  benefits: z.record(z.string(), z.unknown()),
});

/** The fields of a nested object the file may give; anything else is a mistake worth reporting. */
const knownKeys: Record<string, readonly string[]> = {
  mobile: ['countryCode', 'number'],
  address: ['lines', 'town', 'county', 'postcode', 'countryCode'],
  notifications: ['email', 'sms', 'post'],
};
const ukBankKeys = ['accountName', 'sortCode', 'accountNumber'];
const ibanBankKeys = ['accountName', 'iban', 'bic', 'bankCountryCode', 'currency'];

export type MemberValues = Omit<typeof members.$inferInsert, 'businessGroup' | 'createdAt'>;

export interface ValidMember {
  row: number;
  referenceNumber: string;
  /** The member's columns the row gives, ready to insert or update. */
  values: MemberValues;
  bank: NewBankAccount | null;
  scheme: { code: string; name: string; type: 'DB' | 'DC' };
}

export interface ImportProblem {
  row: number;
  referenceNumber: string | null;
  field: string | null;
  message: string;
}

export type ImportValidation =
  { ok: true; members: ValidMember[] } | { ok: false; problems: ImportProblem[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(record: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  return path.reduce<unknown>(
    (node, segment) =>
      node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[segment] : undefined,
    record,
  );
}

/** A field path as the operator wrote it: CSV columns count array positions from 1, JSON from 0. */
export function fieldName(path: ReadonlyArray<PropertyKey>, format: ImportFormat): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return format === 'csv' ? `.${segment + 1}` : `[${segment}]`;
      return index === 0 ? String(segment) : `.${String(segment)}`;
    })
    .join('');
}

/** The engine's schemes that belong to a business group, by code. */
export function schemesOf(businessGroup: string): Map<string, SchemeConfig> {
  const found = new Map<string, SchemeConfig>();
  for (const schemeCode of schemeCodes()) {
    const config = getSchemeConfig(schemeCode);
    if (config.tenant.businessGroup === businessGroup) found.set(schemeCode, config);
  }
  return found;
}

function checkRow(
  { record }: ImportRow,
  schemes: Map<string, SchemeConfig>,
  today: IsoDate,
  report: (path: ReadonlyArray<PropertyKey>, message: string) => void,
): Omit<ValidMember, 'row'> | null {
  const input = record as Record<string, unknown>;
  let valid = true;
  const problem = (path: ReadonlyArray<PropertyKey>, message: string) => {
    valid = false;
    report(path, message);
  };
  const bankKeys = isObject(input.bank) && 'iban' in input.bank ? ibanBankKeys : ukBankKeys;
  for (const [field, keys] of Object.entries({ ...knownKeys, bank: bankKeys })) {
    const value = input[field];
    if (!isObject(value)) continue;
    for (const key of Object.keys(value)) if (!keys.includes(key)) problem([field, key], 'Unknown field');
  }

  const parsed = importedMemberSchema.safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) problem([...issue.path, key], 'Unknown field');
        continue;
      }
      const missing = issue.code === 'invalid_type' && valueAt(record, issue.path) === undefined;
      problem(issue.path, missing ? 'Missing: every member needs this field' : issue.message);
    }
    return null;
  }
  const member = parsed.data;

  const scheme = schemes.get(member.schemeCode);
  if (!scheme) {
    problem(
      ['schemeCode'],
      `Not a scheme of this business group (its schemes: ${[...schemes.keys()].join(', ')})`,
    );
  } else {
    const benefits =
      scheme.kind === 'DB'
        ? dbBenefitsSchema.safeParse(member.benefits)
        : dcBenefitsSchema.safeParse(member.benefits);
    if (!benefits.success) {
      for (const issue of benefits.error.issues) problem(['benefits', ...issue.path], issue.message);
    } else if (scheme.kind === 'DB' && 'tranches' in benefits.data) {
      const tranches = new Set(scheme.tranches.map((tranche) => tranche.code));
      (benefits.data.tranches as Array<{ code: string }>).forEach((tranche, index) => {
        if (!tranches.has(tranche.code)) {
          problem(
            ['benefits', 'tranches', index, 'code'],
            `Not a tranche of ${scheme.code} (${[...tranches].join(', ')})`,
          );
        }
      });
    }
  }

  if (scheme?.kind === 'DC') {
    const dcBenefits = dcBenefitsSchema.safeParse(member.benefits).data;
    const investment = dcBenefits?.investment;
    const strategies = scheme.strategies.map((strategy) => strategy.code);
    const funds = scheme.funds.map((fund) => fund.code);
    if (investment && 'strategy' in investment && !strategies.includes(investment.strategy)) {
      problem(
        ['benefits', 'investment', 'strategy'],
        `Not a strategy of ${scheme.code} (${strategies.join(', ')})`,
      );
    }
    if (investment && 'funds' in investment) {
      investment.funds.forEach((fund, index) => {
        if (!funds.includes(fund.code)) {
          problem(
            ['benefits', 'investment', 'funds', index, 'code'],
            `Not a fund of ${scheme.code} (${funds.join(', ')})`,
          );
        }
      });
    }
    dcBenefits?.holdings?.forEach((holding, index) => {
      if (!funds.includes(holding.code)) {
        problem(
          ['benefits', 'holdings', index, 'code'],
          `Not a fund of ${scheme.code} (${funds.join(', ')})`,
        );
      }
    });
  }

  const after = (field: keyof typeof member, earlier: keyof typeof member, label: string) => {
    const value = member[field] as string | undefined;
    const bound = member[earlier] as string | undefined;
    if (value && bound && value < bound) problem([field], `Must not be before ${label}`);
  };
  if (member.dateOfBirth > today)
    problem(['dateOfBirth'], `Must not be after the day of the import (${displayDate(today)})`);
  for (const field of [
    'dateJoinedCompany',
    'dateJoinedScheme',
    'datePensionableServiceStarted',
    'dateLeftScheme',
    'dateRetired',
  ] as const) {
    after(field, 'dateOfBirth', 'the date of birth');
  }
  after('dateLeftScheme', 'dateJoinedScheme', 'the date the member joined the scheme');
  if (member.status === 'Deferred' && !member.dateLeftScheme)
    problem(['dateLeftScheme'], 'A deferred member has left the scheme: enter the date');
  if (member.status === 'Pensioner' && !member.dateRetired)
    problem(['dateRetired'], 'A pensioner has retired: enter the date');
  if (member.status === 'Active' && member.dateLeftScheme)
    problem(['dateLeftScheme'], 'An active member has not left the scheme');

  let bank: NewBankAccount | null = null;
  if (member.bank) {
    const iban = 'iban' in member.bank;
    const account = (iban ? ibanBankAccountFormSchema : ukBankAccountFormSchema).safeParse(member.bank);
    if (!account.success) {
      for (const issue of account.error.issues) problem(['bank', ...issue.path], issue.message);
    } else {
      bank = iban
        ? { kind: 'iban', ...(account.data as z.output<typeof ibanBankAccountFormSchema>) }
        : { kind: 'uk', ...(account.data as z.output<typeof ukBankAccountFormSchema>) };
      if (bank.kind === 'uk' && !passesModulusCheck(bank)) {
        problem(
          ['bank', 'accountNumber'],
          'The sort code and account number fail the VocaLink modulus check',
        );
      }
      if (!holdsAccount(bank.accountName, member.surname)) {
        problem(
          ['bank', 'accountName'],
          `The name on the account must include the member's surname, ${member.surname}`,
        );
      }
    }
  }
  if (!valid || !scheme) return null;

  const { mobile, notifications, bank: _bank, benefits: _benefits, ...personal } = member;
  const benefits = (scheme.kind === 'DB' ? dbBenefitsSchema : dcBenefitsSchema).parse(member.benefits);
  const values: MemberValues = {
    ...personal,
    ...(mobile ? { mobilePhone: internationalNumber(mobile) } : {}),
    ...(notifications ? { notificationSettings: notifications } : {}),
    benefits,
  };
  return {
    referenceNumber: member.referenceNumber,
    values,
    bank,
    scheme: { code: scheme.code, name: scheme.name, type: scheme.kind },
  };
}

/**
 * Checks every row of a file for a business group; any problem in any row fails the whole file, so an
 * import loads all of it or nothing. Problems name the row, the member's reference and the field. Dates
 * are checked against `today`, the day of the import (a date of birth after it is refused).
 */
export function validateImport(
  rows: ImportRow[],
  businessGroup: string,
  format: ImportFormat,
  today: IsoDate = utcDay(new Date()),
): ImportValidation {
  const schemes = schemesOf(businessGroup);
  const problems: ImportProblem[] = [];
  if (schemes.size === 0) {
    return {
      ok: false,
      problems: [
        {
          row: 0,
          referenceNumber: null,
          field: null,
          message: `No scheme belongs to business group ${businessGroup}`,
        },
      ],
    };
  }
  const valid: ValidMember[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const input = isObject(row.record) ? row.record : {};
    const referenceNumber = typeof input.referenceNumber === 'string' ? input.referenceNumber.trim() : null;
    const report = (path: ReadonlyArray<PropertyKey>, message: string) =>
      problems.push({
        row: row.row,
        referenceNumber,
        field: path.length ? fieldName(path, format) : null,
        message,
      });
    if (!isObject(row.record)) {
      report([], 'A member must be an object of fields');
      continue;
    }
    const member = checkRow(row, schemes, today, report);
    if (referenceNumber) {
      const earlier = seen.get(referenceNumber);
      if (earlier !== undefined) report(['referenceNumber'], `The same member is on row ${earlier}`);
      else seen.set(referenceNumber, row.row);
    }
    if (member) valid.push({ row: row.row, ...member });
  }
  if (rows.length === 0)
    problems.push({ row: 0, referenceNumber: null, field: null, message: 'The file holds no members' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, members: valid };
}

export function describeProblem(problem: ImportProblem): string {
  const where = problem.row > 0 ? `Row ${problem.row}` : 'File';
  const who = problem.referenceNumber ? ` (${problem.referenceNumber})` : '';
  const field = problem.field ? ` ${problem.field}:` : '';
  return `${where}${who}:${field} ${problem.message}`;
}
