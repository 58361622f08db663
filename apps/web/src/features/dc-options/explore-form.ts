import { dcOptionsQuerySchema, type DcOptionsResponse } from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { readDateField } from '../../components/DateField';
import { HttpError } from '../../lib/http/client';
import { formatCurrency, formatDate } from '../../lib/format';

/** The form's fields and the query names they fill (pence for amounts typed in pounds). */
const amountFields = {
  taxFreeCash: 'taxFreeCashPence',
  drawdownIncome: 'drawdownIncomePence',
  cashNow: 'cashNowPence',
  otherIncome: 'otherIncomePence',
  allowanceUsed: 'lumpSumAllowanceUsedPence',
} as const;
const queryField: Record<string, string> = {
  retirementDate: 'retirementDate',
  age: 'age',
  taxFreeCashPence: 'taxFreeCash',
  drawdownIncomePence: 'drawdownIncome',
  cashNowPence: 'cashNow',
  otherIncomePence: 'otherIncome',
  lumpSumAllowanceUsedPence: 'allowanceUsed',
  annuityPercent: 'annuityPercent',
  annuityLives: 'annuityLives',
  annuityEscalation: 'annuityEscalation',
};

/** Pounds as typed (`£46,600.50`, `46600`) in whole pence; null when it is not an amount; undefined when empty. */
export function poundsToPence(typed: string): number | null | undefined {
  const plain = typed.replace(/[£,\s]/g, '');
  if (plain === '') return undefined;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const penceToPounds = (pence: number) =>
  `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

type Range = DcOptionsResponse['range'];

/**
 * The explore form as the options query, checked with the contract's schema (and the date against the
 * range the member may choose from); otherwise the problems, one per field, for the error summary.
 */
export function readExploreForm(
  form: FormData,
  range: Range | undefined,
): { ok: true; query: URLSearchParams } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const when = String(form.get('when') ?? 'target');
  if (when === 'date') {
    const date = readDateField(form, 'retirementDate');
    if (!date) errors.push({ field: 'retirementDate', message: 'Enter a real date, for example 1 6 2031' });
    else if (range && (date < range.earliestDate || date > range.latestDate))
      errors.push({
        field: 'retirementDate',
        message: `Choose a date from ${formatDate(range.earliestDate)} to ${formatDate(range.latestDate)}`,
      });
    else values.retirementDate = date;
  }
  if (when === 'age') {
    const age = String(form.get('age') ?? '').trim();
    if (!/^\d{1,3}$/.test(age))
      errors.push({ field: 'age', message: 'Enter an age in whole years, like 66' });
    else values.age = age;
  }
  for (const [field, name] of Object.entries(amountFields)) {
    const pence = poundsToPence(String(form.get(field) ?? ''));
    if (pence === null)
      errors.push({ field, message: 'Enter an amount in pounds and pence, like 12000 or 12000.50' });
    else if (pence !== undefined) values[name] = String(pence);
  }
  const percent = String(form.get('annuityPercent') ?? '').trim();
  if (percent !== '') values.annuityPercent = percent;
  for (const name of ['annuityLives', 'annuityEscalation'] as const) {
    const chosen = form.get(name);
    if (chosen) values[name] = String(chosen);
  }
  const checked = dcOptionsQuerySchema.safeParse(values);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = queryField[String(issue.path[0])] ?? 'when';
      if (!errors.some((error) => error.field === field))
        errors.push({ field, message: fieldMessages[field] ?? issue.message });
    }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: new URLSearchParams(values as Record<string, string>) };
}

const fieldMessages: Record<string, string> = {
  age: 'Enter an age from 1 to 150',
  annuityPercent: 'Enter a share from 1 to 99 percent',
  taxFreeCash: 'Enter a tax-free cash amount no bigger than your pot',
  drawdownIncome: 'Enter a yearly income no bigger than your pot',
  cashNow: 'Enter an amount no bigger than your pot',
  otherIncome: 'Enter your other income a year, no more than £100,000,000',
  allowanceUsed: 'Enter the Lump Sum Allowance you have used, no more than £268,275',
};

/** The server's refusal of a query, on the field it concerns. */
export function refusal(error: unknown, query: URLSearchParams, maximumCashPence?: number): FieldError {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  const whenField = query.has('age') ? 'age' : 'retirementDate';
  switch (code) {
    case 'retirement_date_in_past':
    case 'retirement_date_before_earliest':
      return { field: whenField, message: 'That is before the earliest date you can take your pot' };
    case 'retirement_date_after_latest':
      return { field: whenField, message: 'That is after the latest date you can take your pot' };
    case 'lump_sum_out_of_range':
      return {
        field: 'taxFreeCash',
        message:
          maximumCashPence === undefined
            ? 'Tax-free cash must be no more than the most you can take'
            : `Tax-free cash must be no more than ${formatCurrency(maximumCashPence, 'exact')}`,
      };
    case 'cash_now_out_of_range':
      return { field: 'cashNow', message: 'The cash you take now must be no more than your pot' };
    default:
      return {
        field: 'when',
        message: 'Sorry, we cannot work out these options. Check your choices and try again',
      };
  }
}
