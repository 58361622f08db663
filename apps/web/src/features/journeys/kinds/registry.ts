import { useEffect, useState, type ComponentType } from 'react';
import type { JourneyQuestion, QuestionKindName, StoredAnswer, SubmittedAnswer } from '@meridian/contracts';

export interface FieldProps<Q> {
  question: Q;
  /** The answer given before, to show again. */
  initial: StoredAnswer | null;
  error?: string;
}

/** A question kind's web half: its GOV.UK field and how to read what was typed into it. */
export interface KindField<Q = JourneyQuestion> {
  Field: ComponentType<FieldProps<Q>>;
  /** What was typed, for the contracts kind's `read` (the same rule the server reads it with). */
  fromForm(form: FormData, question: Q): SubmittedAnswer;
  /** The element the error summary links to: the question's key when not given. */
  errorTarget?(question: Q): string;
  /** Whether anything was typed or chosen: a box named after the question's key when not given. */
  entered?(form: FormData, question: Q): boolean;
}

type Loaders = {
  [K in QuestionKindName]: () => Promise<{ default: KindField<Extract<JourneyQuestion, { kind: K }>> }>;
};

/** Each kind's field is its own chunk, loaded with the step that asks it, never on the first screen. */
const loaders: Loaders = {
  radios: () => import('./RadiosField'),
  date: () => import('./DateField'),
  text: () => import('./TextField'),
  'bank-account': () => import('./BankAccountField'),
  phone: () => import('./PhoneField'),
  money: () => import('./MoneyField'),
  number: () => import('./NumberField'),
  email: () => import('./EmailField'),
  'ni-number': () => import('./NiNumberField'),
  country: () => import('./CountryField'),
  select: () => import('./SelectField'),
  percentage: () => import('./PercentageField'),
  address: () => import('./AddressField'),
  person: () => import('./PersonField'),
  list: () => import('./ListField'),
  file: () => import('./FileField'),
};

const loaded = new Map<string, KindField>();

/** Loads a kind's field, once per kind. */
export async function loadKindField(kind: QuestionKindName): Promise<KindField> {
  const known = loaded.get(kind);
  if (known) return known;
  const field = (await loaders[kind]()).default as unknown as KindField;
  loaded.set(kind, field);
  return field;
}

/** The field of the question's kind, or undefined while its chunk loads (or when there is no question). */
export function useKindField(kind: QuestionKindName | undefined): KindField | undefined {
  const [, setReady] = useState(0);
  useEffect(() => {
    if (!kind || loaded.has(kind)) return;
    let current = true;
    void loadKindField(kind).then(() => current && setReady((count) => count + 1));
    return () => {
      current = false;
    };
  }, [kind]);
  return kind ? loaded.get(kind) : undefined;
}

/** Whether any box named after the question's key holds something. */
export const enteredUnder = (form: FormData, key: string) =>
  [...form.entries()].some(
    ([name, value]) => (name === key || name.startsWith(`${key}-`)) && String(value).trim() !== '',
  );

/** A form value as typed. */
export const typed = (form: FormData, name: string) => String(form.get(name) ?? '');
