import {
  dcOptionChoiceSchema,
  dcQuoteSelectionSchema,
  safeDate,
  webAppPaths,
  type DcOptionChoice,
  type DcQuoteSelection,
  type DcQuoteSelectionResponse,
} from '@meridian/contracts';
import type { FieldError } from '../../components/ErrorSummary';
import { HttpError } from '../../lib/http/client';
import { checkForm } from '../../lib/form';
import { formatCurrency } from '../../lib/format';
import { poundsToPence } from './explore-form';

/** The choose page's address for an option (its choices as explore answered them) at a date. */
export function chooseHref(retirementDate: string, choice: DcOptionChoice) {
  const query = new URLSearchParams({ retirementDate, choice: JSON.stringify(choice) });
  return `${webAppPaths.dcChoose}?${query}`;
}

/** The selection the choose page's address carries; null when it is not one (a link typed or cut short). */
export function selectionFromQuery(query: URLSearchParams): DcQuoteSelection | null {
  const date = safeDate().safeParse(query.get('retirementDate'));
  let choice: unknown;
  try {
    choice = JSON.parse(query.get('choice') ?? '');
  } catch {
    return null;
  }
  const parsed = dcOptionChoiceSchema.safeParse(choice);
  return date.success && parsed.success ? { retirementDate: date.data, choice: parsed.data } : null;
}

/** The form's fields by the selection's paths, so a refusal is told on the box it is about. */
const fieldOf: Record<string, string> = {
  'choice-taxFreeCashPence': 'taxFreeCash',
  secondInstalmentPence: 'secondInstalment',
};

export interface ChooseFormValues {
  taxFreeCash: string;
  instalments: 'one' | 'two';
  secondInstalment: string;
}

/**
 * The form as the next selection, checked with the contract's schema and the limits the server answered
 * (the same check the server makes); otherwise the problems, one per field.
 */
export function readChooseForm(
  values: ChooseFormValues,
  current: DcQuoteSelection,
  figures: DcQuoteSelectionResponse,
): { ok: true; selection: DcQuoteSelection } | { ok: false; errors: FieldError[] } {
  const taxFree = poundsToPence(values.taxFreeCash);
  const two = figures.instalments.allowed && values.instalments === 'two';
  const second = two ? poundsToPence(values.secondInstalment) : undefined;
  const errors: FieldError[] = [];
  if (taxFree === null || taxFree === undefined)
    errors.push({
      field: 'taxFreeCash',
      message: 'Enter your tax-free cash in pounds and pence, like 12000 or 12000.50',
    });
  if (two && (second === null || second === undefined))
    errors.push({
      field: 'secondInstalment',
      message: 'Enter the second instalment in pounds and pence, like 5000 or 5000.50',
    });
  if (errors.length > 0) return { ok: false, errors };
  const checked = checkForm(
    dcQuoteSelectionSchema({
      maximumTaxFreeCashPence: figures.taxFreeCash.maximumPence,
      instalmentsAllowed: figures.instalments.allowed,
    }),
    {
      retirementDate: current.retirementDate,
      choice: { ...current.choice, taxFreeCashPence: taxFree },
      ...(two && { secondInstalmentPence: second }),
    },
  );
  if (checked.ok) return { ok: true, selection: checked.value };
  return {
    ok: false,
    errors: checked.errors.map((error) => ({
      field: fieldOf[error.field] ?? 'taxFreeCash',
      message: error.field === 'secondInstalmentPence' && second === 0 ? 'Enter more than £0' : error.message,
    })),
  };
}

/** The server's refusal of a selection or a request, in the member's words, on the field it concerns. */
export function chooseRefusal(error: unknown, maximumPence?: number): FieldError | null {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return null;
  const code = error.codes[0];
  switch (code) {
    case 'tax_free_cash_above_maximum':
      return {
        field: 'taxFreeCash',
        message:
          maximumPence === undefined
            ? 'Your tax-free cash is more than you can take'
            : `Tax-free cash must be ${formatCurrency(maximumPence, 'exact')} or less`,
      };
    case 'instalments_not_allowed':
      return { field: 'secondInstalment', message: 'This option’s tax-free cash is paid in one payment' };
    case 'instalment_too_large':
      return {
        field: 'secondInstalment',
        message: 'The second instalment must be less than your tax-free cash',
      };
    case 'formal_quote_in_progress':
      return {
        field: 'request-quote',
        message: 'You have already asked for a formal quote. We will answer it before you can ask again',
      };
    default:
      return null;
  }
}
