import { validateAccountDetails } from 'uk-modulus-check';
import type { MaskedBankAccount } from '@meridian/contracts';
import type { memberBankAccounts } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { lastFour } from './masking';

export interface UkAccount {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

export interface IbanAccount {
  accountName: string;
  iban: string;
  bic: string;
  bankCountryCode: string;
  currency: string;
}

export type NewBankAccount = ({ kind: 'uk' } & UkAccount) | ({ kind: 'iban' } & IbanAccount);

/**
 * Sort code and account number agree under VocaLink's modulus rules: the weight table (valacdos v8.50,
 * in force from 23 June 2025), the sort-code substitution table and the exceptions. A sort code the table
 * does not cover cannot be checked and passes, as VocaLink's specification says.
 */
export function passesModulusCheck(account: Pick<UkAccount, 'sortCode' | 'accountNumber'>): boolean {
  return validateAccountDetails(account.sortCode, account.accountNumber);
}

const folded = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A name's words: split at spaces and the punctuation around initials; a hyphen joins a double-barrelled name. */
const wordsOf = (name: string) =>
  folded(name)
    .split(/[\s,.]+/u)
    .filter(Boolean);

/**
 * The account is in the member's name: the holder's name has their surname as whole words, in order
 * (accents and case ignored). "M Fletcher" holds Fletcher's account; "Mallory Fletcher-Attacker" does not.
 */
export function holdsAccount(accountName: string, surname: string): boolean {
  const holder = wordsOf(accountName);
  const wanted = wordsOf(surname);
  if (wanted.length === 0) return false;
  return holder.some((_, start) => wanted.every((word, offset) => holder[start + offset] === word));
}

export function refuseOtherHolder(accountName: string, surname: string): void {
  if (!holdsAccount(accountName, surname)) {
    throw badRequest(
      'bank_account_name_mismatch',
      `The name on the account must include your surname, ${surname}. We can only pay into an account in your name.`,
    );
  }
}

export function refuseModulusFailure(account: UkAccount): void {
  if (!passesModulusCheck(account)) {
    throw badRequest(
      'bank_account_modulus_check_failed',
      'The sort code and account number do not match. Check them against your bank statement.',
    );
  }
}

export function masked(account: NewBankAccount | typeof memberBankAccounts.$inferSelect): MaskedBankAccount {
  const uk = account.kind === 'uk';
  return {
    kind: account.kind,
    accountName: account.accountName,
    sortCode: uk && account.sortCode ? account.sortCode.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3') : null,
    accountNumber: uk ? lastFour(account.accountNumber) : null,
    iban: uk ? null : lastFour(account.iban),
    bic: uk ? null : (account.bic ?? null),
    bankCountryCode: uk ? 'GB' : account.bankCountryCode,
    currency: uk ? 'GBP' : account.currency,
  };
}

/** What the audit log keeps of an account: the last four digits of its numbers only. */
export const auditedAccount = (account: NewBankAccount | typeof memberBankAccounts.$inferSelect | null) =>
  account
    ? {
        kind: account.kind,
        sortCode: account.kind === 'uk' ? lastFour(account.sortCode) : null,
        accountNumber: account.kind === 'uk' ? lastFour(account.accountNumber) : null,
        iban: account.kind === 'iban' ? lastFour(account.iban) : null,
      }
    : null;
