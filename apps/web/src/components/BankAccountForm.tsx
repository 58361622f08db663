import './forms.css';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ibanBankAccountFormSchema,
  ukBankAccountFormSchema,
  type MaskedBankAccount,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from './ErrorSummary';
import { SaveAndComeBackLater, sentToLeave } from './SaveAndComeBackLater';
import { TextField } from './TextField';
import { detailsApi, type BankAccountInput, type BankKind } from '../lib/details-api';
import { checkForm, errorFor, serverError } from '../lib/form';

export interface CheckedBankAccount {
  kind: BankKind;
  account: BankAccountInput;
  masked: MaskedBankAccount;
}

interface BankAccountFormProps {
  kind: BankKind;
  /**
   * Receives the account once the server has validated it (modulus, IBAN/BIC, holder's name), and
   * whether the member chose to save it and come back later.
   */
  onChecked: (checked: CheckedBankAccount, leaving: boolean) => void | Promise<void>;
  /**
   * Offers "Save and come back later" (on a journey's page): an account begun is checked and saved as
   * for Continue; with nothing entered, this is called to leave at once.
   */
  onLeave?: () => void;
  /** An account given before, to change (a journey's answer, or the one just entered). */
  defaultValues?: Partial<
    Record<'accountName' | 'sortCode' | 'accountNumber' | 'bankCountryCode' | 'iban' | 'bic', string>
  >;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * The bank account question, reusable by any journey: a UK account (name, sort code, account number) or
 * an overseas one (name, country, currency, IBAN, BIC), checked with the contract schema, then by the
 * server; hands back the masked result for a confirmation screen.
 */
export function BankAccountForm({ kind, onChecked, onLeave, defaultValues }: BankAccountFormProps) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [countries, setCountries] = useState<
    Array<{ countryCode: string; countryName: string; currencyCode: string; currencyName: string }>
  >([]);
  const [country, setCountry] = useState(defaultValues?.bankCountryCode ?? '');

  useEffect(() => {
    if (kind === 'iban') void detailsApi.bankCountries().then(setCountries, () => undefined);
  }, [kind]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const leaving = sentToLeave(event);
    const form = new FormData(event.currentTarget);
    if (leaving && [...form.values()].every((value) => String(value).trim() === '')) return onLeave?.();
    const values =
      kind === 'uk'
        ? {
            accountName: text(form, 'accountName'),
            sortCode: text(form, 'sortCode'),
            accountNumber: text(form, 'accountNumber'),
          }
        : {
            accountName: text(form, 'accountName'),
            bankCountryCode: text(form, 'bankCountryCode'),
            currency:
              countries.find((entry) => entry.countryCode === text(form, 'bankCountryCode'))?.currencyCode ??
              '',
            iban: text(form, 'iban'),
            bic: text(form, 'bic'),
          };
    const checked = checkForm(kind === 'uk' ? ukBankAccountFormSchema : ibanBankAccountFormSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      const account = checked.value as BankAccountInput;
      await onChecked({ kind, account, masked: await detailsApi.validateBank(kind, account) }, leaving);
    } catch (error) {
      setErrors([serverError(error, kind === 'uk' ? 'sortCode' : 'iban')]);
    } finally {
      setBusy(false);
    }
  }

  const currency = countries.find((entry) => entry.countryCode === country);
  return (
    <>
      <ErrorSummary errors={errors} />
      <form noValidate onSubmit={submit}>
        <TextField
          id="accountName"
          label="Name on the account"
          hint="The account must be in your name"
          autoComplete="name"
          spellCheck={false}
          error={errorFor(errors, 'accountName')}
          defaultValue={defaultValues?.accountName}
        />
        {kind === 'uk' ? (
          <>
            <TextField
              id="sortCode"
              label="Sort code"
              hint="Must be 6 digits long"
              inputMode="numeric"
              className="input--short"
              error={errorFor(errors, 'sortCode')}
              defaultValue={defaultValues?.sortCode}
            />
            <TextField
              id="accountNumber"
              label="Account number"
              hint="Must be 8 digits long"
              inputMode="numeric"
              className="input--short"
              error={errorFor(errors, 'accountNumber')}
              defaultValue={defaultValues?.accountNumber}
            />
          </>
        ) : (
          <>
            <div className={`form-group${errorFor(errors, 'bankCountryCode') ? ' form-group--error' : ''}`}>
              <label htmlFor="bankCountryCode">Country of the bank</label>
              {errorFor(errors, 'bankCountryCode') && (
                <p id="bankCountryCode-error" className="error-message">
                  <span className="visually-hidden">Error:</span> {errorFor(errors, 'bankCountryCode')}
                </p>
              )}
              <select
                id="bankCountryCode"
                name="bankCountryCode"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                aria-describedby={
                  errorFor(errors, 'bankCountryCode') ? 'bankCountryCode-error' : 'currency-note'
                }
              >
                <option value="">Select a country</option>
                {countries.map((entry) => (
                  <option key={entry.countryCode} value={entry.countryCode}>
                    {entry.countryName}
                  </option>
                ))}
              </select>
              <p id="currency-note" className="hint" aria-live="polite">
                {currency ? `We will pay you in ${currency.currencyName} (${currency.currencyCode})` : ''}
              </p>
            </div>
            <TextField
              id="iban"
              label="IBAN"
              hint="For example DE89 3704 0044 0532 0130 00"
              spellCheck={false}
              error={errorFor(errors, 'iban')}
              defaultValue={defaultValues?.iban}
            />
            <TextField
              id="bic"
              label="BIC (SWIFT code)"
              hint="8 or 11 characters"
              spellCheck={false}
              className="input--short"
              error={errorFor(errors, 'bic')}
              defaultValue={defaultValues?.bic}
            />
          </>
        )}
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Continue
          </button>
          {onLeave && <SaveAndComeBackLater disabled={busy} />}
        </div>
      </form>
    </>
  );
}

/** The confirmation screen's summary of an account, numbers masked. */
export function MaskedAccountSummary({ account }: { account: MaskedBankAccount }) {
  const rows: Array<[string, string | null]> =
    account.kind === 'uk'
      ? [
          ['Name on the account', account.accountName],
          ['Sort code', account.sortCode],
          ['Account number', account.accountNumber],
        ]
      : [
          ['Name on the account', account.accountName],
          ['Country', account.bankCountryCode],
          ['Currency', account.currency],
          ['IBAN', account.iban],
          ['BIC', account.bic],
        ];
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div className="summary-row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
