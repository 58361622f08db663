import { z } from 'zod';
import type { ObjectSchemaFactory } from '../authoring';
import { addressKind } from './address';
import { bankAccountKind } from './bank-account';
import { countryKind } from './country';
import { dateKind } from './date';
import { emailKind } from './email';
import { emailCodeKind } from './email-code';
import { fileKind } from './file';
import { sharedQuestionFields, type QuestionKind } from './kind';
import { listKind } from './list';
import { moneyKind } from './money';
import { niNumberKind } from './ni-number';
import { percentageKind } from './percentage';
import { numberKind } from './number';
import { personKind } from './person';
import { phoneKind } from './phone';
import { radiosKind } from './radios';
import { selectKind } from './select';
import { textKind } from './text';

export {
  answerKeySchema,
  journeyPageKeySchema,
  type AnswerCheck,
  type KindContext,
  type QuestionKind,
  type StoredAnswer,
  type SubmittedAnswer,
} from './kind';
export {
  ukBankAccountSchema,
  bankAccountText,
  type UkBankAccount,
  type BankAccountQuestion,
} from './bank-account';
export { isRealDate, monthsBefore, type DateQuestion } from './date';
export { MONEY_ANSWER_MAX_PENCE, penceFromPounds, type MoneyQuestion } from './money';
export type { PhoneQuestion } from './phone';
export { withStrategyAnswers, type AnswerSourceStrategy, type RadiosQuestion } from './radios';
export type { TextQuestion } from './text';
export type { NumberQuestion } from './number';
export type { EmailQuestion } from './email';
export type { EmailCodeQuestion } from './email-code';
export { normalisedNiNumber, type NiNumberQuestion } from './ni-number';
export type { CountryQuestion } from './country';
export type { SelectQuestion } from './select';
export type { PercentageQuestion } from './percentage';
export { countries, countryName } from '../countries';
export {
  readUkAddress,
  ukAddressOf,
  ukAddressInputOf,
  ukAddressLine,
  type AddressQuestion,
  type FieldProblem,
  type UkAddress,
  type UkAddressInput,
} from './address';
export {
  personFieldNames,
  personFromStored,
  personInputOf,
  personLimits,
  personLine,
  readPerson,
  type Person,
  type PersonFieldName,
  type PersonInput,
  type PersonQuestion,
} from './person';
export {
  LIST_MOST_ITEMS,
  listItemInputOf,
  listItemLine,
  listItemsOf,
  listProblem,
  readListItem,
  readShare,
  sharesTotalProblem,
  withOptionAnswers,
  type ListItem,
  type ListQuestion,
  type OptionSourceFund,
} from './list';
export {
  fileEndingsOf,
  fileKindsOf,
  uploadContextOf,
  uploadedFileOf,
  type FileQuestion,
  type UploadedFileAnswer,
} from './file';

/** Each kind on its own, for a browser that loads a kind with the step that asks it. */
export {
  addressKind,
  bankAccountKind,
  countryKind,
  dateKind,
  emailKind,
  emailCodeKind,
  fileKind,
  listKind,
  moneyKind,
  niNumberKind,
  numberKind,
  percentageKind,
  personKind,
  phoneKind,
  radiosKind,
  selectKind,
  textKind,
};

/** Every question kind a journey page may ask. Adding a kind is its module and one line here. */
export const questionKinds = [
  radiosKind,
  dateKind,
  textKind,
  bankAccountKind,
  phoneKind,
  moneyKind,
  numberKind,
  emailKind,
  niNumberKind,
  countryKind,
  selectKind,
  percentageKind,
  addressKind,
  personKind,
  listKind,
  fileKind,
  emailCodeKind,
] as const;

type KindQuestion<K> = K extends QuestionKind<infer Q> ? Q : never;
/** A question of any kind, as a page asks it. */
export type JourneyQuestion = KindQuestion<(typeof questionKinds)[number]>;
export type QuestionKindName = JourneyQuestion['kind'];

const byName = new Map<string, QuestionKind<JourneyQuestion>>(questionKinds.map((kind) => [kind.kind, kind]));

/** The kind of this name; throws for a name no kind has (content sync refuses those first). */
export function kindOf<K extends QuestionKindName>(
  name: K,
): QuestionKind<Extract<JourneyQuestion, { kind: K }>>;
export function kindOf(name: string): QuestionKind<JourneyQuestion>;
export function kindOf(name: string): QuestionKind<JourneyQuestion> {
  const kind = byName.get(name);
  if (!kind) throw new Error(`There is no question kind ${name}`);
  return kind;
}

/** Whether a kind of this name exists. */
export const isQuestionKind = (name: string): name is QuestionKindName => byName.has(name);

/** The question a page asks, one of the kinds, built with the strict or the tolerant object factory. */
export function questionSchema(object: ObjectSchemaFactory): z.ZodType<JourneyQuestion> {
  const options = questionKinds.map((kind) => kind.schema(object, sharedQuestionFields));
  // Each kind's schema is an object with its literal `kind`, which is what the union needs.
  return z.discriminatedUnion(
    'kind',
    options as unknown as [z.ZodObject, ...z.ZodObject[]],
  ) as unknown as z.ZodType<JourneyQuestion>;
}
