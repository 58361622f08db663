import type { JourneyQuestion } from './index';
import type { StoredAnswer } from './kind';
import { dayMonthYear, groupedDigits, poundsAndPence } from './format';

/**
 * How check your answers and the PDF show an answer, for the kinds whose words need nothing but the
 * question and the answer. Apart from the kinds' modules, which build zod schemas, so that a browser
 * shows these answers without loading zod; each of these kinds' `display` is the function here.
 */

/** A composite answer's value read from its JSON, or undefined when it is not JSON. */
export function parsedJson(value: string | null | undefined): unknown {
  try {
    return JSON.parse(value ?? '');
  } catch {
    return undefined;
  }
}

/** The label of the answer chosen (radios, select). */
export const choiceLabel = (
  question: { answers: ReadonlyArray<{ key: string; label: string }> },
  answer: StoredAnswer,
) => question.answers.find((option) => option.key === answer.answerKey)?.label ?? answer.answerKey;

/** A number shown with commas between thousands and the decimal places typed: `1,250.5`. */
export function numberText(value: string): string {
  const [whole = '', fraction] = value.replace(/^-/, '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${groupedDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A bank account as a member recognises it, without repeating the whole number. */
export function bankAccountText(account: { accountName: string; sortCode: string; accountNumber: string }) {
  const sortCode = account.sortCode.replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3');
  return `${account.accountName}, sort code ${sortCode}, account ending ${account.accountNumber.slice(-4)}`;
}

/** A bank-account answer's value in the form the kind stores it (name, 6-digit sort code, 6 to 8-digit number), or undefined. */
function storedBankAccount(value: string | null) {
  const typed = parsedJson(value);
  if (typeof typed !== 'object' || typed === null || Array.isArray(typed)) return undefined;
  const { accountName, sortCode, accountNumber, ...other } = typed as Record<string, unknown>;
  const stored =
    Object.keys(other).length === 0 &&
    typeof accountName === 'string' &&
    accountName.trim() !== '' &&
    typeof sortCode === 'string' &&
    /^\d{6}$/.test(sortCode) &&
    typeof accountNumber === 'string' &&
    /^\d{6,8}$/.test(accountNumber);
  return stored ? { accountName, sortCode, accountNumber } : undefined;
}

type Displayed =
  | 'radios'
  | 'select'
  | 'date'
  | 'text'
  | 'email'
  | 'money'
  | 'number'
  | 'percentage'
  | 'ni-number'
  | 'bank-account';
type Display<K> = (question: Extract<JourneyQuestion, { kind: K }>, answer: StoredAnswer) => string;

/** Each of these kinds' one display (the kinds not here show answers through their own module). */
export const answerDisplays: { [K in Displayed]: Display<K> } = {
  radios: choiceLabel,
  select: choiceLabel,
  date: (_question, answer) => dayMonthYear(answer.answerKey),
  text: (_question, answer) => answer.answerKey,
  email: (_question, answer) => answer.answerKey,
  money: (_question, answer) => poundsAndPence(Number(answer.answerKey)),
  number: (_question, answer) => numberText(answer.answerKey),
  percentage: (_question, answer) => `${answer.answerKey}%`,
  'ni-number': (_question, answer) => answer.answerKey.replace(/^(..)(..)(..)(..)(.)$/, '$1 $2 $3 $4 $5'),
  'bank-account': (_question, answer) => {
    const account = storedBankAccount(answer.answerValue);
    return account ? bankAccountText(account) : '';
  },
};

/** Whether answers of this kind show through `answerDisplays`, with no need of the kind's module. */
export const hasAnswerDisplay = (kind: string): kind is Displayed => Object.hasOwn(answerDisplays, kind);
